/**
 * The OpenAPI document generated from the contract: every operation, its
 * roles, the statuses it answers, typed ids, the names a list takes, the
 * media types of files, and requests the server accepts. What the suites see
 * is checked against it at the end of every integration run
 * (tests/integration/answers-setup.ts); here its checker is proved on answers
 * of this file's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRequest,
  contract,
  downloadMediaTypes,
  idSchema,
  MAX_DB_INT,
  operation,
  pathParams,
  type OperationDef,
  type OperationName,
} from '../../../src/shared/contract/index';
import { ROLE_LABELS_PT } from '../../../src/shared/roles';
import { OPENAPI_PATH, openApiDocument, responseStatuses, usesSchema } from '../../../src/server/platform/http/openapi';
import type { ObservedAnswer } from '../../../src/server/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { exampleOf } from '../../helpers/json-schema-example';
import { answerChecker, answerMismatches } from '../../helpers/openapi-answers';
import { call, raw, signIn } from './client';

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
const described = (name: OperationName) => {
  const op = operation(name);
  return document.paths[openApiPath(op.path)][op.method.toLowerCase()];
};
const parameter = (name: OperationName, param: string) => (described(name).parameters ?? []).find((p: { name: string }) => p.name === param);
const ID = { type: 'integer', minimum: 1, maximum: MAX_DB_INT, format: 'int32' };

describe('GET /api/openapi.json', () => {
  it('is the document the answers are checked against (openApiDocument())', () => {
    expect(document).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('is OpenAPI 3.1 and lists every contract operation at its method and path, with its roles', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const name of names) {
      const op = operation(name);
      const found = document.paths[openApiPath(op.path)]?.[op.method.toLowerCase()];
      expect({ name, found: Boolean(found) }).toEqual({ name, found: true });
      expect(found.operationId).toBe(name);
      const roles = op.access === 'public' || op.access === 'signed-in' || op.access === 'provider' ? op.access : op.access.map((id) => ({ id, label: ROLE_LABELS_PT[id] }));
      expect({ name, roles: found['x-roles'] }).toEqual({ name, roles });
      for (const param of pathParams(op.path)) {
        expect(found.parameters.some((p: { name: string; in: string }) => p.name === param && p.in === 'path')).toBe(true);
      }
      if (op.access === 'public') expect(found.security).toEqual([]);
    }
    const counted = Object.values(document.paths).reduce((sum: number, methods) => sum + Object.keys(methods as object).length, 0);
    expect(counted).toBe(names.length);
  });

  it("lists each operation's statuses from the contract, every error with the server's error body", () => {
    for (const name of names) {
      const op = operation(name);
      const statuses = Object.keys(described(name).responses).map(Number);
      expect({ name, statuses }).toEqual({ name, statuses: responseStatuses(name, op) });
      expect(statuses).toEqual(expect.arrayContaining([200, 500]));
      if (op.access !== 'public') expect({ name, has401: statuses.includes(401) }).toEqual({ name, has401: true });
      if (Array.isArray(op.access)) expect({ name, has403: statuses.includes(403) }).toEqual({ name, has403: true });
      if (pathParams(op.path).length) expect({ name, has404: statuses.includes(404) }).toEqual({ name, has404: true });
      for (const declared of op.errors ?? []) expect({ name, declared: statuses.includes(declared) }).toEqual({ name, declared: true });
    }
    // Sign-in answers wrong credentials with 401, an inactive account with 403 and a locked e-mail with 429.
    expect(Object.keys(described('session.login').responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
    // A money move's idempotency key reused with other arguments, and a state that refuses it: 409.
    expect(Object.keys(described('servicing.pay').responses)).toContain('409');
    expect(Object.keys(described('situations.delete').responses)).toContain('409');
    // A provider that fails: 502/503/504.
    expect(Object.keys(described('bureau.newReport').responses)).toEqual(expect.arrayContaining(['502', '504']));
    const error = document.components.schemas.Error;
    expect(error.required).toEqual(['message']);
    expect(Object.keys(error.properties)).toEqual(['message', 'field', 'code']);
    for (const [key, response] of Object.entries<any>(document.components.responses)) {
      expect({ key, schema: response.content['application/json'].schema }).toEqual({ key, schema: { $ref: '#/components/schemas/Error' } });
    }
  });

  it('types record ids as integers in 1..2^31-1, never as number-or-string', () => {
    for (const name of names) {
      const op = operation(name);
      const shape = (op.args as unknown as { shape?: Record<string, any> }).shape ?? {};
      for (const param of pathParams(op.path)) {
        if (shape[param] === idSchema) expect({ name, param, schema: parameter(name, param).schema }).toEqual({ name, param, schema: ID });
      }
    }
    expect(parameter('boleto.slip', 'x').schema).toEqual(ID);
    expect(described('users.setStatus').requestBody.content['application/json'].schema.properties.id).toEqual(ID);
    // No parameter anywhere is "a number or a string".
    const loose = (schema: any) =>
      (Array.isArray(schema?.type) && schema.type.includes('number') && schema.type.includes('string')) ||
      (Array.isArray(schema?.anyOf) && schema.anyOf.some((s: any) => s.type === 'number') && schema.anyOf.some((s: any) => s.type === 'string'));
    for (const name of names) {
      for (const p of described(name).parameters ?? []) expect({ name, param: p.name, loose: loose(p.schema) }).toEqual({ name, param: p.name, loose: false });
    }
  });

  it('names the filters and sorts of lists and reports, their required filters and the page limits', () => {
    for (const name of names) {
      const op: OperationDef = operation(name);
      if (op.encoding !== 'list') continue;
      const params: Array<{ name: string; required?: boolean }> = described(name).parameters ?? [];
      // Never a free-form filter or sort object: each name is a parameter of its own.
      expect({ name, free: params.filter((p) => p.name === 'filter' || p.name === 'sort').length }).toEqual({ name, free: 0 });
      for (const filter of op.list?.filters ?? []) expect({ name, filter, found: Boolean(parameter(name, `filter[${filter}]`)) }).toEqual({ name, filter, found: true });
      for (const sort of op.list?.sorts ?? []) expect({ name, sort, found: Boolean(parameter(name, `sort[${sort}]`)) }).toEqual({ name, sort, found: true });
      expect(params.filter((p) => p.name.startsWith('sort[')).length).toBe(op.list?.sorts.length ?? 0);
    }
    expect(parameter('users.admins', 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000, default: 10 });
    expect(parameter('report.operations', 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(parameter('users.admins', 'sort[created_at]').schema.enum).toEqual(['ASC', 'DESC', 'asc', 'desc']);
    expect(parameter('users.admins', 'sort[password]')).toBeUndefined();
    // Required filters, with their types.
    expect(parameter('report.iof', 'filter[from]')).toMatchObject({ required: true, schema: { type: 'string', format: 'date' } });
    expect(parameter('report.iof', 'filter[to]').required).toBe(true);
    expect(parameter('remittanceManual.list', 'filter[bank_account_id]')).toMatchObject({ required: true, schema: ID });
    expect(parameter('report.operations', 'filter[status]').required).toBe(false);
    expect(parameter('report.operations', 'filter[from]').required).toBe(false);
    // The IOF report's order is fixed: no sort parameters; the parameterized report sorts by its columns.
    expect(described('report.iof').parameters.some((p: { name: string }) => p.name.startsWith('sort['))).toBe(false);
    expect(parameter('report.parameterized', 'sort[principal]')).toBeDefined();
    // An export's JSON body names the same filters and sorts.
    const body = described('users.export').requestBody.content['application/json'].schema.properties;
    expect(Object.keys(body.filter.properties)).toEqual(['name', 'email', 'role_id', 'active']);
    expect(body.filter.additionalProperties).toBe(false);
    expect(body.sort.properties.field.enum).toContain('created_at');
  });

  it('documents files with the media types the server sends', () => {
    for (const name of names) {
      const op = operation(name);
      const ok = described(name).responses['200'];
      expect({ name, octet: Object.keys(ok.content).includes('application/octet-stream') }).toEqual({ name, octet: false });
      if (op.file?.kind === 'download') expect({ name, media: Object.keys(ok.content) }).toEqual({ name, media: [...downloadMediaTypes(op.file)] });
      else expect({ name, media: Object.keys(ok.content) }).toEqual({ name, media: ['application/json'] });
    }
    expect(Object.keys(described('creditOperation.ccb').responses['200'].content)).toEqual(['application/pdf']);
    expect(Object.keys(described('report.remittanceExcel').responses['200'].content)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(Object.keys(described('remittance.file').responses['200'].content)).toEqual(['text/plain']);
    expect(Object.keys(described('remittance.report').responses['200'].content)).toEqual(['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(Object.keys(described('uploads.get').responses['200'].content)).toEqual(['image/png', 'image/jpeg', 'image/webp', 'application/pdf']);
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
      const found = document.paths[openApiPath(def.path)][def.method.toLowerCase()];
      const body = found.requestBody.content['application/json'].schema;
      // Path parameters from their own described schema too (a bank code is '001', a cause a word, not 1).
      const parameters: Array<{ name: string; in: string; schema?: unknown }> = found.parameters ?? [];
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

describe('the check of answers against the document', () => {
  /** What the server sent for `name`, as the test servers record it. */
  async function answered(name: OperationName, response: Response): Promise<ObservedAnswer> {
    const url = new URL(response.url);
    const contentType = response.headers.get('content-type');
    const body = contentType?.includes('json') ? await response.text() : null;
    return { operation: name, method: operation(name).method, url: url.pathname + url.search, status: response.status, contentType, body };
  }

  it('passes the answers the server gives: errors, lists with named filters and sorts, files', async () => {
    const check = answerChecker(document);
    const admin = await signIn(server, 'admin@demo.local');
    const agent = await signIn(server, 'agente@demo.local');
    const answers: ObservedAnswer[] = [];
    /** Sends `name` with `args` as the contract encodes them, plus a hand-written `query`. */
    const send = async (name: OperationName, args: Record<string, unknown> = {}, { token = admin, query = '' } = {}) => {
      const request = buildRequest(operation(name), args);
      const body = request.body && Object.keys(request.body).length ? JSON.stringify(request.body) : undefined;
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) };
      const response = await fetch(`${server.url}${request.path}${query ? `?${query}` : ''}`, { method: request.method, headers, body });
      const answer = await answered(name, response);
      answers.push(answer);
      return answer;
    };
    // 401 on sign-in with a wrong password; 404 for an unknown record; 403 for a role outside the access.
    expect((await send('session.login', { email: 'admin@demo.local', password: 'errada123' })).status).toBe(401);
    expect((await send('users.byId', { id: 999999 })).status).toBe(404);
    expect((await send('users.admins', {}, { token: agent })).status).toBe(403);
    // A list with filters and a sort by name; a report without its required period.
    expect((await send('users.admins', {}, { query: 'page=1&limit=5&filter[active]=true&sort[name]=ASC' })).status).toBe(200);
    const iof = await send('report.iof');
    expect(iof.status).toBe(400);
    expect(JSON.parse(iof.body!).field).toBe('filter.from');
    // A contract PDF of the demo data.
    const [issued] = await server.database.rows<{ credit_operation_id: number }>("SELECT credit_operation_id FROM issued_contracts WHERE kind = 'CCB' AND status = 'issued' LIMIT 1");
    expect(issued).toBeDefined();
    const pdf = await send('creditOperation.ccb', { id: issued.credit_operation_id });
    expect(pdf.status).toBe(200);
    expect(pdf.contentType).toBe('application/pdf');
    for (const answer of answers) expect({ answer: `${answer.operation} ${answer.status}`, problems: check(answer) }).toEqual({ answer: `${answer.operation} ${answer.status}`, problems: [] });
  });

  it('refuses an undocumented status, content type, body or query parameter', () => {
    const base: ObservedAnswer = {
      operation: 'users.byId',
      method: 'GET',
      url: '/api/users/1',
      status: 404,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ message: 'Registro não encontrado.', code: 'not-found' }),
    };
    expect(answerMismatches(document, [base])).toEqual([]);
    expect(answerMismatches(document, [{ ...base, status: 409 }])[0]).toMatch(/status 409 is not documented/);
    expect(answerMismatches(document, [{ ...base, contentType: 'text/html' }])[0]).toMatch(/content type text\/html is not documented/);
    expect(answerMismatches(document, [{ ...base, body: JSON.stringify({ mensagem: 'x' }) }])[0]).toMatch(/does not match the documented schema/);
    const list: ObservedAnswer = { ...base, operation: 'users.admins', url: '/api/users/admins?filter[password]=x', status: 200, body: JSON.stringify({ items: [], meta: { currentPage: 1, totalPages: 1, totalItems: 0, pageSize: 10 } }) };
    expect(answerMismatches(document, [list])).toEqual([expect.stringMatching(/query parameter filter\[password\] is not documented/)]);
    const pdf: ObservedAnswer = { ...base, operation: 'creditOperation.ccb', url: '/api/creditOperation/1/contract/ccb', status: 200, contentType: 'application/octet-stream', body: null };
    expect(answerMismatches(document, [pdf])[0]).toMatch(/content type application\/octet-stream is not documented/);
  });

  it('derives the statuses the server answers from the shape of the call', async () => {
    // A call with an id in its body names a record: 404 for an unknown one.
    expect(usesSchema(operation('users.setStatus').args, idSchema)).toBe(true);
    expect(Object.keys(described('users.setStatus').responses)).toContain('404');
    const token = await signIn(server, 'admin@demo.local');
    const answer = await raw(server, 'users.setStatus', { body: JSON.stringify({ id: 999999, active: true }), token });
    expect(answer.status).toBe(404);
  });
});
