/** The ledger's calls: the trial balance on a date and one operation's journal (reads only; postings come with the movements). */
import type { OperationName } from '@shared/contract/index';
import type { Handlers } from '../../../platform/http/handler';
import { findOperation } from '../../operations';
import { operationJournal, trialBalanceOn } from '../reads';

type LedgerName = Extract<OperationName, `ledger.${string}` | 'servicing.journal'>;

export const ledgerHandlers: Pick<Handlers, LedgerName> = {
  // The operation's journal keeps its servicing path (/api/credit-operations/:id/journal): it is read from the operation's screen.
  'servicing.journal': async ({ id }, { deps }) => {
    const op = await findOperation(deps.db, id);
    return operationJournal(deps.db, op.id);
  },

  'ledger.trialBalance': async ({ date }, { deps }) => trialBalanceOn(deps.db, date ?? deps.clock.today()),
};
