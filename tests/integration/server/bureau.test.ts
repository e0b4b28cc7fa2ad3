/**
 * Credit bureau (the spec's "Credit bureau" calls, design in shared/contract/bureau.ts):
 * the lookup-model catalogue, a solicitation's lookup, reports, a person's
 * reports, the billable lookups run once per idempotency key (repeats and 10
 * concurrent identical requests make one row), the sandbox provider's
 * determinism and failures (502/504 in Portuguese, nothing stored), the PDF
 * read back with pdftotext, 404s, bad input and the AllAdmins matrix.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCpf, formatCpf } from '../../../src/shared/documents';
import type { OperationName } from '../../../src/shared/contract/index';
import { SANDBOX_SLOW_CPF, SANDBOX_UNAVAILABLE_CPF } from '../../../src/server/areas/bureau/sandbox';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let admin: string;
/** an entrepreneur of the demo seed */
let person: { id: number; name: string; cpf: string | null };
let solicitationId: number;
let companySolicitationId: number;

const key = () => randomUUID();

async function insertSolicitation(values: { cpf?: string | null; cnpj?: string | null; type?: 'PF' | 'PJ'; name?: string }): Promise<number> {
  const [row] = await server.database.rows<{ id: number }>(
    `INSERT INTO solicitations (user_id, type_credit, name, email, cpf, cnpj, legal_name, lending_value, lending_plots_to_pay)
     VALUES ($1, $2, $3, 'pessoa@example.com', $4, $5, $6, 15000.00, 12) RETURNING id`,
    [person.id, values.type ?? 'PF', values.name ?? person.name, values.cpf ?? null, values.cnpj ?? null, values.type === 'PJ' ? 'Padaria Boa Massa LTDA' : null],
  );
  return row.id;
}

async function reportRows(idempotencyKey: string) {
  return server.database.rows<{ id: number; provider: string }>('SELECT id, provider FROM bureau_reports WHERE idempotency_key = $1', [idempotencyKey]);
}

beforeAll(async () => {
  server = await startTestServer();
  tokens = await signInEveryRole(server);
  admin = tokens.admin;
  const [found] = await server.database.rows<{ id: number; name: string; cpf: string | null }>(
    "SELECT id, name, cpf FROM users WHERE role_id = 2 AND cpf IS NOT NULL AND anonymised_at IS NULL ORDER BY id LIMIT 1",
  );
  person = found;
  solicitationId = await insertSolicitation({ cpf: person.cpf });
  companySolicitationId = await insertSolicitation({ type: 'PJ', cpf: person.cpf, cnpj: '11.222.333/0001-81' });
});
afterAll(() => server?.close());

describe('lookup-model catalogue', () => {
  it('lists the four seeded models, active and labelled', async () => {
    const answer = await call(server, 'bureau.models', {}, admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(4);
    expect(answer.body[0]).toEqual({ id: expect.any(Number), label: 'Score PF (pessoa física)', active: true });
  });
});

describe('a solicitation lookup', () => {
  it('answers the solicitation and its applicant, no report before the first lookup', async () => {
    const answer = await call(server, 'bureau.bySolicitation', { id: solicitationId }, admin);
    expect(answer.status).toBe(200);
    expect(answer.body.solicitation).toMatchObject({ id: solicitationId, user_id: person.id, type_credit: 'PF', document: person.cpf, lending_value: '15000.00' });
    expect(answer.body.person).toMatchObject({ id: person.id, name: person.name });
    expect(answer.body.latest).toBeNull();
  });

  it('runs a billable lookup once per idempotency key, logs it, and answers the same report to a repeat', async () => {
    const k = key();
    const first = await call(server, 'bureau.newReport', { solicitation_id: solicitationId, idempotency_key: k }, admin);
    expect(first.status).toBe(200);
    expect(first.body.replayed).toBe(false);
    const report = first.body.report;
    expect(report).toMatchObject({ solicitation_id: solicitationId, user_id: person.id, provider: 'sandbox', subject_name: person.name, model_label: 'Score PF (pessoa física)' });
    expect(report.score).toBeGreaterThanOrEqual(0);
    expect(report.score).toBeLessThanOrEqual(1000);
    expect(report.result.score).toBe(report.score);
    expect(report.result.document).toBe(person.cpf);
    for (const n of report.result.negativeRecords) {
      expect(['pefin', 'refin']).toContain(n.kind);
      expect(n.amount).toMatch(/^\d+\.\d{2}$/);
      expect(n.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(report.result.totals.negativeRecords).toMatch(/^\d+\.\d{2}$/);

    const again = await call(server, 'bureau.newReport', { solicitation_id: solicitationId, idempotency_key: k }, admin);
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.report.id).toBe(report.id);
    expect(await reportRows(k)).toHaveLength(1);

    const logged = await server.database.rows<{ action: string; entity: string; after: { score: number } }>(
      "SELECT action, entity, after FROM activity_log WHERE action = 'bureau.report.create' AND entity_id = $1",
      [report.id],
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ entity: 'bureau_report', after: { score: report.score } });

    const lookup = await call(server, 'bureau.bySolicitation', { id: solicitationId }, admin);
    expect(lookup.body.latest.id).toBe(report.id);
    const byId = await call(server, 'bureau.report', { id: report.id }, admin);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(report);
  });

  it('10 concurrent identical requests make one row and one answer', async () => {
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(server, 'bureau.newReport', { solicitation_id: solicitationId, idempotency_key: k }, admin)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.body.report.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.body.replayed === false)).toHaveLength(1);
    expect(await reportRows(k)).toHaveLength(1);
    const logged = await server.database.rows('SELECT id FROM activity_log WHERE action = $1 AND entity_id = $2', ['bureau.report.create', [...ids][0]]);
    expect(logged).toHaveLength(1);
  });

  it("a claim left by a crash is taken over after two minutes; a live one is waited for, then answered 409", async () => {
    const [model] = await server.database.rows<{ id: number }>("SELECT id FROM bureau_lookup_models WHERE label = 'Score PF (pessoa física)'");
    const claim = (k: string, age: string) =>
      server.database.rows(
        `INSERT INTO bureau_reports (solicitation_id, user_id, document, subject_name, model_id, provider, result, idempotency_key, created_at)
         VALUES ($1, $2, $3, '', $4, '__claim__', '{}', $5, now() - $6::interval)`,
        [solicitationId, person.id, String(person.cpf).replace(/\D/g, ''), model.id, k, age],
      );
    const crashed = key();
    await claim(crashed, '3 minutes');
    const taken = await call(server, 'bureau.newReport', { solicitation_id: solicitationId, idempotency_key: crashed }, admin);
    expect(taken.status).toBe(200);
    expect(taken.body.replayed).toBe(false);
    expect(await reportRows(crashed)).toEqual([{ id: taken.body.report.id, provider: 'sandbox' }]);

    const live = key();
    await claim(live, '0 seconds');
    const before = process.env.BUREAU_TIMEOUT_MS;
    process.env.BUREAU_TIMEOUT_MS = '100';
    try {
      const waited = await call(server, 'bureau.newReport', { solicitation_id: solicitationId, idempotency_key: live }, admin);
      expect(waited.status).toBe(409);
      expect(waited.body.message).toMatch(/ainda está em andamento/);
    } finally {
      if (before === undefined) delete process.env.BUREAU_TIMEOUT_MS;
      else process.env.BUREAU_TIMEOUT_MS = before;
    }
    // Readers never show a claim.
    const lookup = await call(server, 'bureau.bySolicitation', { id: solicitationId }, admin);
    expect(lookup.body.latest.provider).toBe('sandbox');
    await server.database.rows('DELETE FROM bureau_reports WHERE idempotency_key = $1', [live]);
  }, 20_000);

  it('a key used for another lookup is refused (409 on idempotency_key)', async () => {
    const k = key();
    expect((await call(server, 'bureau.newReport', { solicitation_id: solicitationId, idempotency_key: k }, admin)).status).toBe(200);
    const other = await call(server, 'bureau.newReport', { solicitation_id: companySolicitationId, idempotency_key: k }, admin);
    expect(other.status).toBe(409);
    expect(other.body.field).toBe('idempotency_key');
  });

  it('the sandbox answers the same document the same way; a company is looked up by its CNPJ', async () => {
    const a = await call(server, 'bureau.newReport', { solicitation_id: solicitationId, idempotency_key: key() }, admin);
    const b = await call(server, 'bureau.newReport', { solicitation_id: solicitationId, idempotency_key: key() }, admin);
    expect(a.body.report.id).not.toBe(b.body.report.id);
    expect(a.body.report.result).toEqual(b.body.report.result);
    const company = await call(server, 'bureau.newReport', { solicitation_id: companySolicitationId, idempotency_key: key() }, admin);
    expect(company.status).toBe(200);
    expect(company.body.report.result).toMatchObject({ documentType: 'CNPJ', document: '11.222.333/0001-81', name: 'Padaria Boa Massa LTDA' });
    expect(company.body.report.model_label).toBe('Score PJ (pessoa jurídica)');
  });

  it("lists every report of the person (id = the person's account), newest first", async () => {
    const answer = await call(server, 'bureau.person', { id: person.id }, admin);
    expect(answer.status).toBe(200);
    expect(answer.body.person).toMatchObject({ id: person.id, name: person.name });
    const items = answer.body.items as Array<{ id: number; created_at: string; result?: unknown }>;
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items[0].result).toBeUndefined();
    const order = items.map((i) => `${i.created_at}|${String(i.id).padStart(10, '0')}`);
    expect([...order].sort().reverse()).toEqual(order);
  });
});

describe('a lookup by document (POST /boavista)', () => {
  it("links the report to the account with that CPF, and to nobody for an unknown one", async () => {
    const known = await call(server, 'bureau.lookup', { document: person.cpf, idempotency_key: key() }, admin);
    expect(known.status).toBe(200);
    expect(known.body.report).toMatchObject({ user_id: person.id, solicitation_id: null, subject_name: person.name });
    const stranger = formatCpf(completeCpf('123456780'));
    const unknown = await call(server, 'bureau.lookup', { document: stranger, idempotency_key: key() }, admin);
    expect(unknown.status).toBe(200);
    expect(unknown.body.report).toMatchObject({ user_id: null, solicitation_id: null, document: stranger.replace(/\D/g, '') });
    expect(unknown.body.report.subject_name).toBe(unknown.body.report.result.name);
  });

  it("links a CNPJ to the owner of that registered business, whatever the mask", async () => {
    await server.database.rows(
      `INSERT INTO entrepreneur_businesses (user_id, cnpj, legal_name) VALUES ($1, '12.ABC.345/01DE-35', 'Empresa Alfa LTDA')
       ON CONFLICT (user_id) DO UPDATE SET cnpj = EXCLUDED.cnpj`,
      [person.id],
    );
    const answer = await call(server, 'bureau.lookup', { document: '12abc34501de35', idempotency_key: key() }, admin);
    expect(answer.status).toBe(200);
    expect(answer.body.report).toMatchObject({ user_id: person.id, document: '12ABC34501DE35', model_label: 'Score PJ (pessoa jurídica)' });
    expect(answer.body.report.result).toMatchObject({ documentType: 'CNPJ', document: '12.ABC.345/01DE-35' });
  });

  it('refuses an invalid CPF or CNPJ naming the field', async () => {
    const answer = await call(server, 'bureau.lookup', { document: '123.456.789-00', idempotency_key: key() }, admin);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('document');
  });
});

describe('provider failures', () => {
  it('an unreachable provider: 502 in Portuguese, nothing stored', async () => {
    const id = await insertSolicitation({ cpf: SANDBOX_UNAVAILABLE_CPF });
    const k = key();
    const answer = await call(server, 'bureau.newReport', { solicitation_id: id, idempotency_key: k }, admin);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toMatch(/birô de crédito está indisponível/);
    expect(await reportRows(k)).toHaveLength(0);
    const lookup = await call(server, 'bureau.bySolicitation', { id }, admin);
    expect(lookup.body.latest).toBeNull();
  });

  it('a provider slower than the deadline: 504 in Portuguese, nothing stored', async () => {
    const id = await insertSolicitation({ cpf: SANDBOX_SLOW_CPF });
    const k = key();
    const before = process.env.BUREAU_TIMEOUT_MS;
    process.env.BUREAU_TIMEOUT_MS = '300';
    try {
      const answer = await call(server, 'bureau.newReport', { solicitation_id: id, idempotency_key: k }, admin);
      expect(answer.status).toBe(504);
      expect(answer.body.message).toMatch(/não respondeu a tempo/);
    } finally {
      if (before === undefined) delete process.env.BUREAU_TIMEOUT_MS;
      else process.env.BUREAU_TIMEOUT_MS = before;
    }
    expect(await reportRows(k)).toHaveLength(0);
  });
});

describe('the report as PDF', () => {
  it('is rendered by the server and reads back with pdftotext', async () => {
    const made = await call(server, 'bureau.newReport', { solicitation_id: solicitationId, idempotency_key: key() }, admin);
    const report = made.body.report;
    const answer = await call(server, 'bureau.pdf', { id: report.id }, admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toContain(`consulta-biro-${report.id}.pdf`);
    const bytes = answer.body as Uint8Array;
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'bureau-pdf-'));
    try {
      const file = join(dir, 'report.pdf');
      writeFileSync(file, bytes);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Consulta ao birô de crédito');
      expect(text).toContain(`Relatório nº ${report.id}`);
      expect(text).toContain(person.name);
      expect(text).toContain(String(person.cpf));
      expect(text).toContain(`Score: ${report.score} de 1000`);
      expect(text).toContain('Pendências financeiras');
      expect(text).toContain('Protestos');
      expect(text).toContain('Cheques devolvidos');
      for (const n of report.result.negativeRecords) expect(text).toContain(n.creditor);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Rendered per request from the stored report, never kept on disk (an LGPD erase leaves no copy).
    const again = await call(server, 'bureau.pdf', { id: report.id }, admin);
    expect(again.status).toBe(200);
    expect(Number(again.headers.get('content-length'))).toBe((again.body as Uint8Array).length);
  });
});

describe('missing records and bad input', () => {
  it('answers 404 for a missing solicitation, report or person', async () => {
    for (const [name, args] of [
      ['bureau.bySolicitation', { id: 2_000_000_000 }],
      ['bureau.report', { id: 2_000_000_000 }],
      ['bureau.person', { id: 2_000_000_000 }],
      ['bureau.pdf', { id: 2_000_000_000 }],
      ['bureau.newReport', { solicitation_id: 2_000_000_000, idempotency_key: key() }],
    ] as Array<[OperationName, object]>) {
      const answer = await call(server, name, args, admin);
      expect(answer.status, name).toBe(404);
    }
  });

  it('refuses malformed ids, keys and models naming the field', async () => {
    const short = await call(server, 'bureau.newReport', { solicitation_id: solicitationId, idempotency_key: 'abc' }, admin);
    expect(short.status).toBe(400);
    expect(short.body.field).toBe('idempotency_key');
    const badId = await call(server, 'bureau.newReport', { solicitation_id: 'x', idempotency_key: key() }, admin);
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('solicitation_id');
    const [model] = await server.owner.rows<{ id: number }>("INSERT INTO bureau_lookup_models (label, active) VALUES ('Modelo antigo', false) RETURNING id");
    const inactive = await call(server, 'bureau.newReport', { solicitation_id: solicitationId, model_id: model.id, idempotency_key: key() }, admin);
    expect(inactive.status).toBe(400);
    expect(inactive.body.field).toBe('model_id');
    const listed = await call(server, 'bureau.models', {}, admin);
    expect(listed.body).toContainEqual({ id: model.id, label: 'Modelo antigo', active: false });
  });

  it('a solicitation without CPF or CNPJ cannot be looked up (409)', async () => {
    const id = await insertSolicitation({ cpf: null });
    const answer = await call(server, 'bureau.newReport', { solicitation_id: id, idempotency_key: key() }, admin);
    expect(answer.status).toBe(409);
  });
});

describe('authorization (AllAdmins, the roles of the area in the spec)', () => {
  const allowed: Record<DemoRole, boolean> = { superadmin: true, admin: true, operator: false, agent: false, user: false };

  it('every call: super admin and admin pass; operator, agent and user get 403; no token 401', async () => {
    const [{ id: reportId }] = await server.database.rows<{ id: number }>("SELECT id FROM bureau_reports WHERE provider <> '__claim__' ORDER BY id LIMIT 1");
    const calls: Array<[OperationName, () => object]> = [
      ['bureau.models', () => ({})],
      ['bureau.bySolicitation', () => ({ id: solicitationId })],
      ['bureau.report', () => ({ id: reportId })],
      ['bureau.person', () => ({ id: person.id })],
      ['bureau.pdf', () => ({ id: reportId })],
      ['bureau.newReport', () => ({ solicitation_id: solicitationId, idempotency_key: key() })],
      ['bureau.lookup', () => ({ document: person.cpf, idempotency_key: key() })],
    ];
    for (const [name, args] of calls) {
      for (const role of Object.keys(allowed) as DemoRole[]) {
        const answer = await call(server, name, args(), tokens[role]);
        expect(answer.status, `${name} as ${role}`).toBe(allowed[role] ? 200 : 403);
      }
      expect((await call(server, name, args())).status, `${name} without token`).toBe(401);
    }
  });
});

describe('demo seed reports (for the embedded sandbox seed)', () => {
  it('writes sandbox reports for decided solicitations, deterministic and readable by the calls', async () => {
    const { openDatabase } = await import('../../../src/server/db/connect');
    const { migrate } = await import('../../../src/server/db/migrate');
    const { seedDemoBureauReports } = await import('../../../src/server/areas/bureau/demo');
    const { reportById } = await import('../../../src/server/areas/bureau/reports');
    const handle = await openDatabase({});
    try {
      await migrate(handle);
      const [{ id: staff }] = await handle.rows<{ id: number }>(
        "INSERT INTO users (name, email, password_hash, role_id, active) VALUES ('Staff', 'staff@example.com', 'x', 1, true) RETURNING id",
      );
      for (const status of ['pending', 'in_review', 'approved', 'refused']) {
        await handle.rows(
          `INSERT INTO solicitations (user_id, status, type_credit, name, email, cpf, lending_value, lending_plots_to_pay, created_at)
           VALUES ($1, $2, 'PF', 'Pessoa Demo', 'p@example.com', '529.982.247-25', 1000, 12, '2025-03-01T12:00:00Z')`,
          [staff, status],
        );
      }
      const written = await seedDemoBureauReports(handle.db, { staffIds: [staff], now: Date.UTC(2026, 0, 1) });
      // of the three decided solicitations only every third gets a report: the first, twice (every ninth gets a second a month later)
      expect(written).toBe(2);
      const rows = await handle.rows<{ id: number; score: number; created_at: Date }>('SELECT id, score, created_at FROM bureau_reports ORDER BY id');
      const first = await reportById(handle.db, rows[0].id);
      expect(first).toMatchObject({ provider: 'sandbox', subject_name: 'Pessoa Demo', document: '52998224725', requested_by_name: 'Staff' });
      expect(rows[0].score).toBe(rows[1].score);
    } finally {
      await handle.close();
    }
  });
});
