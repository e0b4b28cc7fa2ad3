/**
 * Servicing, its remittances, cessions and repurchases, the ledger, and the home screen's
 * two panels (the portfolio is servicing's, the solicitations' figures
 * intake's) (handler group, routes.ts).
 */
import { dashboardHandlers } from '../areas/intake/handlers';
import { ledgerHandlers } from '../areas/ledger/handlers';
import { collectionsHandlers, prepaymentHandlers, servicingHandlers, servicingMovesHandlers } from '../areas/servicing/handlers';
import { boletoHandlers, cnabReturnHandlers, remittanceHandlers, remittanceManualHandlers } from '../areas/bank-files/handlers';
import { assigneeStatementHandlers, assignmentRemittanceHandlers, cessionHandlers, repurchaseHandlers } from '../areas/transfers/handlers';

export const handlers = {
  ...servicingHandlers,
  ...prepaymentHandlers,
  ...boletoHandlers,
  ...servicingMovesHandlers,
  ...collectionsHandlers,
  ...remittanceHandlers,
  ...remittanceManualHandlers,
  ...cnabReturnHandlers,
  ...cessionHandlers,
  ...repurchaseHandlers,
  ...assignmentRemittanceHandlers,
  ...assigneeStatementHandlers,
  ...ledgerHandlers,
  ...dashboardHandlers,
};
