/**
 * The authorization matrix every area's suite checks (the spec's roles and permissions): for each call,
 * the status each demo role gets, and 401 without a token.
 */
import { expect, it } from 'vitest';
import type { OperationName } from '../../../src/shared/contract/index';
import type { RunningServer } from '../../../src/server/index';
import { call, type DemoRole } from './client';

export type MatrixCase = [OperationName, unknown, Record<DemoRole, number>];

/** One test per call; the server and tokens are read when the tests run (after beforeAll). */
export function itAnswersTheMatrix(cases: readonly MatrixCase[], context: () => { server: Pick<RunningServer, 'url'>; tokens: Record<DemoRole, string> }): void {
  for (const [name, args, expected] of cases) {
    it(`${name}: ${JSON.stringify(expected)}, no token 401`, async () => {
      const { server, tokens } = context();
      for (const role of Object.keys(expected) as DemoRole[]) {
        const answer = await call(server, name, args, tokens[role]);
        expect({ role, status: answer.status }).toEqual({ role, status: expected[role] });
      }
      expect((await call(server, name, args)).status).toBe(401);
    });
  }
}
