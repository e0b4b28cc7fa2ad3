/**
 * POST /api/creditOperation/simulation: the schedule, IOF, fees,
 * CET and totals for the conditions asked, checked against the company's
 * parameters (and the borrower's, with borrowerId) and the lender's business
 * date. Nothing is stored.
 */
import type { Handler } from '../../../platform/http/handler';
import { simulateConditions } from '../credit-simulation';

export const simulate: Handler<'creditOperation.simulation'> = async (args, { deps }) =>
  (await simulateConditions(deps.db, args, deps.clock.today())).result;
