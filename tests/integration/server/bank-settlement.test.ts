/**
 * The bank collects what the app says is due, over HTTP on PGlite and PostgreSQL, with the demo company's Itaú
 * account (0912 / 45021-7, wallet 109):
 * - R$ 907,75 due 12/02/2026 (one installment at 2,5% a month): the remittance's entry carries the app's multa as a
 *   fixed amount (R code 1, R$ 18,16) and the juros as an amount per day rounded up (R$ 0,31); the bank paid on
 *   18/02 with exactly those charges (R$ 927,77 against R$ 927,73 due) closes the installment, the four cents above
 *   in rounding differences. Before, the entry said 2% and R$ 0,30 a day, and the payment left the installment open.
 * - The company's bank settlement tolerance (R$ 1,00 by default): the bank short by R$ 0,73 closes the installment,
 *   the difference in rounding differences (4.1.05); short by R$ 1,73 leaves it open with R$ 1,73 due and the
 *   collections list saying why; a person keying the same short payment gets no tolerance; reversing a tolerated
 *   payment undoes its rounding difference (the bank gives back what it credited).
 * The trial balance is zero after each settlement.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnabTables, readRecord } from '../../../src/server/domain/cnab';
import { startTestServer, type TestServer } from '../../helpers/server';
import { itauReturnFile, type ItauReturnMovement } from '../../helpers/cnab-return-file';
import { call, signInEveryRole, type DemoRole } from './client';
import { expectBooksBalanced, insertBorrower, issuedOperation, key, operationBalances, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;
let itauId: number;
const ACCOUNT = { agency: '0912', account: '45021', accountDac: '7', companyDocument: '27185642000169' };

interface Lent {
  id: number;
  installmentId: number;
  nossoNumero: string;
}
const lent: Lent[] = [];
let remittance: string;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  [{ id: itauId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
  borrowerId = await insertBorrower(server, 'Bia Banco', '390.533.447-05');
  // Four operations of one installment of R$ 907,75 due 12/02/2026: 885,61 × 1,025 for a whole first month.
  for (let n = 0; n < 4; n++) {
    const { id, version } = await issuedOperation(
      server,
      tokens,
      borrowerId,
      { requested_amount: '885.61', monthly_rate: '2.5', installments: 1, disbursement_date: '2026-01-12', first_due_date: '2026-02-12' },
      '2026-01-12',
    );
    const released = await call(server, 'servicing.disburse', { id, version, idempotency_key: key(), method: 'pix', transfer_reference: 'E1' }, tokens.operator);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const listed = await call(server, 'servicing.installments', { id }, tokens.agent);
    const installment = listed.body.installments[0];
    expect(installment.value).toBe('907.75');
    const slip = await call(server, 'boleto.slip', { x: installment.id }, tokens.agent);
    expect(slip.status, JSON.stringify(slip.body)).toBe(200);
    const [row] = await server.database.rows<{ sequence: string }>('SELECT sequence::text AS sequence FROM boleto_slips WHERE installment_id = $1 AND bank_account_id = $2', [installment.id, itauId]);
    lent.push({ id, installmentId: installment.id, nossoNumero: row.sequence.padStart(8, '0') });
  }
  const sent = await call(server, 'remittance.generate', { bankCode: '341', date: '2026-01-12', bank_account_id: itauId, idempotency_key: key() }, tokens.operator);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  [{ content: remittance }] = await server.database.rows<{ content: string }>('SELECT content FROM remittances WHERE id = $1', [sent.body.id]);
});
afterAll(() => server?.close());

/** The P and R segments the remittance wrote for a nosso número. */
function segmentsOf(nossoNumero: string): { p: Record<string, string>; r: Record<string, string> | null } {
  const t = cnabTables('341');
  const lines = remittance.split('\r\n').filter((l) => l.length === 240);
  const at = lines.findIndex((l) => l[13] === 'P' && readRecord(t.segmentP, l).nossoNumero === nossoNumero);
  const r = lines[at + 2]?.[13] === 'R' ? readRecord(t.segmentR, lines[at + 2]) : null;
  return { p: readRecord(t.segmentP, lines[at]), r };
}

async function installment(l: Lent, date = '2026-02-18'): Promise<Record<string, any>> {
  const answer = await call(server, 'servicing.installments', { id: l.id, date }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.installments[0] as Record<string, any>;
}

async function settle(movements: ItauReturnMovement[], fileSequence: number) {
  server.clock.set('2026-02-18');
  const content = itauReturnFile(ACCOUNT, movements, { generatedOn: '2026-02-18', fileSequence });
  const answer = await call(server, 'cnabReturn.settle', { bankCode: '341', file_name: `RET${fileSequence}.ret`, content, idempotency_key: key() }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.lines.map((l: { outcome: string }) => l.outcome), JSON.stringify(answer.body.lines)).toEqual(movements.map(() => 'settled'));
  return answer.body;
}

const paidLine = (l: Lent, paid: string): ItauReturnMovement => ({
  movement: '06',
  nossoNumero: l.nossoNumero,
  amount: '907.75',
  paid,
  fee: '0.00',
  occurredOn: '2026-02-18',
  creditedOn: '2026-02-18',
});

describe('the remittance carries the charges the app computes', () => {
  it('R$ 907,75: multa R$ 18,16 as a fixed amount (R code 1), juros R$ 0,31 a day (rounded up), from 13/02', () => {
    const { p, r } = segmentsOf(lent[0].nossoNumero);
    expect(p).toMatchObject({ interest: '0.31', interestFrom: '2026-02-13', writeOffCode: '0' });
    expect(r).toMatchObject({ fineCode: '1', fine: '18.16', fineFrom: '2026-02-13' });
  });

  it('the app says R$ 927,73 is due on 18/02 (multa 18,16 + mora 1,82)', async () => {
    expect(await installment(lent[0])).toMatchObject({ days_late: 6, due_total: '927.73', charges: { late_fee: '18.16', default_interest: '1.82', contract_interest: '0.00' } });
  });
});

describe('a bank settlement and the tolerance', () => {
  it('paid at the bank with exactly the instructed charges (R$ 927,77): the installment closes, 0,04 in rounding differences', async () => {
    const { p, r } = segmentsOf(lent[0].nossoNumero);
    const paid = (907.75 + Number(r!.fine) + Number(p.interest) * 6).toFixed(2);
    expect(paid).toBe('927.77');
    await settle([paidLine(lent[0], paid)], 11);
    expect(await installment(lent[0])).toMatchObject({ status: 'paid', due_total: '0.00' });
    expect(await operationBalances(server, lent[0].id)).toMatchObject({ rounding_differences: '-0.04' });
    await expectBooksBalanced(server, tokens.operator);
  });

  it('short by R$ 0,73 (within the R$ 1,00 default): closes, the difference to rounding differences (an expense)', async () => {
    expect((await call(server, 'company.parameters', { id: 1 }, tokens.admin)).body.bank_settlement_tolerance).toBe('1.00');
    await settle([paidLine(lent[1], '927.00')], 12);
    expect(await installment(lent[1])).toMatchObject({ status: 'paid', due_total: '0.00' });
    expect(await operationBalances(server, lent[1].id)).toMatchObject({ rounding_differences: '0.73' });
    const [entry] = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM journal_entries WHERE credit_operation_id = $1 AND kind = 'rounding_difference'", [lent[1].id]);
    expect(entry.n).toBe(2);
    await expectBooksBalanced(server, tokens.operator);
  });

  it('reversing the tolerated payment undoes its rounding difference too: the bank gives back what it credited, the installment reopens', async () => {
    const [payment] = await server.database.rows<{ id: number; amount: string }>("SELECT id, amount::text AS amount FROM installment_transactions WHERE installment_id = $1 AND kind = 'payment'", [lent[1].installmentId]);
    expect(payment.amount).toBe('927.73');
    const before = await operationBalances(server, lent[1].id);
    const reversed = await call(server, 'servicing.reverse', { id: lent[1].id, installment: lent[1].installmentId, detailId: payment.id, idempotency_key: key(), reason: 'Devolvido pelo banco' }, tokens.operator);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    const after = await operationBalances(server, lent[1].id);
    expect(after.rounding_differences).toBe('0.00');
    // the bank gives back the R$ 927,00 it credited, not the R$ 927,73 recorded as due
    expect(new Decimal(before.bank).minus(after.bank).toFixed(2)).toBe('927.00');
    expect(await installment(lent[1])).toMatchObject({ status: 'open', due_total: '927.73' });
    await expectBooksBalanced(server, tokens.operator);
  });

  it('short by R$ 1,73 (above it): R$ 1,73 stays open and the collections list says the bank paid less', async () => {
    await settle([paidLine(lent[2], '926.00')], 13);
    expect(await installment(lent[2])).toMatchObject({ status: 'partially_paid', due_total: '1.73' });
    expect((await operationBalances(server, lent[2].id)).rounding_differences).toBeUndefined();
    server.clock.set('2026-02-19');
    const list = await call(server, 'collections.expiredInstallments', { page: 1, limit: 50, filter: { borrower: 'Bia Banco' } }, tokens.agent);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const row = list.body.items.find((i: { id: number }) => i.id === lent[2].installmentId);
    expect(row).toMatchObject({ bank_short: '1.73' });
    await expectBooksBalanced(server, tokens.operator);
  });

  it('a person keying the same short payment gets no tolerance: the rest stays open, no reason from the bank', async () => {
    server.clock.set('2026-02-18');
    const paid = await call(
      server,
      'servicing.pay',
      { id: lent[3].id, installment: lent[3].installmentId, idempotency_key: key(), amount: '927.00', paid_on: '2026-02-18', method: 'boleto' },
      tokens.operator,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await installment(lent[3])).toMatchObject({ status: 'partially_paid', due_total: '0.73' });
    server.clock.set('2026-02-19');
    const list = await call(server, 'collections.expiredInstallments', { page: 1, limit: 50, filter: { borrower: 'Bia Banco' } }, tokens.agent);
    expect(list.body.items.find((i: { id: number }) => i.id === lent[3].installmentId)).toMatchObject({ bank_short: null });
    await expectBooksBalanced(server, tokens.operator);
  });
});
