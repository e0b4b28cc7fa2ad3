/**
 * A tiny HTTP client for the server suites, built on the contract so tests
 * never spell a path: `call(server, 'users.admins', { page: 2 }, token)`.
 * `raw` sends hand-made bodies and queries to probe malformed input.
 */
import { buildRequest, operation, type OperationName } from '../../../src/shared/contract/index';
import { toQueryString } from '../../../src/shared/query';
import type { RunningServer } from '../../../src/server/index';

// `any` default: tests read loosely shaped JSON answers and assert on them.
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

async function read(response: Response): Promise<Answer> {
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('application/json') ? await response.json() : new Uint8Array(await response.arrayBuffer());
  return { status: response.status, body, headers: response.headers };
}

function authHeaders(token?: string): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

export async function call(server: Pick<RunningServer, 'url'>, name: OperationName, args: unknown = {}, token?: string): Promise<Answer> {
  const op = operation(name);
  const req = buildRequest(op, args);
  const qs = req.query.length ? `?${toQueryString(req.query)}` : '';
  const init: RequestInit = { method: req.method, headers: authHeaders(token) };
  if (op.encoding === 'multipart') {
    const form = new FormData();
    for (const [k, v] of Object.entries(req.body ?? {})) {
      if (v && typeof v === 'object' && 'bytes' in v) {
        const file = v as { name: string; type: string; bytes: Uint8Array };
        // Blob wants an ArrayBuffer-backed view; copy to get one.
        form.append(k, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      } else form.append(k, String(v));
    }
    init.body = form;
  } else if (req.body) {
    init.body = JSON.stringify(req.body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  return read(await fetch(`${server.url}${req.path}${qs}`, init));
}

/** Fills the operation's path parameters and sends exactly what it is given. */
export async function raw(
  server: Pick<RunningServer, 'url'>,
  name: OperationName,
  options: { params?: Record<string, string | number>; query?: string; body?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const op = operation(name);
  const path = op.path.replace(/:([A-Za-z_]+)/g, (_, p: string) => encodeURIComponent(String(options.params?.[p] ?? '1')));
  const headers = { ...authHeaders(options.token), ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers };
  return read(
    await fetch(`${server.url}${path}${options.query ? `?${options.query}` : ''}`, { method: op.method, headers, body: options.body }),
  );
}

export const DEMO_PASSWORD = 'Senha123';

export async function signIn(server: RunningServer, email: string, password = DEMO_PASSWORD): Promise<string> {
  const answer = await call(server, 'session.login', { email, password });
  if (answer.status !== 200 || !answer.body.token) throw new Error(`sign-in of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token as string;
}

/** One demo account per role (the spec's roles and permissions), for the authorization matrix every area's suite checks. */
export const DEMO_ROLE_ACCOUNTS = {
  superadmin: 'superadmin@demo.local',
  admin: 'admin@demo.local',
  operator: 'operador@demo.local',
  agent: 'agente@demo.local',
  user: 'usuario@demo.local',
} as const;
export type DemoRole = keyof typeof DEMO_ROLE_ACCOUNTS;

/**
 * Changes the company's parameters as the server now requires (four eyes): `asker` asks, `approver` (another
 * administrator) approves. Answers the approval (the parameters in force after it), or the refusal of the asking.
 */
export async function changeParameters(server: Pick<RunningServer, 'url'>, args: Record<string, unknown>, asker: string, approver: string): Promise<Answer> {
  const asked = await call(server, 'company.updateParameters', args, asker);
  if (asked.status !== 200) return asked;
  return call(server, 'company.decideParameters', { id: args.company_id ?? 1, approve: true }, approver);
}

/** A token for each demo role, signed in one after the other. */
export async function signInEveryRole(server: RunningServer): Promise<Record<DemoRole, string>> {
  const tokens = {} as Record<DemoRole, string>;
  for (const [role, email] of Object.entries(DEMO_ROLE_ACCOUNTS) as Array<[DemoRole, string]>) tokens[role] = await signIn(server, email);
  return tokens;
}

/** The value on the line '<label>: value' of the latest e-mail to an address. */
export async function codeFromOutbox(server: RunningServer, to: string, label: string): Promise<string> {
  const message = await server.outbox.latest(to);
  if (!message) throw new Error(`no e-mail to ${to}`);
  const line = message.body.split('\n').find((l) => l.startsWith(`${label}: `));
  if (!line) throw new Error(`no '${label}' line in e-mail to ${to}: ${message.body}`);
  return line.slice(label.length + 2).trim();
}
