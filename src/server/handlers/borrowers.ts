/**
 * Borrowers and their credit file (spec §7 "Borrowers"; issue 9 §2).
 * PLACEHOLDER being written in this session: every handler answers 501 until implemented.
 */
import { contract, type OperationName } from '../../shared/contract/index';
import { HttpError } from '../http/errors';
import type { Handler, Handlers } from '../http/handler';

type BorrowerOperationName = Extract<OperationName, `borrowers.${string}`>;

const pending = (async () => {
  throw new HttpError(501, 'Em construção.');
}) as unknown as Handler<never>;

export const borrowerHandlers = Object.fromEntries(
  Object.keys(contract)
    .filter((name) => name.startsWith('borrowers.'))
    .map((name) => [name, pending]),
) as unknown as Pick<Handlers, BorrowerOperationName>;
