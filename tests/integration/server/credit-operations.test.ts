/**
 * Credit operations (issue 9 §3, §5): the proposal keeps exactly the numbers
 * of its simulation, the workflow's moves and who may make them, stale
 * versions and concurrent changes (one winner, clear 409s), idempotent
 * creation and contract issue, the CCB read back with pdftotext, issued
 * contracts listed and cancelled, the timeline and messages, and the
 * authorization matrix of every new call.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix, type MatrixCase } from './matrix';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;
let borrowerName: string;

const key = () => `test-${randomUUID()}`;

/** The conditions of the simulation suite's Price example (R$ 10.000,00 at 1% a.m. in 12 plots). */
const CONDITIONS = {
  product: 'working_capital',
  amortization: 'price',
  requested_amount: '10000.00',
  monthly_rate: '1.00',
  installments: 12,
  disbursement_date: '2026-01-15',
  first_due_date: '2026-02-15',
  finance_iof: false,
} as const;

async function insertBorrower(name: string, document: string, solicitationId: number | null = null): Promise<number> {
  const [row] = await server.database.rows<{ id: number }>(
    "INSERT INTO borrowers (person_type, name, document, city, state, solicitation_id) VALUES ('PF', $1, $2, 'Recife', 'PE', $3) RETURNING id",
    [name, document, solicitationId],
  );
  return row.id;
}

async function createOperation(extra: Record<string, unknown> = {}, token = tokens.agent) {
  return call(server, 'creditOperation.create', { ...CONDITIONS, borrower_id: borrowerId, idempotency_key: key(), ...extra }, token);
}

beforeAll(async () => {
  // The business date of the conditions' release (the server refuses a release before it).
  server = await startTestServer({ seed: 'demo', today: '2026-01-15' });
  tokens = await signInEveryRole(server);
  // The figures below are for the broad limits a new install starts with, without the demo lender's TAC.
  await server.database.rows(
    "UPDATE company_parameters SET min_monthly_rate = 0, max_monthly_rate = 15, min_installments = 1, max_installments = 360, min_value = 100, max_value = 1000000, tac = 0, other_fees = '[]' WHERE company_id = 1",
  );
  borrowerName = 'Joana Tomadora de Teste';
  borrowerId = await insertBorrower(borrowerName, '529.982.247-25');
}, 120_000);
afterAll(() => server?.close());

describe('the demo seed', () => {
  it('has borrowers from solicitations and from scratch, operations in every state, and issued contracts', async () => {
    const statuses = ['proposal', 'analysis', 'returned', 'approved', 'refused', 'contract_issued', 'disbursed', 'cancelled'];
    for (const status of statuses) {
      const list = await call(server, 'creditOperation.list', { filter: { status } }, tokens.agent);
      expect({ status, some: list.body.meta.totalItems > 0 }).toEqual({ status, some: true });
    }
    const [counts] = await server.database.rows<{ borrowers: number; linked: number; contracts: number; overdue: number }>(
      `SELECT (SELECT count(*)::int FROM borrowers) AS borrowers,
              (SELECT count(*)::int FROM borrowers WHERE solicitation_id IS NOT NULL) AS linked,
              (SELECT count(*)::int FROM issued_contracts) AS contracts,
              (SELECT count(*)::int FROM credit_operation_installments i JOIN credit_operations o ON o.id = i.credit_operation_id
                WHERE o.status = 'disbursed' AND i.paid_on IS NULL AND i.due_date < CURRENT_DATE - 30) AS overdue`,
    );
    expect(counts.borrowers).toBeGreaterThanOrEqual(24);
    expect(counts.linked).toBeGreaterThanOrEqual(16);
    expect(counts.contracts).toBeGreaterThanOrEqual(8);
    expect(counts.overdue).toBeGreaterThan(0);
  });
});

describe('the proposal', () => {
  it('stores the numbers of its simulation and the schedule, status proposal, with the moves the caller may make', async () => {
    const simulated = await call(
      server,
      'creditOperation.simulation',
      { personType: 'PF', amortization: 'price', principal: '10000.00', monthlyRate: '1.00', installments: 12, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15', borrowerId },
      tokens.agent,
    );
    const created = await createOperation();
    expect(created.status).toBe(200);
    const op = created.body;
    expect(op).toMatchObject({
      status: 'proposal',
      version: 1,
      borrower_id: borrowerId,
      borrower_name: borrowerName,
      contract_kind: 'CCB',
      principal: simulated.body.principal,
      released: simulated.body.released,
      total_payable: simulated.body.totalPayable,
      iof: { daily: '164.44', additional: '38.00', total: '202.44' },
      cet: simulated.body.cet,
      editable: true,
      contract: null,
    });
    expect(op.number).toBe(`OP-${String(op.id).padStart(6, '0')}`);
    expect(op.installments).toHaveLength(12);
    expect(op.installments[0]).toEqual({ number: 1, due_date: '2026-02-15', payment: '888.49', interest: '100.00', amortization: '788.49', balance: '9211.51' });
    expect(op.actions).toEqual(['send_to_analysis', 'cancel']);
    const timeline = await call(server, 'creditOperation.timeline', { id: op.id }, tokens.operator);
    expect(timeline.body).toEqual([expect.objectContaining({ kind: 'created', to_status: 'proposal', actor_name: expect.any(String) })]);
  });

  it('refuses conditions outside the limits (company, then borrower) naming the field, a guarantee of another borrower, and a missing borrower', async () => {
    const tooMuch = await createOperation({ requested_amount: '2000000.00' });
    expect({ status: tooMuch.status, field: tooMuch.body.field }).toEqual({ status: 400, field: 'requested_amount' });
    expect(tooMuch.body.message).toContain('parâmetros da empresa');
    const other = await insertBorrower('Outro Tomador', '111.444.777-35');
    const [g] = await server.database.rows<{ id: number }>(
      "INSERT INTO borrower_secured_guarantees (borrower_id, kind, description, value) VALUES ($1, 'vehicle', 'Moto', 8000) RETURNING id",
      [other],
    );
    const foreign = await createOperation({ secured_guarantee_ids: [g.id] });
    expect({ status: foreign.status, field: foreign.body.field }).toEqual({ status: 400, field: 'secured_guarantee_ids' });
    await server.database.rows('INSERT INTO borrower_parameters (borrower_id, max_value, max_installments) VALUES ($1, 5000, 6)', [other]);
    const narrowed = await createOperation({ borrower_id: other });
    expect({ status: narrowed.status, field: narrowed.body.field }).toEqual({ status: 400, field: 'requested_amount' });
    expect(narrowed.body.message).toContain('tomador');
    const ok = await createOperation({ borrower_id: other, requested_amount: '5000.00', installments: 6, secured_guarantee_ids: [g.id] });
    expect(ok.status).toBe(200);
    expect(ok.body.secured_guarantee_ids).toEqual([g.id]);
    expect((await createOperation({ borrower_id: 999999 })).status).toBe(404);
    const early = await createOperation({ first_due_date: '2026-01-10' });
    expect({ status: early.status, field: early.body.field }).toEqual({ status: 400, field: 'first_due_date' });
    const zero = await createOperation({ installments: 0 });
    expect({ status: zero.status, field: zero.body.field }).toEqual({ status: 400, field: 'installments' });
  });

  it('is created once per idempotency key: a retry or a double click answers the same operation', async () => {
    const k = key();
    const answers = await Promise.all(Array.from({ length: 5 }, () => createOperation({ idempotency_key: k })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const [{ count }] = await server.database.rows<{ count: number }>("SELECT count(*)::int AS count FROM idempotency_keys WHERE key = $1", [k]);
    expect(count).toBe(1);
    const reused = await createOperation({ idempotency_key: k, requested_amount: '9000.00' });
    expect({ status: reused.status, field: reused.body.field }).toEqual({ status: 409, field: 'idempotency_key' });
    const otherPerson = await createOperation({ idempotency_key: k }, tokens.operator);
    expect(otherPerson.status).toBe(409);
  });
});

describe('the workflow', () => {
  it('goes from proposal to analysis to approval; operators decide, stale versions are refused, an edit after approval goes back to analysis', async () => {
    const op = (await createOperation()).body;
    const sent = await call(server, 'creditOperation.decision', { id: op.id, action: 'send_to_analysis', version: 1 }, tokens.agent);
    expect(sent.body).toMatchObject({ status: 'analysis', version: 2 });
    expect(sent.body.actions).toEqual(['cancel']);
    const byAgent = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: 2 }, tokens.agent);
    expect(byAgent.status).toBe(403);
    const stale = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: 1 }, tokens.operator);
    expect({ status: stale.status, field: stale.body.field }).toEqual({ status: 409, field: 'version' });
    const noReason = await call(server, 'creditOperation.decision', { id: op.id, action: 'refuse', version: 2 }, tokens.operator);
    expect({ status: noReason.status, field: noReason.body.field }).toEqual({ status: 400, field: 'reason' });
    const approved = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: 2 }, tokens.operator);
    expect(approved.body).toMatchObject({ status: 'approved', version: 3, can_issue_contract: true });
    const wrongMove = await call(server, 'creditOperation.decision', { id: op.id, action: 'send_to_analysis', version: 3 }, tokens.operator);
    expect({ status: wrongMove.status, field: wrongMove.body.field }).toEqual({ status: 409, field: 'action' });
    expect(wrongMove.body.message).toContain('aprovada');

    const edited = await call(server, 'creditOperation.update', { ...CONDITIONS, id: op.id, version: 3, installments: 10, amortization: 'sac' }, tokens.agent);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'analysis', version: 4, installments_count: 10, amortization: 'sac' });
    expect(edited.body.installments).toHaveLength(10);
    // SAC: constant amortization of 10.000,00 / 10.
    expect(edited.body.installments[0]).toMatchObject({ amortization: '1000.00', interest: '100.00', payment: '1100.00' });
    const management = await call(server, 'creditOperation.management', { id: op.id }, tokens.operator);
    expect(management.body).toMatchObject({ status: 'analysis', version: 4, decided_by_name: expect.any(String), actions: ['approve', 'refuse', 'return', 'cancel'] });
    const kinds = (await call(server, 'creditOperation.timeline', { id: op.id }, tokens.agent)).body.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['created', 'send_to_analysis', 'approve', 'conditions_changed']);
    const logged = await call(server, 'logs.all', { filter: { action: 'credit-operation.update' } }, tokens.admin);
    expect(logged.body.items[0]).toMatchObject({ entity: 'credit_operation', entity_id: op.id });
  });

  it('serialises twenty simultaneous decisions on the same version: one winner, nineteen 409s', async () => {
    const op = (await createOperation()).body;
    await call(server, 'creditOperation.decision', { id: op.id, action: 'send_to_analysis', version: 1 }, tokens.agent);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server, 'creditOperation.decision', i % 2 ? { id: op.id, action: 'approve', version: 2 } : { id: op.id, action: 'refuse', version: 2, reason: 'Renda insuficiente' }, tokens.operator),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toMatch(/versão atual 3|alterada/);
    const after = await call(server, 'creditOperation.get', { id: op.id }, tokens.agent);
    expect(after.body.version).toBe(3);
    const events = (await call(server, 'creditOperation.timeline', { id: op.id }, tokens.agent)).body;
    expect(events.filter((e: { kind: string }) => e.kind === 'approve' || e.kind === 'refuse')).toHaveLength(1);
  });

  it('serialises twenty simultaneous edits too', async () => {
    const op = (await createOperation()).body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(server, 'creditOperation.update', { ...CONDITIONS, id: op.id, version: 1, installments: 2 + i }, tokens.agent)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.status === 200)!.body;
    const [{ count }] = await server.database.rows<{ count: number }>(
      'SELECT count(*)::int AS count FROM credit_operation_installments WHERE credit_operation_id = $1',
      [op.id],
    );
    expect(count).toBe(winner.installments_count);
  });
});

describe('contracts', () => {
  async function approvedOperation(borrower = borrowerId) {
    const op = (await createOperation({ borrower_id: borrower })).body;
    await call(server, 'creditOperation.decision', { id: op.id, action: 'send_to_analysis', version: 1 }, tokens.agent);
    await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: 2 }, tokens.operator);
    return op;
  }

  it('issues the CCB once per key for operators, draws it as a PDF with the borrower, the values and the schedule, and cancels it back to approved', async () => {
    const op = await approvedOperation();
    expect((await call(server, 'creditOperation.issueCcb', { id: op.id, idempotency_key: key() }, tokens.agent)).status).toBe(403);
    expect((await call(server, 'creditOperation.ccb', { id: op.id }, tokens.agent)).status).toBe(404);
    const k = key();
    const [issued, replay] = await Promise.all([
      call(server, 'creditOperation.issueCcb', { id: op.id, idempotency_key: k }, tokens.operator),
      call(server, 'creditOperation.issueCcb', { id: op.id, idempotency_key: k }, tokens.operator),
    ]);
    expect(issued.status).toBe(200);
    expect(replay.body.id).toBe(issued.body.id);
    const contract = issued.body;
    expect(contract).toMatchObject({ kind: 'CCB', status: 'issued', credit_operation_id: op.id, borrower_name: borrowerName, issued_by_name: expect.any(String) });
    expect(contract.number).toMatch(/^CCB-\d{4}-\d{6}$/);
    const again = await call(server, 'creditOperation.issueCcb', { id: op.id, idempotency_key: key() }, tokens.operator);
    expect(again.status).toBe(409);
    const mpo = await call(server, 'creditOperation.issueMpo', { id: op.id, message: 'Orientação sobre fluxo de caixa do negócio.', idempotency_key: key() }, tokens.operator);
    expect(mpo.status).toBe(409);
    const now = await call(server, 'creditOperation.get', { id: op.id }, tokens.agent);
    expect(now.body).toMatchObject({ status: 'contract_issued', editable: false, contract: { id: contract.id, status: 'issued' } });
    const edit = await call(server, 'creditOperation.update', { ...CONDITIONS, id: op.id, version: now.body.version }, tokens.agent);
    expect(edit.status).toBe(409);

    const pdf = await call(server, 'creditOperation.ccb', { id: op.id }, tokens.agent);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'ccb-pdf-'));
    try {
      const file = join(dir, 'ccb.pdf');
      writeFileSync(file, pdf.body as Uint8Array);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('CÉDULA DE CRÉDITO BANCÁRIO');
      expect(text).toContain(contract.number);
      expect(text).toContain(borrowerName);
      expect(text).toContain('529.982.247-25');
      expect(text).toContain('R$ 10.000,00');
      expect(text).toContain('15/02/2026');
      expect(text).toContain('15/01/2027');
      expect(text).toContain('888,49');
      expect(text).toContain('Cronograma de pagamento');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const listed = await call(server, 'company.contracts', { id: 1, filter: { status: 'issued' } }, tokens.agent);
    expect(listed.body.items.map((c: { id: number }) => c.id)).toContain(contract.id);
    const detail = await call(server, 'company.issuedContract', { contractId: contract.id }, tokens.agent);
    expect(detail.body.body).toContain(borrowerName);
    expect((await call(server, 'company.cancelContract', { contractId: contract.id }, tokens.agent)).status).toBe(403);
    const cancelled = await call(server, 'company.cancelContract', { contractId: contract.id }, tokens.operator);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelled_by_name: expect.any(String) });
    expect((await call(server, 'company.cancelContract', { contractId: contract.id }, tokens.operator)).status).toBe(409);
    const back = await call(server, 'creditOperation.get', { id: op.id }, tokens.agent);
    expect(back.body).toMatchObject({ status: 'approved', contract: { id: contract.id, status: 'cancelled' } });
    const history = await call(server, 'company.contractsByOperation', { id: op.id }, tokens.agent);
    expect(history.body).toHaveLength(1);
    const log = await call(server, 'logs.all', { filter: { action: 'contract.cancel' } }, tokens.admin);
    expect(log.body.items[0]).toMatchObject({ entity: 'issued_contract', entity_id: contract.id });
    expect((await call(server, 'company.issuedContract', { contractId: 999999 }, tokens.agent)).status).toBe(404);
  });

  it('issues the MPO of a microcredit operation with the orientation, and marks the source solicitation contracted', async () => {
    const [solicitation] = await server.database.rows<{ id: number }>(
      "SELECT s.id FROM solicitations s WHERE s.status = 'approved' AND NOT EXISTS (SELECT 1 FROM borrowers b WHERE b.solicitation_id = s.id) ORDER BY s.id LIMIT 1",
    );
    const linked = await insertBorrower('Empreendedora da Solicitação', '390.533.447-05', solicitation.id);
    const op = (await createOperation({ borrower_id: linked, product: 'microcredit', requested_amount: '3000.00' })).body;
    expect(op).toMatchObject({ contract_kind: 'MPO', solicitation_id: solicitation.id });
    await call(server, 'creditOperation.decision', { id: op.id, action: 'send_to_analysis', version: 1 }, tokens.agent);
    await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: 2 }, tokens.admin);
    const short = await call(server, 'creditOperation.issueMpo', { id: op.id, message: 'curta', idempotency_key: key() }, tokens.operator);
    expect({ status: short.status, field: short.body.field }).toEqual({ status: 400, field: 'message' });
    const issued = await call(server, 'creditOperation.issueMpo', { id: op.id, message: 'Visita ao negócio: orientação sobre capital de giro e controle de estoque.', idempotency_key: key() }, tokens.operator);
    expect(issued.body).toMatchObject({ kind: 'MPO', status: 'issued' });
    const complement = await call(server, 'creditOperation.complement', { id: op.id }, tokens.agent);
    expect(complement.body.orientation_message).toContain('capital de giro');
    const [s] = await server.database.rows<{ status: string }>('SELECT status FROM solicitations WHERE id = $1', [solicitation.id]);
    expect(s.status).toBe('contracted');
    const pdf = await call(server, 'creditOperation.mpo', { id: op.id }, tokens.agent);
    expect(pdf.status).toBe(200);
  });
});

describe('complement, messages, others and lists', () => {
  it('keeps the complement and the messages (on the timeline too), and lists the borrower’s other operations', async () => {
    const op = (await createOperation()).body;
    const saved = await call(server, 'creditOperation.updateComplement', { id: op.id, purpose: 'Capital de giro', payment_method: 'pix', analyst_opinion: 'Fluxo de caixa compatível.' }, tokens.agent);
    expect(saved.body).toMatchObject({ purpose: 'Capital de giro', payment_method: 'pix', notes: null });
    const bad = await call(server, 'creditOperation.updateComplement', { id: op.id, payment_method: 'cheque' }, tokens.agent);
    expect({ status: bad.status, field: bad.body.field }).toEqual({ status: 400, field: 'payment_method' });
    const message = await call(server, 'creditOperation.sendMessage', { id: op.id, body: 'Pedir extrato de outubro.' }, tokens.operator);
    expect(message.body).toMatchObject({ body: 'Pedir extrato de outubro.', author_name: expect.any(String) });
    expect((await call(server, 'creditOperation.sendMessage', { id: op.id, body: '   ' }, tokens.operator)).status).toBe(400);
    const messages = await call(server, 'creditOperation.messages', { id: op.id }, tokens.agent);
    expect(messages.body.map((m: { body: string }) => m.body)).toEqual(['Pedir extrato de outubro.']);
    const kinds = (await call(server, 'creditOperation.timeline', { id: op.id }, tokens.agent)).body.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['created', 'complement_changed', 'message']);
    const others = await call(server, 'creditOperation.others', { id: op.id }, tokens.agent);
    expect(others.body.length).toBeGreaterThan(0);
    expect(others.body.every((o: { id: number; borrower_id: number }) => o.id !== op.id && o.borrower_id === borrowerId)).toBe(true);
    const borrower = await call(server, 'creditOperation.borrower', { id: op.id }, tokens.agent);
    expect(borrower.body).toMatchObject({ id: borrowerId, name: borrowerName });
  });

  it('lists operations with filters and sorts, by borrower and the active ones; unknown filters are 400s', async () => {
    const byName = await call(server, 'creditOperation.list', { filter: { borrower: 'joana tomadora' }, limit: 100 }, tokens.agent);
    expect(byName.body.items.length).toBeGreaterThan(3);
    expect(byName.body.items.every((o: { borrower_id: number }) => o.borrower_id === borrowerId)).toBe(true);
    const byDocument = await call(server, 'creditOperation.list', { filter: { borrower: '52998224725' } }, tokens.agent);
    expect(byDocument.body.meta.totalItems).toBe(byName.body.meta.totalItems);
    const analysis = await call(server, 'creditOperation.list', { filter: { status: ['analysis', 'approved'], borrower_id: String(borrowerId) }, limit: 100 }, tokens.agent);
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    expect(analysis.body.items.every((o: { status: string }) => ['analysis', 'approved'].includes(o.status))).toBe(true);
    const small = await call(server, 'creditOperation.list', { filter: { valueEnd: '5000,00' }, limit: 100 }, tokens.agent);
    expect(small.body.items.every((o: { principal: string }) => Number(o.principal) <= 5000)).toBe(true);
    const sorted = await call(server, 'creditOperation.list', { sort: { field: 'principal', order: 'asc' }, limit: 100 }, tokens.agent);
    const principals = sorted.body.items.map((o: { principal: string }) => Number(o.principal));
    expect(principals).toEqual([...principals].sort((a, b) => a - b));
    expect((await call(server, 'creditOperation.list', { filter: { status: 'lost' } }, tokens.agent)).status).toBe(400);
    expect((await call(server, 'creditOperation.list', { filter: { colour: 'x' } }, tokens.agent)).status).toBe(400);
    expect((await call(server, 'creditOperation.list', { sort: { field: 'password', order: 'asc' } }, tokens.agent)).status).toBe(400);
    const mine = await call(server, 'creditOperation.byBorrower', { id: borrowerId, limit: 100 }, tokens.agent);
    expect(mine.body.meta.totalItems).toBe(byName.body.meta.totalItems);
    const active = await call(server, 'creditOperation.borrowerActive', { id: borrowerId }, tokens.agent);
    expect(active.body.every((o: { status: string }) => !['refused', 'cancelled', 'disbursed'].includes(o.status))).toBe(true);
    expect((await call(server, 'creditOperation.byBorrower', { id: 999999 }, tokens.agent)).status).toBe(404);
    expect((await call(server, 'creditOperation.get', { id: 999999 }, tokens.agent)).status).toBe(404);
  });
});

describe('authorization matrix (panel users; approval and contracts: operators)', () => {
  const read = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 } as const;
  const notFoundForStaff = { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 } as const;
  const operators = (status: number) => ({ superadmin: status, admin: status, operator: status, agent: 403, user: 403 });
  const cases: MatrixCase[] = [
    ['creditOperation.list', {}, read],
    ['creditOperation.create', { borrower_id: 1 }, { ...read, superadmin: 400, admin: 400, operator: 400, agent: 400 }],
    ['creditOperation.get', { id: 999999 }, notFoundForStaff],
    ['creditOperation.update', { id: 999999 }, { ...read, superadmin: 400, admin: 400, operator: 400, agent: 400 }],
    ['creditOperation.borrower', { id: 999999 }, notFoundForStaff],
    ['creditOperation.decision', { id: 999999, action: 'cancel', version: 1, reason: 'x' }, notFoundForStaff],
    ['creditOperation.management', { id: 999999 }, notFoundForStaff],
    ['creditOperation.complement', { id: 999999 }, notFoundForStaff],
    ['creditOperation.updateComplement', { id: 999999, payment_method: 'boleto' }, notFoundForStaff],
    ['creditOperation.others', { id: 999999 }, notFoundForStaff],
    ['creditOperation.timeline', { id: 999999 }, notFoundForStaff],
    ['creditOperation.messages', { id: 999999 }, notFoundForStaff],
    ['creditOperation.sendMessage', { id: 999999, body: 'oi' }, notFoundForStaff],
    ['creditOperation.issueCcb', { id: 999999, idempotency_key: 'k'.repeat(20) }, operators(404)],
    ['creditOperation.ccb', { id: 999999 }, notFoundForStaff],
    ['creditOperation.issueMpo', { id: 999999, message: 'Orientação dada ao empreendedor.', idempotency_key: 'm'.repeat(20) }, operators(404)],
    ['creditOperation.mpo', { id: 999999 }, notFoundForStaff],
    ['creditOperation.byBorrower', { id: 999999 }, notFoundForStaff],
    ['creditOperation.borrowerActive', { id: 999999 }, notFoundForStaff],
    ['company.contracts', { id: 1 }, read],
    ['company.contractsByOperation', { id: 999999 }, notFoundForStaff],
    ['company.issuedContract', { contractId: 999999 }, notFoundForStaff],
    ['company.cancelContract', { contractId: 999999 }, operators(404)],
  ];
  itAnswersTheMatrix(cases, () => ({ server, tokens }));
});
