/**
 * Credit operations: the proposal keeps exactly the numbers
 * of its simulation, the workflow's moves and who may make them, stale
 * versions and concurrent changes (one winner, clear 409s), idempotent
 * creation and contract issue, the CCB read back with pdftotext, issued
 * contracts listed and cancelled, the timeline and messages, four eyes on
 * approvals (the maker never approves, the analyst's opinion is required,
 * above the company's limit a second administrator confirms), what an agent
 * may not undo or discount, complement edits under the version, and the
 * authorization matrix of every call.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCnpj, formatCnpj } from '../../../src/shared/documents';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, changeParameters, signInEveryRole, type DemoRole } from './client';
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

const OPINION = 'Renda comprovada e compatível com as parcelas; sem restrições no bureau.';

/** Records the analyst's opinion (approval needs it); answers the operation's new version. */
async function writeOpinion(id: number, version: number, token = tokens.agent): Promise<number> {
  const saved = await call(server, 'creditOperation.updateComplement', { id, version, payment_method: 'boleto', analyst_opinion: OPINION }, token);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.version;
}

/** Sent to analysis by the agent, with the analyst's opinion: ready for someone other than its maker to approve. */
async function readyForApproval(extra: Record<string, unknown> = {}, maker = tokens.agent) {
  const op = (await createOperation(extra, maker)).body;
  const sent = await call(server, 'creditOperation.decision', { id: op.id, action: 'send_to_analysis', version: op.version }, maker);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const version = await writeOpinion(op.id, sent.body.version, maker);
  return { ...op, version };
}

const NAMES = { superadmin: 'Sofia Super', admin: 'Arthur Admin', operator: 'Olga Operadora', agent: 'Alice Agente' } as const;

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
});
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
    const version = await writeOpinion(op.id, 2);
    expect(version).toBe(3);
    const approved = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: 3 }, tokens.operator);
    expect(approved.body).toMatchObject({ status: 'approved', version: 4, can_issue_contract: true });
    const wrongMove = await call(server, 'creditOperation.decision', { id: op.id, action: 'send_to_analysis', version: 4 }, tokens.operator);
    expect({ status: wrongMove.status, field: wrongMove.body.field }).toEqual({ status: 409, field: 'action' });
    expect(wrongMove.body.message).toContain('aprovada');

    const edited = await call(server, 'creditOperation.update', { ...CONDITIONS, id: op.id, version: 4, installments: 10, amortization: 'sac' }, tokens.agent);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'analysis', version: 5, installments_count: 10, amortization: 'sac' });
    expect(edited.body.installments).toHaveLength(10);
    // SAC: constant amortization of 10.000,00 / 10.
    expect(edited.body.installments[0]).toMatchObject({ amortization: '1000.00', interest: '100.00', payment: '1100.00' });
    const management = await call(server, 'creditOperation.management', { id: op.id }, tokens.operator);
    expect(management.body).toMatchObject({ status: 'analysis', version: 5, decided_by_name: expect.any(String), actions: ['approve', 'refuse', 'return', 'cancel'] });
    const kinds = (await call(server, 'creditOperation.timeline', { id: op.id }, tokens.agent)).body.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['created', 'send_to_analysis', 'complement_changed', 'approve', 'conditions_changed']);
    const logged = await call(server, 'logs.all', { filter: { action: 'credit-operation.update' } }, tokens.admin);
    expect(logged.body.items[0]).toMatchObject({ entity: 'credit_operation', entity_id: op.id });
  });

  it('serialises twenty simultaneous decisions on the same version: one winner, nineteen 409s', async () => {
    const op = await readyForApproval();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server, 'creditOperation.decision', i % 2 ? { id: op.id, action: 'approve', version: op.version } : { id: op.id, action: 'refuse', version: op.version, reason: 'Renda insuficiente' }, tokens.operator),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toMatch(new RegExp(`versão atual ${op.version + 1}|alterada`));
    const after = await call(server, 'creditOperation.get', { id: op.id }, tokens.agent);
    expect(after.body.version).toBe(op.version + 1);
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
    const op = await readyForApproval({ borrower_id: borrower });
    const approved = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: op.version }, tokens.operator);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return approved.body;
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

  it("once the contract is issued the analyst's opinion stays as approved (409 naming it); the rest of the complement and a cancelled contract's review still change", async () => {
    const op = await approvedOperation();
    const issued = await call(server, 'creditOperation.issueCcb', { id: op.id, idempotency_key: key() }, tokens.operator);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const complement = async () => (await call(server, 'creditOperation.complement', { id: op.id }, tokens.agent)).body;
    const before = await complement();
    expect(before.analyst_opinion).toBe(OPINION);
    for (const [token, opinion] of [[tokens.agent, 'Parecer reescrito depois do contrato.'], [tokens.operator, null]] as const) {
      const rewrite = await call(server, 'creditOperation.updateComplement', { id: op.id, version: before.version, payment_method: before.payment_method, analyst_opinion: opinion }, token);
      expect({ status: rewrite.status, field: rewrite.body.field }).toEqual({ status: 409, field: 'analyst_opinion' });
      expect(rewrite.body.message).toContain('contrato desta operação já foi emitido');
    }
    expect(await complement()).toMatchObject({ version: before.version, analyst_opinion: OPINION });
    // The same opinion sent back with a note (the screen sends the whole form) is no change to it.
    const note = await call(server, 'creditOperation.updateComplement', { id: op.id, version: before.version, payment_method: before.payment_method, analyst_opinion: OPINION, notes: 'Contrato assinado.' }, tokens.agent);
    expect(note.status, JSON.stringify(note.body)).toBe(200);
    expect(note.body).toMatchObject({ analyst_opinion: OPINION, notes: 'Contrato assinado.' });
    // Cancelling the contract brings the operation back to approved, where the opinion may be reviewed.
    expect((await call(server, 'company.cancelContract', { contractId: issued.body.id }, tokens.operator)).status).toBe(200);
    const reviewed = await call(server, 'creditOperation.updateComplement', { id: op.id, version: (await complement()).version, payment_method: 'boleto', analyst_opinion: 'Parecer revisto.' }, tokens.operator);
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
  });

  it('issues the MPO of a microcredit operation with the orientation, and marks the source solicitation contracted', async () => {
    const [solicitation] = await server.database.rows<{ id: number }>(
      "SELECT s.id FROM solicitations s WHERE s.status = 'approved' AND NOT EXISTS (SELECT 1 FROM borrowers b WHERE b.solicitation_id = s.id) ORDER BY s.id LIMIT 1",
    );
    const linked = await insertBorrower('Empreendedora da Solicitação', '390.533.447-05', solicitation.id);
    const op = await readyForApproval({ borrower_id: linked, product: 'microcredit', requested_amount: '3000.00' });
    expect(op).toMatchObject({ contract_kind: 'MPO', solicitation_id: solicitation.id });
    expect((await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: op.version }, tokens.admin)).status).toBe(200);
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
    const saved = await call(server, 'creditOperation.updateComplement', { id: op.id, version: 1, purpose: 'Capital de giro', payment_method: 'pix', analyst_opinion: 'Fluxo de caixa compatível.' }, tokens.agent);
    expect(saved.body).toMatchObject({ purpose: 'Capital de giro', payment_method: 'pix', notes: null, version: 2 });
    const bad = await call(server, 'creditOperation.updateComplement', { id: op.id, version: 2, payment_method: 'cheque' }, tokens.agent);
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

  it('refuses bad values of the operations’ and contracts’ list filters with a 400 naming the filter', async () => {
    const refusals: Array<['creditOperation.list' | 'company.contracts', Record<string, unknown>, string]> = [
      ['creditOperation.list', { from: '2025-02-30' }, 'filter.from'],
      ['creditOperation.list', { to: '30/01/2025' }, 'filter.to'],
      ['creditOperation.list', { valueStart: '1.5.0' }, 'filter.valueStart'],
      ['creditOperation.list', { valueEnd: '12,345' }, 'filter.valueEnd'],
      ['creditOperation.list', { borrower_id: '2147483648' }, 'filter.borrower_id'],
      ['creditOperation.list', { status: ['analysis', 'lost'] }, 'filter.status'],
      ['company.contracts', { status: 'lost' }, 'filter.status'],
      ['company.contracts', { kind: ['CCB', 'XYZ'] }, 'filter.kind'],
    ];
    for (const [name, filter, field] of refusals) {
      const args = name === 'company.contracts' ? { id: 1, filter } : { filter };
      const answer = await call(server, name, args, tokens.agent);
      expect({ name, filter, status: answer.status, field: answer.body.field }).toEqual({ name, filter, status: 400, field });
    }
    const money = await call(server, 'creditOperation.list', { filter: { valueStart: '1.5.0' } }, tokens.agent);
    expect(money.body.message).toBe('Campo filter.valueStart: informe um valor em reais, como 1500.00 ou 1.500,00');
    const contracts = await call(server, 'company.contracts', { id: 1, filter: { kind: ['CCB', 'MPO'] }, sort: { field: 'issued_at', order: 'ASC' } }, tokens.agent);
    expect(contracts.status).toBe(200);
  });
});

describe('four eyes on approvals', () => {
  const BIG = { requested_amount: '60000.00' };

  it('refuses the approval of whoever built the proposal, saying why; needs the analyst’s opinion; another operator approves, and the management tab shows both', async () => {
    const op = (await createOperation({}, tokens.operator)).body;
    expect(op).toMatchObject({ maker_name: NAMES.operator, needs_second_approval: false, pending_approval: null, approve_refusal: null });
    const sent = await call(server, 'creditOperation.decision', { id: op.id, action: 'send_to_analysis', version: 1 }, tokens.operator);
    // The screen knows beforehand what the server will answer: the maker may not approve, the others may.
    expect(sent.body.approve_refusal).toContain('montou ou alterou por último');
    expect((await call(server, 'creditOperation.get', { id: op.id }, tokens.admin)).body.approve_refusal).toBeNull();

    const own = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: 2 }, tokens.operator);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ code: 'four-eyes' });
    expect(own.body.message).toBe('Você montou ou alterou por último as condições desta operação: a aprovação cabe a outra pessoa (regra dos quatro olhos).');
    const noOpinion = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: 2 }, tokens.admin);
    expect({ status: noOpinion.status, field: noOpinion.body.field }).toEqual({ status: 400, field: 'analyst_opinion' });
    expect(noOpinion.body.message).toContain('parecer');
    // Blank text is no opinion either.
    const blank = await call(server, 'creditOperation.updateComplement', { id: op.id, version: 2, payment_method: 'boleto', analyst_opinion: '   ' }, tokens.operator);
    expect(blank.body.analyst_opinion).toBeNull();
    expect((await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: 3 }, tokens.admin)).status).toBe(400);
    // The maker may write the opinion: it is the analysis, not the proposal.
    const version = await writeOpinion(op.id, 3, tokens.operator);
    expect((await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version }, tokens.operator)).status).toBe(403);
    const approved = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version }, tokens.admin);
    expect(approved.body).toMatchObject({ status: 'approved', version: version + 1, maker_name: NAMES.operator, pending_approval: null });

    const management = (await call(server, 'creditOperation.management', { id: op.id }, tokens.agent)).body;
    expect(management).toMatchObject({
      maker_name: NAMES.operator,
      decided_by_name: NAMES.admin,
      second_approval_above: '50000.00',
      approval: {
        kind: 'credit_operation.approve',
        status: 'approved',
        required_checks: 1,
        amount: op.principal,
        limit_amount: '50000.00',
        amounts: { principal: op.principal, released: op.released, total_payable: op.total_payable },
        maker_name: NAMES.operator,
        checker_name: NAMES.admin,
        second_checker_name: null,
        next_checkers: [],
        can_check: false,
      },
    });
    expect(management.approval.checked_at).toEqual(expect.any(String));
    const [row] = await server.database.rows<{ maker_id: number; checker_id: number; status: string }>(
      "SELECT maker_id, checker_id, status FROM approval_requests WHERE kind = 'credit_operation.approve' AND entity_id = $1",
      [op.id],
    );
    expect(row.status).toBe('approved');
    expect(row.maker_id).not.toBe(row.checker_id);
    const logged = await call(server, 'logs.all', { filter: { action: 'approval-request.approve' } }, tokens.admin);
    expect(logged.body.items[0]).toMatchObject({ entity: 'approval_request' });
  });

  it('makes whoever changes the conditions the maker: the creator may then approve, the editor may not', async () => {
    const op = await readyForApproval({}, tokens.operator);
    const edited = await call(server, 'creditOperation.update', { ...CONDITIONS, id: op.id, version: op.version, installments: 6 }, tokens.admin);
    expect(edited.body).toMatchObject({ maker_name: NAMES.admin, created_by_name: NAMES.operator });
    const byEditor = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: edited.body.version }, tokens.admin);
    expect(byEditor.status).toBe(403);
    const byCreator = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: edited.body.version }, tokens.operator);
    expect(byCreator.body).toMatchObject({ status: 'approved' });
    const management = (await call(server, 'creditOperation.management', { id: op.id }, tokens.operator)).body;
    expect(management.approval).toMatchObject({ maker_name: NAMES.admin, checker_name: NAMES.operator });
  });

  it('above the company’s limit: the first approval waits for a second administrator, who cannot be the maker or the first approver', async () => {
    const op = await readyForApproval(BIG);
    expect(Number(op.principal)).toBeGreaterThan(50000);
    const first = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: op.version }, tokens.admin);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'analysis',
      version: op.version + 1,
      needs_second_approval: true,
      pending_approval: { status: 'pending', required_checks: 2, maker_name: NAMES.agent, checker_name: NAMES.admin, second_checker_name: null, next_check_roles: [3, 1], can_check: false },
    });
    // Who may complete it: the active administrators, neither the maker nor the first approver.
    expect(first.body.pending_approval.next_checkers).toContain(NAMES.superadmin);
    expect(first.body.pending_approval.next_checkers).not.toContain(NAMES.admin);
    expect(first.body.approve_refusal).toContain('já deu a primeira aprovação');
    const version = first.body.version;

    const twice = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version }, tokens.admin);
    expect(twice.status).toBe(403);
    expect(twice.body.message).toContain('já deu a primeira aprovação');
    const operator = await call(server, 'creditOperation.get', { id: op.id }, tokens.operator);
    expect(operator.body.actions).toEqual(['refuse', 'return', 'cancel']);
    const byOperator = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version }, tokens.operator);
    expect(byOperator.status).toBe(403);
    expect(byOperator.body.message).toBe('A segunda aprovação (valor acima de R$ 50.000,00) cabe a um Super Administrador ou Administrador.');
    const forSuper = (await call(server, 'creditOperation.management', { id: op.id }, tokens.superadmin)).body;
    expect(forSuper.approval).toMatchObject({ status: 'pending', can_check: true });
    expect(forSuper.actions).toContain('approve');

    const second = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version }, tokens.superadmin);
    expect(second.body).toMatchObject({ status: 'approved', version: version + 1, pending_approval: null });
    const management = (await call(server, 'creditOperation.management', { id: op.id }, tokens.agent)).body;
    expect(management).toMatchObject({
      decided_by_name: NAMES.superadmin,
      approval: { status: 'approved', required_checks: 2, maker_name: NAMES.agent, checker_name: NAMES.admin, second_checker_name: NAMES.superadmin },
    });
    const kinds = (await call(server, 'creditOperation.timeline', { id: op.id }, tokens.agent)).body.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['created', 'send_to_analysis', 'complement_changed', 'first_approval', 'approve']);
    // The database holds the rule too: nobody gives both checks.
    await expect(
      server.database.rows("UPDATE approval_requests SET second_checker_id = checker_id WHERE kind = 'credit_operation.approve' AND entity_id = $1", [op.id]),
    ).rejects.toThrow();
  });

  it('serialises twenty simultaneous first approvals above the limit: one pending request, nineteen 409s', async () => {
    const op = await readyForApproval(BIG);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: op.version }, i % 2 ? tokens.admin : tokens.operator)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.field === 'version')).toHaveLength(19);
    const [{ count }] = await server.database.rows<{ count: number }>(
      "SELECT count(*)::int AS count FROM approval_requests WHERE kind = 'credit_operation.approve' AND entity_id = $1",
      [op.id],
    );
    expect(count).toBe(1);
  });

  it('ends a pending first approval when the operation is edited (cancelled) or returned by another person (rejected)', async () => {
    const op = await readyForApproval(BIG);
    const first = (await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: op.version }, tokens.operator)).body;
    const edited = await call(server, 'creditOperation.update', { ...CONDITIONS, ...BIG, id: op.id, version: first.version, installments: 24 }, tokens.agent);
    expect(edited.body).toMatchObject({ status: 'analysis', pending_approval: null });
    const cancelled = (await call(server, 'creditOperation.management', { id: op.id }, tokens.agent)).body.approval;
    expect(cancelled).toMatchObject({ status: 'cancelled', closed_by_name: NAMES.agent, reason: 'As condições mudaram depois da primeira aprovação.' });

    const again = (await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: edited.body.version }, tokens.operator)).body;
    expect(again.pending_approval).toMatchObject({ status: 'pending', checker_name: NAMES.operator });
    const returned = await call(server, 'creditOperation.decision', { id: op.id, action: 'return', version: again.version, reason: 'Rever o prazo.' }, tokens.admin);
    expect(returned.body).toMatchObject({ status: 'returned', pending_approval: null });
    const rejected = (await call(server, 'creditOperation.management', { id: op.id }, tokens.agent)).body.approval;
    expect(rejected).toMatchObject({ status: 'rejected', closed_by_name: NAMES.admin, reason: 'Rever o prazo.', checker_name: NAMES.operator });
    const [{ pending }] = await server.database.rows<{ pending: number }>(
      "SELECT count(*)::int AS pending FROM approval_requests WHERE entity_id = $1 AND status = 'pending'",
      [op.id],
    );
    expect(pending).toBe(0);
  });

  it('keeps the limit as a company parameter (administrators change it; left out, it stays)', async () => {
    const current = (await call(server, 'company.parameters', { id: 1 }, tokens.agent)).body;
    expect(current.second_approval_above).toBe('50000.00');
    const { updated_at: _u, ...values } = current;
    // A change of a four-eyes limit applies only when another administrator approves it.
    const changed = await changeParameters(server, { ...values, second_approval_above: '75000.5' }, tokens.admin, tokens.superadmin);
    expect(changed.body.second_approval_above).toBe('75000.50');
    const { second_approval_above: _s, ...without } = values;
    const kept = await changeParameters(server, { ...without, grace_days: values.grace_days + 1 }, tokens.admin, tokens.superadmin);
    expect(kept.body.second_approval_above).toBe('75000.50');
    const bad = await call(server, 'company.updateParameters', { ...values, second_approval_above: '-1' }, tokens.admin);
    expect({ status: bad.status, field: bad.body.field }).toEqual({ status: 400, field: 'second_approval_above' });
    expect((await changeParameters(server, { ...values, second_approval_above: '50000.00' }, tokens.admin, tokens.superadmin)).status).toBe(200);
  });

  it('left the demo seed’s approvals to people other than their makers, with a second administrator above the limit', async () => {
    const rows = await server.database.rows<{ id: number; principal: string; maker_id: number; checker_id: number; second_checker_id: number | null; second_role: number | null }>(
      `SELECT o.id, o.principal, r.maker_id, r.checker_id, r.second_checker_id, u.role_id AS second_role
         FROM credit_operations o
         JOIN approval_requests r ON r.entity_id = o.id AND r.kind = 'credit_operation.approve' AND r.status = 'approved'
         LEFT JOIN users u ON u.id = r.second_checker_id
        WHERE o.status IN ('approved', 'contract_issued', 'disbursed') AND o.borrower_id <> $1`,
      [borrowerId],
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) {
      expect(r.checker_id).not.toBe(r.maker_id);
      if (Number(r.principal) > 50000) expect([1, 3]).toContain(r.second_role);
    }
    const [{ missing }] = await server.database.rows<{ missing: number }>(
      `SELECT count(*)::int AS missing FROM credit_operations o
        WHERE o.status IN ('approved', 'contract_issued', 'disbursed')
          AND NOT EXISTS (SELECT 1 FROM approval_requests r WHERE r.entity_id = o.id AND r.status = 'approved')`,
    );
    expect(missing).toBe(0);
  });
});

describe('what an agent may not undo or discount', () => {
  it('an agent cannot cancel an operation an operator approved (nor one whose first approval is given); an operator can', async () => {
    const op = await readyForApproval();
    const approved = (await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: op.version }, tokens.operator)).body;
    const forAgent = await call(server, 'creditOperation.get', { id: op.id }, tokens.agent);
    expect(forAgent.body.actions).toEqual([]);
    const byAgent = await call(server, 'creditOperation.decision', { id: op.id, action: 'cancel', version: approved.version, reason: 'Desistência' }, tokens.agent);
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.message).toContain('já aprovada por um operador');
    expect((await call(server, 'creditOperation.get', { id: op.id }, tokens.operator)).body.status).toBe('approved');

    const big = await readyForApproval({ requested_amount: '60000.00' });
    const pending = (await call(server, 'creditOperation.decision', { id: big.id, action: 'approve', version: big.version }, tokens.operator)).body;
    expect((await call(server, 'creditOperation.get', { id: big.id }, tokens.agent)).body.actions).toEqual([]);
    const pendingByAgent = await call(server, 'creditOperation.decision', { id: big.id, action: 'cancel', version: pending.version, reason: 'Desistência' }, tokens.agent);
    expect(pendingByAgent.status).toBe(403);

    const byOperator = await call(server, 'creditOperation.decision', { id: op.id, action: 'cancel', version: approved.version, reason: 'Desistência' }, tokens.operator);
    expect(byOperator.body).toMatchObject({ status: 'cancelled' });
    const cancelledPending = await call(server, 'creditOperation.decision', { id: big.id, action: 'cancel', version: pending.version, reason: 'Desistência' }, tokens.admin);
    expect(cancelledPending.body).toMatchObject({ status: 'cancelled' });
    expect((await call(server, 'creditOperation.management', { id: big.id }, tokens.agent)).body.approval).toMatchObject({ status: 'cancelled', closed_by_name: NAMES.admin });
  });

  describe('fees', () => {
    let company: number;
    beforeAll(async () => {
      await server.database.rows("UPDATE company_parameters SET tac = 150, other_fees = '[{\"name\": \"Cadastro\", \"amount\": \"50.00\"}]' WHERE company_id = 1");
      // A company (PJ): the TAC is the company's to charge whatever the person-type rules say of individuals.
      const [row] = await server.database.rows<{ id: number }>(
        "INSERT INTO borrowers (person_type, name, document, city, state) VALUES ('PJ', 'Empresa das Tarifas Ltda.', $1, 'Recife', 'PE') RETURNING id",
        [formatCnpj(completeCnpj('556677880001'))],
      );
      company = row.id;
    });
    afterAll(async () => {
      await server.database.rows("UPDATE company_parameters SET tac = 0, other_fees = '[]' WHERE company_id = 1");
    });

    it('an agent cannot zero or lower the fees of a proposal below the company’s; an operator negotiates them, and the agent keeps that discount', async () => {
      const company200 = [{ name: 'TAC', amount: '150.00' }, { name: 'Cadastro', amount: '50.00' }];
      const zero = await createOperation({ borrower_id: company, fees: [] });
      expect({ status: zero.status, field: zero.body.field }).toEqual({ status: 403, field: 'fees' });
      expect(zero.body.message).toContain('R$ 200,00');
      const lower = await createOperation({ borrower_id: company, fees: [{ name: 'TAC', amount: '100.00' }] });
      expect({ status: lower.status, field: lower.body.field }).toEqual({ status: 403, field: 'fees' });
      expect((await createOperation({ borrower_id: company, fees: company200 })).status).toBe(200);
      expect((await createOperation({ borrower_id: company, fees: [{ name: 'TAC', amount: '300.00' }] })).status).toBe(200);
      const byDefault = await createOperation({ borrower_id: company });
      expect(byDefault.body.fees_total).toBe('200.00');
      const kept = await call(server, 'creditOperation.update', { ...CONDITIONS, id: byDefault.body.id, version: 1, fees: [] }, tokens.agent);
      expect({ status: kept.status, field: kept.body.field }).toEqual({ status: 403, field: 'fees' });

      const negotiated = await createOperation({ borrower_id: company, fees: [] }, tokens.operator);
      expect(negotiated.body.fees_total).toBe('0.00');
      const agentEdit = await call(server, 'creditOperation.update', { ...CONDITIONS, id: negotiated.body.id, version: 1, installments: 10, fees: [] }, tokens.agent);
      expect(agentEdit.status, JSON.stringify(agentEdit.body)).toBe(200);
    });

    it('an agent cannot set a borrower’s TAC below the company’s; an operator can', async () => {
      const low = await call(server, 'borrowers.updateParameters', { borrower_id: company, tac: '50.00' }, tokens.agent);
      expect({ status: low.status, field: low.body.field }).toEqual({ status: 403, field: 'tac' });
      expect(low.body.message).toContain('R$ 150,00');
      expect((await call(server, 'borrowers.parameters', { id: company }, tokens.agent)).body.tac).toBeNull();
      expect((await call(server, 'borrowers.updateParameters', { borrower_id: company, tac: '150.00' }, tokens.agent)).status).toBe(200);
      expect((await call(server, 'borrowers.updateParameters', { borrower_id: company, tac: '0' }, tokens.operator)).body.tac).toBe('0.00');
      // Without a TAC of its own (null) the borrower pays the company's: nothing to refuse.
      expect((await call(server, 'borrowers.updateParameters', { borrower_id: company, tac: null }, tokens.agent)).status).toBe(200);
    });
  });
});

describe('complement edits carry the version', () => {
  it('answers the version, refuses a stale one naming it, and of twenty simultaneous edits on one version one wins', async () => {
    const op = (await createOperation()).body;
    const complement = await call(server, 'creditOperation.complement', { id: op.id }, tokens.agent);
    expect(complement.body.version).toBe(1);
    const missing = await call(server, 'creditOperation.updateComplement', { id: op.id, payment_method: 'boleto' }, tokens.agent);
    expect({ status: missing.status, field: missing.body.field }).toEqual({ status: 400, field: 'version' });
    // Beyond the integer column: refused by the contract, naming the field (it once reached the database, a 400 naming nothing).
    for (const name of ['creditOperation.updateComplement', 'creditOperation.decision'] as const) {
      const huge = await call(server, name, { id: op.id, version: 2_147_483_648, payment_method: 'pix', action: 'send_to_analysis' }, tokens.agent);
      expect({ name, status: huge.status, field: huge.body.field }).toEqual({ name, status: 400, field: 'version' });
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server, 'creditOperation.updateComplement', { id: op.id, version: 1, payment_method: 'pix', notes: `Nota ${i}` }, i % 2 ? tokens.agent : tokens.operator),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const stale = answers.filter((a) => a.status === 409);
    expect(stale).toHaveLength(19);
    for (const a of stale) expect(a.body).toMatchObject({ field: 'version', message: expect.stringContaining('versão atual 2') });
    const winner = answers.find((a) => a.status === 200)!.body;
    const now = (await call(server, 'creditOperation.complement', { id: op.id }, tokens.agent)).body;
    expect(now).toMatchObject({ version: 2, notes: winner.notes });
    const events = (await call(server, 'creditOperation.timeline', { id: op.id }, tokens.agent)).body;
    expect(events.filter((e: { kind: string }) => e.kind === 'complement_changed')).toHaveLength(1);
    // The operation moved with it: a decision on the version read before the edit is stale.
    const late = await call(server, 'creditOperation.decision', { id: op.id, action: 'send_to_analysis', version: 1 }, tokens.agent);
    expect({ status: late.status, field: late.body.field }).toEqual({ status: 409, field: 'version' });
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
    ['creditOperation.updateComplement', { id: 999999, version: 1, payment_method: 'boleto' }, notFoundForStaff],
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
