/**
 * Credit intake: solicitations and their workflow, documents and comments, simulations, entrepreneurs, the Receita lookup and the dashboard.
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { simulateConditions } from './credit-simulation';
export type { Simulation } from './credit-simulation';
export { eraseCreditIntakeOf, intakeHoldingsOf } from './intake-erase';
export type { ReceitaProvider } from './receita';
export { handOverSolicitationFiles, judgeSolicitationFile } from './solicitations-documents';
export { findSolicitation } from './solicitations';
export { markContracted } from './solicitations-workflow';
export { liveSimulationsOf } from './simulation-reads';
