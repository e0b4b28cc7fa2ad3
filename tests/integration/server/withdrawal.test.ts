/**
 * The borrower's seven-day withdrawal (CDC art. 49) over HTTP (PGlite and PostgreSQL): who may quote and withdraw (the
 * matrix), a withdrawal inside the window (the operation cancelled, every installment closed as cancelled, the return
 * posted and the books balanced, the IOF borne on its own expense account shown by the balancete, the timeline saying
 * why), a second one refused and the same key answering the first,
 * the eighth day refused, a paid installment refused, a stale amount refused, and the bank title's baixa (02) in the
 * next remittance.
 *
 * Operations of twelve (Price, 2% a month), released on Thursday 2026-01-15: the seventh day, 2026-01-22, is a
 * business day, so the window's last day is 2026-01-22 and 2026-01-23 is the eighth.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, expectBooksBalanced, issuedOperation, insertBorrower, key, operationBalances, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId = 0;
let itauId = 0;

type Row = Record<string, any>;

async function quote(id: number, token = tokens.operator): Promise<Row> {
  const answer = await call(server, 'withdrawal.quote', { id }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function versionOf(id: number): Promise<number> {
  return (await call(server, 'creditOperation.get', { id }, tokens.operator)).body.version as number;
}

async function withdraw(id: number, extra: Record<string, unknown> = {}, token = tokens.operator) {
  const q = await quote(id);
  return call(server, 'withdrawal.withdraw', { id, version: await versionOf(id), idempotency_key: key(), expected_return: q.amount_to_return ?? '1.00', ...extra }, token);
}

async function released(): Promise<number> {
  const id = await disbursedOperation(server, tokens, borrowerId);
  return id;
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  [{ id: itauId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
  borrowerId = await insertBorrower(server, 'Daniel Desiste Teste', '529.982.247-25');
}, 300_000);
afterAll(() => server?.close());

describe('authorization', () => {
  itAnswersTheMatrix(
    [
      ['withdrawal.quote', { id: 999999 }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
      [
        'withdrawal.withdraw',
        { id: 999999, version: 1, idempotency_key: 'matrix-key-0000000001', expected_return: '1.00' },
        { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 },
      ],
    ],
    () => ({ server, tokens }),
  );

  it('no token: 401', async () => {
    expect((await call(server, 'withdrawal.quote', { id: 1 })).status).toBe(401);
  });
});

describe('inside the window', () => {
  it('cancels the operation, closes every installment, posts the return and keeps the books balanced', async () => {
    const id = await released();
    server.clock.set('2026-01-22');
    const q = await quote(id);
    expect(q).toMatchObject({ allowed: true, refusal: null, counted_from: '2026-01-15', last_day: '2026-01-22', withdrawn: null });
    const [d] = await server.database.rows<{ released: string; financed: string; iof: string }>('SELECT released::text, financed::text, iof::text FROM disbursements WHERE credit_operation_id = $1', [id]);
    expect(q.amount_to_return).toBe(new Decimal(d.released).toFixed(2));
    expect(new Decimal(q.financed).eq(new Decimal(q.amount_to_return).plus(q.iof).plus(q.fees))).toBe(true);

    const k = key();
    const args = { id, version: await versionOf(id), idempotency_key: k, expected_return: q.amount_to_return, reason: 'Pediu por e-mail em 21/01.' };
    const answer = await call(server, 'withdrawal.withdraw', args, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.allowed).toBe(false);
    expect(answer.body.withdrawn).toMatchObject({ withdrawn_on: '2026-01-22', returned: q.amount_to_return, reason: 'Pediu por e-mail em 21/01.' });
    expect(answer.body.refusal).toContain('já foi registrada em 22/01/2026');

    const op = (await call(server, 'creditOperation.get', { id }, tokens.operator)).body;
    expect(op.status).toBe('cancelled');
    const installments = await operationInstallments(server, tokens.operator, id);
    expect(installments).toHaveLength(12);
    expect(installments.every((i) => i.status === 'cancelled')).toBe(true);
    // Nothing is owed on a cancelled installment: nothing open, no charges, never overdue; the totals say so too.
    for (const i of installments) {
      expect(i).toMatchObject({ due_total: '0.00', overdue: false, days_late: 0, paid_total: '0.00' });
      expect(i.charges).toEqual({ late_fee: '0.00', default_interest: '0.00', contract_interest: '0.00' });
    }
    server.clock.set('2026-03-20');
    const later = await call(server, 'servicing.installments', { id }, tokens.operator);
    expect(later.status).toBe(200);
    expect(later.body.totals.due).toBe('0.00');
    expect(new Decimal(later.body.totals.value).gt(0)).toBe(true);
    expect((later.body.installments as Row[]).every((i) => i.due_total === '0.00' && !i.overdue)).toBe(true);
    server.clock.set('2026-01-22');

    // The journal: one withdrawal posting; the receivable closed; the borrower's money back in the bank.
    const journal = await call(server, 'servicing.journal', { id }, tokens.operator);
    expect(journal.status).toBe(200);
    expect(JSON.stringify(journal.body)).toContain('withdrawal');
    const [{ n }] = await server.database.rows<{ n: number }>("SELECT count(DISTINCT posting_id)::int AS n FROM journal_entries WHERE kind = 'withdrawal' AND credit_operation_id = $1", [id]);
    expect(n).toBe(1);
    const balances = await operationBalances(server, id);
    expect(new Decimal(balances.loans_receivable ?? '0').isZero()).toBe(true);
    expect(new Decimal(balances.bank ?? '0').isZero()).toBe(true);
    expect(new Decimal(balances.iof_payable ?? '0').neg().toFixed(2)).toBe(new Decimal(d.iof).toFixed(2));
    // The IOF the lender bears is its own expense (Decreto 6.306/2007 art. 3 §1 I: no refund), not a credit loss.
    expect(new Decimal(d.iof).gt(0)).toBe(true);
    expect(new Decimal(balances.iof_expense ?? '0').toFixed(2)).toBe(new Decimal(d.iof).toFixed(2));
    expect(new Decimal(balances.credit_losses ?? '0').isZero()).toBe(true);
    await expectBooksBalanced(server, tokens.admin);

    // The balancete of the month shows the account under its COSIF code, and the month balances.
    const balancete = await call(server, 'ledger.balancete', { filter: { month: '2026-01' } }, tokens.admin);
    expect(balancete.status, JSON.stringify(balancete.body)).toBe(200);
    const line = (balancete.body.accounts as Row[]).find((a) => a.account === 'iof_expense');
    expect(line).toMatchObject({ code: '4.1.07', nature: 'expense', normal_balance: 'debit', cosif_internal: true });
    expect(line?.cosif_code).toMatch(/^8\.1\.9\.99\.60-\d$/);
    const [{ booked }] = await server.database.rows<{ booked: string }>(
      "SELECT COALESCE(sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END), 0)::numeric(14,2)::text AS booked FROM journal_entries WHERE account = 'iof_expense' AND business_date <= '2026-01-31'",
    );
    expect(line?.closing).toBe(booked);
    expect(new Decimal(line?.debits ?? '0').gte(d.iof)).toBe(true);
    expect(balancete.body.totals.difference).toBe('0.00');

    // The timeline and the log say why.
    const [event] = await server.database.rows<{ note: string; to_status: string }>("SELECT note, to_status FROM credit_operation_events WHERE credit_operation_id = $1 AND kind = 'withdrawn'", [id]);
    expect(event.to_status).toBe('cancelled');
    expect(event.note).toContain('art. 49 do CDC');
    const [{ logged }] = await server.database.rows<{ logged: number }>("SELECT count(*)::int AS logged FROM activity_log WHERE action = 'credit-operation.withdrawn' AND entity_id = $1", [id]);
    expect(logged).toBe(1);

    // The same key answers the same withdrawal; another is refused saying why.
    const again = await call(server, 'withdrawal.withdraw', args, tokens.operator);
    expect(again.status).toBe(200);
    expect(again.body.withdrawn.id).toBe(answer.body.withdrawn.id);
    const twice = await call(server, 'withdrawal.withdraw', { ...args, idempotency_key: key(), version: op.version }, tokens.admin);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('já foi registrada');
    await expect(server.database.rows('UPDATE withdrawals SET returned = 0')).rejects.toThrow();
  });

  it('refuses an amount other than the one to return, naming expected_return', async () => {
    const id = await released();
    server.clock.set('2026-01-16');
    const q = await quote(id);
    const answer = await withdraw(id, { expected_return: new Decimal(q.amount_to_return).plus('0.01').toFixed(2) });
    expect(answer.status).toBe(409);
    expect(answer.body.field).toBe('expected_return');
    expect(answer.body.message).toContain(`o valor a devolver agora é ${q.amount_to_return}`);
  });
});

describe('refused', () => {
  it('on the eighth day (409 in Portuguese, the quote says so beforehand)', async () => {
    const id = await released();
    server.clock.set('2026-01-23');
    const q = await quote(id);
    expect(q.allowed).toBe(false);
    expect(q.refusal).toBe('O prazo de desistência terminou em 22/01/2026: o art. 49 do CDC dá sete dias contados de 15/01/2026 (a liberação do dinheiro).');
    const answer = await withdraw(id);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(q.refusal);
    expect((await call(server, 'creditOperation.get', { id }, tokens.operator)).body.status).toBe('disbursed');
  });

  it('when an installment has a payment', async () => {
    const id = await released();
    server.clock.set('2026-01-19');
    const [first] = await operationInstallments(server, tokens.operator, id);
    const paid = await call(server, 'servicing.pay', { id, installment: first.id, idempotency_key: key(), amount: '100.00', paid_on: '2026-01-19', method: 'ted' }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const answer = await withdraw(id);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('A parcela 1 tem pagamento registrado');
    await expectBooksBalanced(server, tokens.admin);
  });

  it("while a write-off of the operation's balance waits for its second person", async () => {
    const id = await released();
    server.clock.set('2026-01-19');
    const asked = await call(server, 'servicingMoves.writeOffOperation', { id, idempotency_key: key(), reason: 'Tomador não localizado.' }, tokens.operator);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const q = await quote(id);
    expect(q.allowed).toBe(false);
    expect(q.refusal).toContain('aguarda aprovação');
    const answer = await withdraw(id);
    expect(answer.status).toBe(409);
  });

  it('an operation not released (its contract issued, the money not left)', async () => {
    const { id } = await issuedOperation(server, tokens, borrowerId);
    const q = await quote(id);
    expect(q).toMatchObject({ allowed: false, amount_to_return: null, last_day: null });
    expect(q.refusal).toContain('A operação não está liberada');
    const answer = await call(server, 'withdrawal.withdraw', { id, version: await versionOf(id), idempotency_key: key(), expected_return: '1.00' }, tokens.admin);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(q.refusal);
  });
});

describe('the bank title', () => {
  it("a slip sent to the bank goes out as a baixa (02) in the next remittance, reason 'cancelled'", async () => {
    const id = await released();
    server.clock.set('2026-01-16');
    const [first] = await operationInstallments(server, tokens.operator, id);
    expect((await call(server, 'boleto.slip', { x: first.id }, tokens.agent)).status).toBe(200);
    const sent = await call(server, 'remittance.generate', { bankCode: '341', date: '2026-01-16', bank_account_id: itauId, idempotency_key: key() }, tokens.operator);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const withdrawn = await withdraw(id);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const view = await call(server, 'remittance.overview', { bankCode: '341', date: '2026-01-16', bank_account_id: itauId }, tokens.agent);
    expect(view.status).toBe(200);
    const mine = view.body.pending.items.filter((i: Row) => i.credit_operation_id === id);
    expect(mine).toEqual([expect.objectContaining({ installment_id: first.id, instruction: 'writeOff', reason: 'cancelled' })]);
    const next = await call(server, 'remittance.generate', { bankCode: '341', date: '2026-01-16', bank_account_id: itauId, idempotency_key: key() }, tokens.operator);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body).toMatchObject({ write_off_count: 1 });
    await expectBooksBalanced(server, tokens.admin);
  });
});
