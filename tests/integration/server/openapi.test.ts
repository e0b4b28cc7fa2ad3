/** The OpenAPI document generated from the contract: every operation, its roles, and requests the server accepts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, operation, pathParams, type OperationName } from '../../../src/shared/contract/index';
import { ROLE_LABELS_PT } from '../../../src/shared/roles';
import { OPENAPI_PATH } from '../../../src/server/platform/http/openapi';
import { startTestServer, type TestServer } from '../../helpers/server';
import { exampleOf } from '../../helpers/json-schema-example';
import { call, signIn } from './client';

let server: TestServer;
// The document is loosely typed JSON read back from the wire.
let document: any;

beforeAll(async () => {
  server = await startTestServer();
  const answer = await fetch(`${server.url}${OPENAPI_PATH}`);
  expect(answer.status).toBe(200);
  document = await answer.json();
});
afterAll(() => server?.close());

const names = Object.keys(contract) as OperationName[];
const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 and lists every contract operation at its method and path, with its roles', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const name of names) {
      const op = operation(name);
      const described = document.paths[openApiPath(op.path)]?.[op.method.toLowerCase()];
      expect({ name, found: Boolean(described) }).toEqual({ name, found: true });
      expect(described.operationId).toBe(name);
      const roles = op.access === 'public' || op.access === 'signed-in' ? op.access : op.access.map((id) => ({ id, label: ROLE_LABELS_PT[id] }));
      expect({ name, roles: described['x-roles'] }).toEqual({ name, roles });
      for (const param of pathParams(op.path)) {
        expect(described.parameters.some((p: { name: string; in: string }) => p.name === param && p.in === 'path')).toBe(true);
      }
      if (op.access === 'public') expect(described.security).toEqual([]);
    }
    const described = names.length;
    const counted = Object.values(document.paths).reduce((sum: number, methods) => sum + Object.keys(methods as object).length, 0);
    expect(counted).toBe(described);
  });

  it('describes request bodies the server validation accepts', async () => {
    const token = await signIn(server, 'admin@demo.local');
    // The credit simulation: a body built from the document alone passes the contract schema and the router.
    const op = operation('creditOperation.simulation');
    const schema = document.paths[openApiPath(op.path)].post.requestBody.content['application/json'].schema;
    const example = exampleOf(schema) as Record<string, unknown>;
    expect(op.args.safeParse(example).success).toBe(true);
    const answer = await call(server, 'creditOperation.simulation', example, token);
    // Business rules may still refuse the example's values, but never the schema ("Campo …: …" from the router).
    if (answer.status === 400) expect(answer.body.message).not.toMatch(/^Campo [\w.]+: /);

    // Across the contract, the examples of nearly every JSON body pass their schema as they stand (the rest need
    // a choice between fields, e.g. a borrower from a solicitation or from a document).
    const jsonOps = names.filter((n) => operation(n).encoding === 'json');
    const passing = jsonOps.filter((n) => {
      const def = operation(n);
      const described = document.paths[openApiPath(def.path)][def.method.toLowerCase()];
      const body = described.requestBody.content['application/json'].schema;
      // Path parameters from their own described schema too (a bank code is '001', a cause a word, not 1).
      const parameters: Array<{ name: string; in: string; schema?: unknown }> = described.parameters ?? [];
      const pathArgs = pathParams(def.path).map((p) => {
        const param = parameters.find((d) => d.name === p && d.in === 'path');
        return [p, param?.schema ? exampleOf(param.schema as Parameters<typeof exampleOf>[0]) : 1];
      });
      const args = { ...(exampleOf(body) as object), ...Object.fromEntries(pathArgs) };
      return def.args.safeParse(args).success;
    });
    expect(passing.length / jsonOps.length).toBeGreaterThan(0.9);
  });
});
