/**
 * Credit intake: solicitations and their workflow, documents and comments, simulations, entrepreneurs, the bureau, the Receita lookup and the dashboard.
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { seedDemoBureauReports } from './bureau/demo';
export { simulateConditions } from './credit-simulation';
export type { Simulation } from './credit-simulation';
export { bureauHandlers } from './handlers/bureau';
export { simulate } from './handlers/credit-simulation';
export { dashboardHandlers } from './handlers/dashboard';
export { entrepreneur, entrepreneurs, exportEntrepreneurs, updateAdminEntrepreneurs, updateEntrepreneur } from './handlers/entrepreneurs';
export { deleteSimulation, exportSimulations, listSimulations, liveSimulationsOf, simulationsByUser } from './handlers/simulations';
export { createComment, deleteComment, listComments } from './handlers/solicitation-comments';
export { approveDocument, deleteStaffDoc, documentSignedFile, documentSignedUrl, listStaffDocs, updateDocument, uploadDocument, uploadStaffDoc } from './handlers/solicitation-documents';
export { cancelledApproved, exportSolicitations, getSolicitation, listAll, listByUser, listComplete, listDocumentsAwaiting, listReview, listWithDocuments, receitaLookup, removeSolicitation, setProject, setStatus, setStatusOnly } from './handlers/solicitations';
export { eraseCreditIntakeOf, intakeHoldingsOf } from './intake-erase';
export type { ReceitaProvider } from './receita';
export { handOverSolicitationFiles, judgeSolicitationFile } from './solicitations-documents';
export { markContracted } from './solicitations-workflow';
