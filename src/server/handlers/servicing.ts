/**
 * Servicing by job — the release (servicing), collection, boletos, bank
 * files, transfers —, the ledger, and the home screen's two panels (the
 * portfolio is collection's, the solicitations' figures intake's) (handler
 * group, routes.ts).
 */
import { dashboardHandlers } from '../areas/intake/handlers';
import { accrualHandlers, ledgerHandlers } from '../areas/ledger/handlers';
import { disbursementHandlers } from '../areas/servicing/handlers';
import { paymentHandlers, prepaymentHandlers, servicingMovesHandlers } from '../areas/collection/handlers';
import { collectionsHandlers } from '../areas/collections-desk/handlers';
import { reminderHandlers } from '../areas/reminders/handlers';
import { negativationHandlers } from '../areas/negativation/handlers';
import { boletoHandlers } from '../areas/boletos/handlers';
import { cnabReturnHandlers, remittanceHandlers, remittanceManualHandlers } from '../areas/bank-files/handlers';
import { pixHandlers } from '../areas/pix/handlers';
import { renegotiationHandlers } from '../areas/renegotiation/handlers';
import { withdrawalHandlers } from '../areas/withdrawal/handlers';
import { suspenseHandlers } from '../areas/suspense/handlers';
import { assigneeStatementHandlers, assignmentRemittanceHandlers, cessionHandlers, cessionPriceHandlers, repurchaseHandlers } from '../areas/transfers/handlers';
import { custodianReturnHandlers } from '../areas/custodian/handlers';

export const handlers = {
  ...disbursementHandlers,
  ...paymentHandlers,
  ...prepaymentHandlers,
  ...boletoHandlers,
  ...servicingMovesHandlers,
  ...collectionsHandlers,
  ...reminderHandlers,
  ...negativationHandlers,
  ...remittanceHandlers,
  ...remittanceManualHandlers,
  ...cnabReturnHandlers,
  ...cessionHandlers,
  ...cessionPriceHandlers,
  ...repurchaseHandlers,
  ...assignmentRemittanceHandlers,
  ...custodianReturnHandlers,
  ...assigneeStatementHandlers,
  ...pixHandlers,
  ...suspenseHandlers,
  ...renegotiationHandlers,
  ...withdrawalHandlers,
  ...ledgerHandlers,
  ...accrualHandlers,
  ...dashboardHandlers,
};
