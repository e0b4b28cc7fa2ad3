/**
 * No input reaches a 500. Walks EVERY operation of the contract (so a call
 * added later is walked too) with malformed values of each class that once
 * answered 500 — prototype names as list fields, ids beyond the database's
 * integer range or of the wrong type, NUL and lone surrogates, dates outside
 * any sane range, broken multipart — plus huge numbers, floats, arrays where
 * scalars belong, long strings, prototype keys, wrong content types and
 * invalid JSON; signed in as super admin and without a token. Every filter
 * name of the contract goes to every list; its other values go to the lists
 * that read it. Every answer
 * must be below 500 with a JSON message, and the server must still serve
 * normal calls afterwards. The classes that once answered 500 are then checked one
 * by one for the exact 400 naming the field.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as api from '../../../src/shared/contract/index';
import { contract, operation, pathParams, type OperationDef, type OperationName } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, raw, signIn, type Answer } from './client';

const SUPER = 'superadmin@demo.local';

/**
 * One hand-made request, sent signed in; public operations also get it
 * without a token. `anonymous`: sent without a token on every operation —
 * bodies that are read before the token is checked.
 */
interface Probe {
  label: string;
  params?: Record<string, string>;
  query?: string;
  body?: string;
  contentType?: string;
  anonymous?: boolean;
}

/** Every filter name any list of the contract declares (the *_FILTERS lists). */
const FILTER_NAMES = [
  ...new Set(
    Object.entries(api)
      .filter(([name, value]) => /_FILTERS$/.test(name) && Array.isArray(value))
      .flatMap(([, value]) => value as unknown as string[]),
  ),
];

const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'];

/** Values that must never be taken as a path parameter such as an id. */
const PATH_VALUES = ['0', '-1', '1.5', '2147483648', '99999999999999999999', 'true', 'a%00b', '%ED%A0%80', '%', 'constructor', '__proto__'];

/**
 * Values for a JSON field: wrong types and bad text for every field, numbers
 * out of range for fields that take numbers, a huge text for fields that take
 * text. None is a valid id and no text is valid, so no call changes real data.
 */
const JSON_VALUES: unknown[] = [true, [2], null, 'a\u0000b', 'a\ud800b'];
const NUMBER_VALUES: unknown[] = [2147483648, 9007199254740991, -1, 1.5];
const TEXT_VALUES: unknown[] = ['x'.repeat(20_000), '-271821-04-20T00:00:00.000Z'];

/** Plausible values to fill the other fields of a body, so the malformed one is the only fault. */
const SAMPLES: unknown[] = [
  999999,
  false,
  'ninguem@example.com',
  'Errada123x',
  '123456',
  'email',
  'avatar',
  'ABCD2345',
  'A'.repeat(22),
  { mode: 'list', entries: ['ninguem@example.com'] },
];

/**
 * Fields whose sample must be something else for the walk to stay harmless:
 * the own profile keeps the super admin's address (or the walk would lock
 * itself out) and sign-in never fails for the super admin (throttling).
 */
const SAMPLE_OVERRIDES: Partial<Record<OperationName, Record<string, unknown>>> = {
  'profiles.update': { email: SUPER },
};

function shapeOf(op: OperationDef): Record<string, z.ZodType> {
  return op.args instanceof z.ZodObject ? (op.args.shape as Record<string, z.ZodType>) : {};
}

function sample(schema: z.ZodType): unknown {
  return SAMPLES.find((candidate) => schema.safeParse(candidate).success);
}

function baseline(name: OperationName, op: OperationDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const params = new Set(pathParams(op.path));
  for (const [field, schema] of Object.entries(shapeOf(op))) {
    if (params.has(field)) continue;
    const value = sample(schema);
    if (value !== undefined) out[field] = value;
  }
  return { ...out, ...SAMPLE_OVERRIDES[name] };
}

function baselineParams(op: OperationDef): Record<string, string> {
  const shape = shapeOf(op);
  const out: Record<string, string> = {};
  for (const p of pathParams(op.path)) {
    const schema = shape[p];
    const value = schema ? SAMPLES.map(String).find((c) => schema.safeParse(c).success) : undefined;
    out[p] = value ?? '999999';
  }
  return out;
}

/**
 * Values whose meaning depends on the filter (an id, a date, a flag). Every
 * filter name of the contract gets the first on every list; the others go
 * only to the lists that declare that filter (see `declaredFilters`).
 */
const FILTER_VALUES = ['99999999999999999999', '-271821-04-20T00:00:00.000Z', '1.5'];

function filterProbes(names: readonly string[], values: readonly string[]): Probe[] {
  return names.flatMap((name) => values.map((value) => ({ label: `filter[${name}]=${value.slice(0, 30)}`, query: `filter[${name}]=${value}` })));
}

/**
 * What a list answers for a filter name, with the name taken out: a name whose
 * answer is the same as a made-up name's is not read by that list (refused as
 * an unknown filter before its value is read, dropped by the call's filter
 * schema, or the call stops before the filters, as a 404 for a missing path
 * id), so its other values would walk the same lines again. A message that
 * differs for another reason only sends more requests, never fewer. A list
 * that ignores unknown names and finds nothing for a text it searches answers
 * 200 to both: that name gets no other values, which are text to it as well.
 */
function filterAnswer(answer: Answer, name: string): string {
  const own = `filter.${name}`;
  const text = (value: unknown) => (typeof value === 'string' ? value.replaceAll(own, 'filter.*') : value);
  return JSON.stringify([answer.status, text(answer.body?.field), text(answer.body?.message)]);
}

/** A filter name no list declares, for the answer to compare with. */
const MADE_UP_FILTER = 'nenhum_filtro';

function listProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const name of PROTO_NAMES) {
    probes.push({ label: `sort[${name}]`, query: `sort[${name}]=ASC` });
    probes.push({ label: `filter[${name}]`, query: `filter[${name}]=x` });
  }
  for (const query of [
    'filter[name]=a%00b',
    'filter[name]=%ED%A0%80',
    `filter[name]=${'x'.repeat(300)}`,
    'filter[name]=a&filter[name]=b',
    'sort[name]=%00',
    'filter[from]=2024-02-30',
    'page=99999999999999999999&limit=1000',
    'page=-1&limit=0',
    'page=1.5&limit=1e9',
    'page=a%00&limit=%ED%A0%80',
    'page=1&page=2',
    'filter=x&sort=name',
    'filter[bogus]=1',
    'filter[a][b]=1',
    `filter[${'a'.repeat(100)}]=1`,
    'filter[a%00b]=1',
    'sort[name]=ASC&sort[id]=DESC',
    '__proto__[x]=1',
  ]) {
    probes.push({ label: query.slice(0, 60), query });
  }
  return probes;
}

function queryProbes(op: OperationDef): Probe[] {
  const probes: Probe[] = [];
  const fields = Object.keys(shapeOf(op)).filter((f) => !pathParams(op.path).includes(f));
  for (const field of fields) {
    for (const value of ['a%00b', '%00', '%ED%A0%80', 'x'.repeat(5000), '99999999999999999999']) {
      probes.push({ label: `${field}=${value.slice(0, 20)}`, query: `${field}=${value}` });
    }
    probes.push({ label: `${field} twice`, query: `${field}=abc&${field}=def` });
    probes.push({ label: `${field}[]`, query: `${field}[]=abc` });
  }
  probes.push({ label: '__proto__ query key', query: '__proto__=x&constructor=y' });
  return probes;
}

function jsonProbes(name: OperationName, op: OperationDef): Probe[] {
  const probes: Probe[] = [];
  const base = baseline(name, op);
  const shape = shapeOf(op);
  const fields = new Set([...Object.keys(shape).filter((f) => !pathParams(op.path).includes(f)), 'id']);
  for (const field of fields) {
    const schema = shape[field];
    const values = [
      ...JSON_VALUES,
      ...(!schema || schema.safeParse(5).success ? NUMBER_VALUES : []),
      ...(schema && schema.safeParse('abcdefgh1').success ? TEXT_VALUES : []),
    ];
    for (const value of values) {
      const label = `${field}=${JSON.stringify(value)?.slice(0, 30)}`;
      probes.push({ label, body: JSON.stringify({ ...base, [field]: value }) });
    }
  }
  if ('filter' in shape || 'sort' in shape) {
    const bodies: unknown[] = [
      ...PROTO_NAMES.map((n) => ({ filter: { [n]: 'x' } })),
      ...PROTO_NAMES.map((n) => ({ sort: { field: n, order: 'ASC' } })),
      { filter: { name: 'a\u0000b' } },
      { filter: { from: '-271821-04-20T00:00:00.000Z' } },
      { filter: { actor: '99999999999999999999' } },
      { filter: { role_id: [2147483648] } },
      { filter: { role_id: true } },
      { filter: { active: [[true]] } },
      { filter: 'x', sort: 'name' },
    ];
    for (const body of bodies) probes.push({ label: JSON.stringify(body).slice(0, 60), body: JSON.stringify(body) });
  }
  if ('selection' in shape) {
    for (const selection of [
      { mode: 'list', entries: ['a\u0000b@x.com'] },
      { mode: 'list', entries: [{}] },
      { mode: 'filters', city: 'a\ud800' },
      { mode: 'constructor' },
    ]) {
      probes.push({ label: `selection ${JSON.stringify(selection)}`, body: JSON.stringify({ ...base, selection }) });
    }
  }
  // Whole bodies that are not the JSON object the call expects; these are read before authentication, so also anonymous.
  const wholeBodies: Array<[string, string, string?]> = [
    ['__proto__ key', '{"__proto__": {"role_id": 3}, "id": 1}'],
    ['constructor.prototype', '{"constructor": {"prototype": {"admin": true}}}'],
    ['invalid JSON', '{"id": '],
    ['empty body', ''],
    ['array body', '[1,2]'],
    ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['deep object', `{"a":${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`],
    ['NUL key', '{"a\\u0000b": 1}'],
    ['text/plain body', 'id=1', 'text/plain'],
    ['multipart without boundary', '{"id": 1}', 'multipart/form-data'],
  ];
  for (const [label, body, contentType] of wholeBodies) probes.push({ label, body, contentType, anonymous: true });
  return probes;
}

const CRLF = '\r\n';

function multipartBody(boundary: string, parts: Array<{ name: string; filename?: string; type?: string; value: string }>, close = true): string {
  let out = '';
  for (const part of parts) {
    out += `--${boundary}${CRLF}Content-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) out += `; filename="${part.filename}"`;
    out += CRLF;
    if (part.type) out += `Content-Type: ${part.type}${CRLF}`;
    out += `${CRLF}${part.value}${CRLF}`;
  }
  return close ? `${out}--${boundary}--${CRLF}` : out;
}

/** The smallest PNG signature with a header chunk start: enough for "looks like a PNG". */
const PNG = '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR';

function multipartProbes(): Probe[] {
  const b = 'limite123';
  const file = { name: 'file', filename: 'a.png', type: 'image/png', value: PNG };
  const type = { name: 'type', value: 'avatar' };
  const mp = `multipart/form-data; boundary=${b}`;
  const probes: Probe[] = [
    { label: 'no boundary', body: multipartBody(b, [type, file]), contentType: 'multipart/form-data' },
    { label: 'empty boundary', body: multipartBody(b, [type, file]), contentType: 'multipart/form-data; boundary=' },
    { label: 'wrong boundary', body: multipartBody('outro', [type, file]), contentType: mp },
    { label: 'garbage body', body: 'não é um formulário', contentType: mp },
    { label: 'empty body', body: '', contentType: mp },
    { label: 'truncated (no closing boundary)', body: multipartBody(b, [type, file], false), contentType: mp },
    { label: 'cut inside the file', body: multipartBody(b, [type, file]).slice(0, 150), contentType: mp },
    {
      label: 'many text fields',
      body: multipartBody(b, [...Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, value: 'x' })), type, file]),
      contentType: mp,
    },
    { label: 'two files', body: multipartBody(b, [type, file, file]), contentType: mp },
    { label: 'NUL in file name', body: multipartBody(b, [type, { ...file, filename: 'a\u0000b.png' }]), contentType: mp },
    { label: 'NUL in text field', body: multipartBody(b, [{ name: 'type', value: 'ava\u0000tar' }, file]), contentType: mp },
    {
      label: 'encoded lone surrogate in file name',
      body: multipartBody(b, [type, file]).replace('filename="a.png"', "filename*=UTF-8''%ED%A0%80.png"),
      contentType: mp,
    },
    { label: '__proto__ field', body: multipartBody(b, [{ name: '__proto__', value: 'x' }, type, file]), contentType: mp },
    { label: 'constructor field', body: multipartBody(b, [{ name: 'constructor', value: 'x' }, type, file]), contentType: mp },
    { label: 'file without name', body: multipartBody(b, [type, { ...file, filename: '' }]), contentType: mp },
    { label: 'malformed part header', body: `--${b}${CRLF}Sem-Dois-Pontos${CRLF}${CRLF}x${CRLF}--${b}--${CRLF}`, contentType: mp },
    { label: 'multipart/mixed', body: multipartBody(b, [type, file]), contentType: `multipart/mixed; boundary=${b}` },
    { label: 'text/plain', body: 'x', contentType: 'text/plain' },
    { label: 'JSON instead of a form', body: '{"type": "avatar", "file": "x"}', contentType: 'application/json' },
  ];
  return probes;
}

function probesFor(name: OperationName): Probe[] {
  const op = operation(name);
  const probes: Probe[] = [];
  const params = baselineParams(op);
  for (const p of pathParams(op.path)) {
    for (const value of PATH_VALUES) probes.push({ label: `:${p}=${value.slice(0, 30)}`, params: { ...params, [p]: value } });
  }
  const withParams = (list: Probe[]) => list.map((probe) => ({ ...probe, params: probe.params ?? params }));
  switch (op.encoding) {
    case 'list':
      return [...probes, ...withParams(listProbes())];
    case 'query':
      return [...probes, ...withParams(queryProbes(op))];
    case 'json':
      return [...probes, ...withParams(jsonProbes(name, op))];
    case 'multipart':
      return [...probes, ...withParams(multipartProbes())];
    case 'none':
      // Arguments come only from the path; a query string must be ignored without harm.
      return [...probes, ...withParams([{ label: 'stray query', query: 'id=true&__proto__=1&a=%00' }])];
  }
}

/** Sends a probe as-is: the path parameters are put in already encoded (they are probes too). */
async function send(server: TestServer, op: OperationDef, probe: Probe, token?: string): Promise<Answer> {
  const path = op.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, p: string) => probe.params?.[p] ?? '999999');
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (probe.body !== undefined) headers['content-type'] = probe.contentType ?? 'application/json';
  const url = `${server.url}${path}${probe.query ? `?${probe.query}` : ''}`;
  const response = await fetch(url, { method: op.method, headers, body: op.method === 'GET' ? undefined : probe.body });
  const type = response.headers.get('content-type') ?? '';
  const parsed = type.includes('application/json') ? await response.json().catch(() => null) : await response.arrayBuffer();
  return { status: response.status, body: parsed, headers: response.headers };
}

/** Runs tasks a few at a time: enough to keep the walk short, few enough for a 2-core machine. */
async function inBatches<T>(items: readonly T[], size: number, task: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(task));
}

describe('no malformed input reaches a 500', () => {
  let server: TestServer;

  /**
   * Tokens signed in before the walk: sign-out and renewal take no arguments,
   * so their probes end sessions for real, and wrong current passwords in
   * probes may lock the account's sign-in (as designed) — the walk moves on
   * to the next token instead of signing in again.
   */
  const pool: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    for (let i = 0; i < 6; i++) pool.push(await signIn(server, SUPER));
  });
  afterAll(async () => {
    await server?.close();
  });

  async function liveToken(): Promise<string> {
    while (pool.length > 0) {
      if ((await call(server, 'session.logged', {}, pool[0])).status === 200) return pool[0];
      pool.shift();
    }
    throw new Error('every signed-in token of the walk was revoked');
  }

  /**
   * The walk is a few thousand requests: one test per area of the contract
   * (the name before the dot), so each has the whole per-test limit for a
   * few hundred of them. As one 300 s test it ran past its limit on a
   * 2-core machine at load 9–20; split, a busy machine makes it slower, not
   * red. The totals are checked once every area has been walked.
   */
  const areas = [...new Set((Object.keys(contract) as OperationName[]).map((name) => name.split('.')[0]))];
  let sent = 0;
  /** 400s that name a field: proof the probes reach validation rather than stopping at the door. */
  let namedRefusals = 0;
  /** The filter names each list answered as its own (not refused as unknown): see `declaredFilters` below. */
  const declaredFilters: Partial<Record<OperationName, string[]>> = {};

  it.each(areas)('walks the operations of %s with malformed values, signed in and without a token', async (area) => {
    const failures: string[] = [];
    const check = (name: OperationName, probe: Probe, who: string, answer: Answer) => {
      sent++;
      if (answer.status === 400 && typeof answer.body?.field === 'string') namedRefusals++;
      const where = `${name} [${who}] ${probe.label}`;
      if (answer.status >= 500) failures.push(`${where}: ${answer.status} ${JSON.stringify(answer.body)}`);
      else if (answer.status >= 400 && (typeof answer.body?.message !== 'string' || answer.body.message.length === 0)) {
        failures.push(`${where}: ${answer.status} without a message`);
      }
    };
    for (const name of (Object.keys(contract) as OperationName[]).filter((n) => n.split('.')[0] === area)) {
      const op = operation(name);
      const token = await liveToken();
      const walk = (probes: Probe[], seen?: (probe: Probe, answer: Answer) => void) =>
        inBatches(probes, 8, async (probe) => {
          const answer = await send(server, op, probe, token);
          check(name, probe, 'super admin', answer);
          seen?.(probe, answer);
          if (op.access === 'public' || probe.anonymous) check(name, probe, 'no token', await send(server, op, probe));
        });
      await walk(probesFor(name));
      if (op.encoding !== 'list') continue;
      // Every filter name of the contract, with the first value, on every list; then the other values only to the names
      // the list reads (its answer differs from a made-up name's, see filterAnswer). A list's filters are declared in its
      // handler or its filter schema, not in one place the walk could read, so it learns them from the answers: the full
      // cross product (every name × every value × every list) sent 3,700 requests, most of them to the same refusal.
      const params = baselineParams(op);
      const [made] = filterProbes([MADE_UP_FILTER], FILTER_VALUES.slice(0, 1));
      const madeAnswer = await send(server, op, { ...made, params }, token);
      check(name, made, 'super admin', madeAnswer);
      const unread = filterAnswer(madeAnswer, MADE_UP_FILTER);
      const declared: string[] = [];
      await walk(
        filterProbes(FILTER_NAMES, FILTER_VALUES.slice(0, 1)).map((probe) => ({ ...probe, params })),
        (probe, answer) => {
          const filter = /^filter\[([^\]]+)\]/.exec(probe.query ?? '')?.[1] ?? '';
          if (filterAnswer(answer, filter) !== unread) declared.push(filter);
        },
      );
      declaredFilters[name] = declared.sort();
      await walk(filterProbes(declared, FILTER_VALUES.slice(1)).map((probe) => ({ ...probe, params })));
    }
    expect(failures).toEqual([]);
  });

  it('walked every area: thousands of probes, most refused by name, and the server still answers', async () => {
    expect(Object.keys(declaredFilters).length).toBeGreaterThan(0);
    // The answers tell a list's own filters apart: the admins list owns exactly the contract's ADMIN_USER_FILTERS.
    expect(declaredFilters['users.admins']).toEqual([...api.ADMIN_USER_FILTERS].sort());
    // The walk stays some thousands of requests (it grows with the contract: ~5,000 with the credit intake, ~10,300 with
    // servicing, 13,800 with the reports; 11,700 once the filter values went only to the lists that read the filter),
    // most of them refused by name; the bound catches a probe generator that runs away.
    expect(sent).toBeGreaterThan(1000);
    expect(sent).toBeLessThan(20000);
    expect(namedRefusals).toBeGreaterThan(sent / 3);

    // The server still answers normal calls: a list, and a sign-in.
    const list = await call(server, 'users.admins', { page: 1, limit: 5 }, await liveToken());
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(await signIn(server, 'admin@demo.local')).toEqual(expect.any(String));
  });

  it('keeps serving after an upload whose connection closes halfway', async () => {
    const op = operation('uploads.create');
    const url = new URL(server.url);
    const boundary = 'corte';
    const start = multipartBody(boundary, [{ name: 'type', value: 'avatar' }, { name: 'file', filename: 'a.png', type: 'image/png', value: PNG }], false);
    const token = await liveToken();
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          [
            `${op.method} ${op.path} HTTP/1.1`,
            `Host: ${url.host}`,
            `Authorization: Bearer ${token}`,
            `Content-Type: multipart/form-data; boundary=${boundary}`,
            'Content-Length: 100000',
            '',
            start,
          ].join(CRLF),
        );
        socket.end();
      });
      socket.on('error', reject);
      socket.on('close', () => resolve());
      socket.resume();
    });
    expect((await call(server, 'users.admins', {}, await liveToken())).status).toBe(200);
  });
});

describe('each class of malformed input answers 400 naming the field', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = await signIn(server, SUPER);
  });
  afterAll(async () => {
    await server?.close();
  });

  const expect400 = (answer: Answer, field: string) => {
    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field });
    // An upload's field is named as people call it ("Arquivo: …"); any other by its field ("Campo x: …").
    const name = field === 'file' ? 'Arquivo' : `Campo ${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    expect(answer.body.message).toMatch(new RegExp(`^${name}: `));
  };

  it('refuses built-in object names as sort or filter fields on every list call', async () => {
    const lists = (Object.keys(contract) as OperationName[]).filter((n) => operation(n).encoding === 'list');
    expect(lists.length).toBeGreaterThan(3);
    for (const name of lists) {
      const params = baselineParams(operation(name));
      for (const field of PROTO_NAMES) {
        expect400(await raw(server, name, { token, params, query: `sort[${field}]=ASC` }), 'sort.field');
        expect400(await raw(server, name, { token, params, query: `filter[${field}]=x` }), `filter.${field}`);
      }
    }
    const exported = await call(server, 'users.export', { filter: { constructor: 'x' } }, token);
    expect400(exported, 'filter.constructor');
    expect400(await call(server, 'logs.export', { sort: { field: 'toString', order: 'ASC' } }, token), 'sort.field');
  });

  it('refuses ids beyond the integer range and ids of other types', async () => {
    expect400(await raw(server, 'users.byId', { token, params: { id: '2147483648' } }), 'id');
    for (const id of [2147483648, true, [2], { id: 2 }, 1.5, 0, -3, '2e0']) {
      expect400(await raw(server, 'users.resetPassword', { token, body: JSON.stringify({ id }) }), 'id');
      expect400(await raw(server, 'users.setStatus', { token, body: JSON.stringify({ id, active: false }) }), 'id');
    }
    expect400(await call(server, 'logs.all', { filter: { actor: '99999999999999999999' } }, token), 'filter.actor');
    expect400(await call(server, 'lgpd.create', { user_id: 9007199254740991, channel: 'email' }, token), 'user_id');
    // Nobody's password was reset by a coerced id.
    const resets = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action LIKE '%reset%'");
    expect(resets[0].n).toBe(0);
  });

  it('refuses NUL and lone surrogates in any text, body or query', async () => {
    expect400(await raw(server, 'situations.create', { token, body: '{"label": "a\\u0000b"}' }), 'label');
    expect400(await raw(server, 'projects.search', { token, query: 'search=a%00b' }), 'search');
    const body = JSON.stringify({ channel: 'email', subject: 'a\ud800b', body: 'oi', selection: { mode: 'list', entries: ['a@b.com'] } });
    expect400(await raw(server, 'messages.create', { token, body }), 'subject');
    expect400(await raw(server, 'users.admins', { token, query: 'filter[name]=a%00b' }), 'filter.name');
    expect400(await raw(server, 'recover.get', { params: { hash: 'a\u0000b' } }), 'hash');
  });

  it('refuses prototype keys in JSON bodies', async () => {
    expect400(await raw(server, 'users.resetPassword', { token, body: '{"__proto__": {"id": 2}}' }), '__proto__');
    expect400(
      await raw(server, 'users.setStatus', { token, body: '{"constructor": {"prototype": {"id": 2}}, "id": 2, "active": false}' }),
      'constructor.prototype',
    );
    expect400(await raw(server, 'users.export', { token, body: '{"filter": {"__proto__": {"name": "x"}}}' }), 'filter.__proto__');
  });

  it('refuses dates outside 1900–2100 in filters and bodies', async () => {
    expect400(await raw(server, 'logs.all', { token, query: 'filter[from]=-271821-04-20T00:00:00.000Z' }), 'filter.from');
    expect400(await raw(server, 'logs.all', { token, query: 'filter[to]=1800-01-01' }), 'filter.to');
    expect400(await raw(server, 'logs.all', { token, query: 'filter[from]=2024-02-30' }), 'filter.from');
    const agent = (await call(server, 'users.admins', { filter: { email: 'agente@demo.local' } }, token)).body.items[0];
    expect400(await call(server, 'lgpd.create', { user_id: agent.id, channel: 'email', received_at: '1800-01-01T00:00:00Z' }, token), 'received_at');
  });

  it('answers malformed uploads with 400, 413 or 415, naming the file field', async () => {
    const b = 'limite123';
    const mp = `multipart/form-data; boundary=${b}`;
    const type = { name: 'type', value: 'avatar' };
    const file = { name: 'file', filename: 'a.png', type: 'image/png', value: PNG };
    const upload = (body: string, contentType: string) => raw(server, 'uploads.create', { token, body, headers: { 'content-type': contentType } });

    const noBoundary = await upload(multipartBody(b, [type, file]), 'multipart/form-data');
    expect([400, 415]).toContain(noBoundary.status);
    expect(noBoundary.body.message).toEqual(expect.any(String));
    // A body without this boundary holds no parts: the fields are missing.
    const wrongBoundary = await upload(multipartBody('outro', [type, file]), mp);
    expect(wrongBoundary.status).toBe(400);
    expect(wrongBoundary.body.message).toMatch(/^Campo (type|file)/);
    expect400(await upload(multipartBody(b, [type, file], false), mp), 'file');
    const many = await upload(multipartBody(b, [...Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, value: 'x' })), type, file]), mp);
    expect([400, 413]).toContain(many.status);
    expect(many.body.field).toBe('file');
    expect400(await upload(multipartBody(b, [type, { ...file, filename: 'a\u0000b.png' }]), mp), 'file.name');
    expect((await upload('x', 'text/plain')).status).toBe(415);
  });
});
