/**
 * A bare HTTP client for the test process, built from the shared contract
 * (no path is written here): lets a test act "from another session" on the
 * server, e.g. revoke the page's token, and measures the direct-call baseline
 * in the bench.
 */
import { buildRequest, operation, type OperationName } from '../../../src/shared/contract';

export interface DirectAnswer<T = unknown> {
  status: number;
  body: T;
}

export async function directCall<T = unknown>(
  baseUrl: string,
  name: OperationName,
  args: unknown,
  token?: string,
): Promise<DirectAnswer<T>> {
  const op = operation(name);
  const req = buildRequest(op, args);
  const url = new URL(req.path, baseUrl);
  for (const [k, v] of req.query) url.searchParams.append(k, v);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (req.body !== undefined && req.method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  const res = await fetch(url, { method: req.method, headers, body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Signs in over plain HTTP and returns the token (for accounts without two-factor). */
export async function directSignIn(baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await directCall<{ token?: string; message?: string }>(baseUrl, 'session.login', { email, password });
  if (answer.status !== 200 || !answer.body.token) {
    throw new Error(`direct sign-in of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.token;
}
