/**
 * The contract operation a request names (method and path), found once per
 * request by the contract's matcher (@shared/contract/match.ts) and kept for
 * the router, the error handler and the request log.
 */
import { contract, type OperationDef, type OperationName } from '@shared/contract/index';
import { BadPathEncoding, operationMatcher } from '@shared/contract/match';

export interface MatchedOperation {
  name: OperationName;
  op: OperationDef;
  /** the path's parameters, decoded */
  params: Record<string, string>;
}

const match = operationMatcher(contract);
const found = new WeakMap<object, MatchedOperation | null | 'bad-encoding'>();

/** null: no operation has that path for that method; 'bad-encoding': the path is not valid percent-encoded UTF-8. */
export function operationOf(request: { method: string; url: string }): MatchedOperation | null | 'bad-encoding' {
  let result = found.get(request);
  if (result === undefined) {
    try {
      const hit = match(request.method, request.url);
      result = hit ? { name: hit.name, op: contract[hit.name] as OperationDef, params: hit.params } : null;
    } catch (error) {
      if (!(error instanceof BadPathEncoding)) throw error;
      result = 'bad-encoding';
    }
    found.set(request, result);
  }
  return result;
}
