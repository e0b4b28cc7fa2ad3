/**
 * Credit operations (spec §7 "Credit operations"; issue 9 §3, §5).
 * PLACEHOLDER being written in this session: every handler answers 501 until implemented.
 */
import { contract, type OperationName } from '../../shared/contract/index';
import { HttpError } from '../http/errors';
import type { Handler, Handlers } from '../http/handler';

export type CreditOperationName =
  | Exclude<Extract<OperationName, `creditOperation.${string}`>, 'creditOperation.simulation'>
  | 'company.contracts'
  | 'company.contractsByOperation'
  | 'company.issuedContract'
  | 'company.cancelContract';

const pending = (async () => {
  throw new HttpError(501, 'Em construção.');
}) as unknown as Handler<never>;

const NAMES = Object.keys(contract).filter(
  (name) => (name.startsWith('creditOperation.') && name !== 'creditOperation.simulation') || /^company\.(contracts|contractsByOperation|issuedContract|cancelContract)$/.test(name),
);

export const creditOperationHandlers = Object.fromEntries(NAMES.map((name) => [name, pending])) as unknown as Pick<Handlers, CreditOperationName>;
