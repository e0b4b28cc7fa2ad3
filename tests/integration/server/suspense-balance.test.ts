/**
 * Property: whatever the order of credits to suspense (return lines paying an
 * installment already paid, of random amounts), applications (random parts
 * of a random open item to an installment of its borrower) and refunds (of a
 * random open item), the ledger's suspense account holds exactly the list's
 * open total, which is what the moves left (credits − applied − refunded),
 * and the trial balance is zero — after every step.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { itauReturnFile } from '../../helpers/cnab-return-file';
import { call, signInEveryRole, type DemoRole } from './client';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let opId: number;
let accountId: number;
let paidSequence: string;
let paidValue: string;
let targets: number[];

const TODAY = '2026-01-20';
const ACCOUNT = { agency: '0912', account: '45021', accountDac: '7', companyDocument: '27185642000169' };
let fileSequence = 100;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  // Refunds here are taken alone: the four-eyes path has its own test (suspense.test.ts).
  await server.database.rows('UPDATE company_parameters SET reversal_approval_above = 100000000, second_approval_above = 100000000 WHERE company_id = 1');
  const borrowerId = await insertBorrower(server, 'Paula Propriedade', '111.444.777-35');
  opId = await disbursedOperation(server, tokens, borrowerId);
  const installments = (await call(server, 'servicing.installments', { id: opId }, tokens.agent)).body.installments as Array<{ id: number; value: string }>;
  targets = installments.slice(-3).map((i) => i.id);
  const [first] = installments;
  expect((await call(server, 'boleto.slip', { x: first.id }, tokens.agent)).status).toBe(200);
  const [slip] = await server.database.rows<{ sequence: string }>('SELECT sequence::text AS sequence FROM boleto_slips WHERE installment_id = $1', [first.id]);
  paidSequence = slip.sequence.padStart(8, '0');
  paidValue = first.value;
  [{ id: accountId }] = await server.database.rows<{ id: number }>(
    "INSERT INTO borrower_bank_accounts (borrower_id, bank_code, bank_name, agency, account, account_type) VALUES ($1, '001', 'Banco do Brasil', '1234', '99887', 'checking') RETURNING id",
    [borrowerId],
  );
  server.clock.set(TODAY);
  // The installment is paid, so every later line paying it is already paid: all its money goes to suspense.
  const pay = await call(server, 'servicing.pay', { id: opId, installment: first.id, amount: first.value, paid_on: TODAY, method: 'ted', idempotency_key: key() }, tokens.operator);
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

type Step = { kind: 'credit'; cents: number } | { kind: 'apply'; pick: number; cents: number; target: number } | { kind: 'refund'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), cents: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ kind: fc.constant('apply' as const), pick: fc.nat(), cents: fc.integer({ min: 1, max: 500 }), target: fc.nat() }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
);

async function openItems(): Promise<{ items: Array<{ id: number; open_amount: string }>; total: string }> {
  const answer = await call(server, 'suspense.list', { limit: 100 }, tokens.operator);
  expect(answer.status).toBe(200);
  return { items: answer.body.items, total: answer.body.open_total };
}

async function run(s: Step): Promise<Decimal> {
  if (s.kind === 'credit') {
    const paid = new Decimal(s.cents).div(100).toFixed(2);
    const content = itauReturnFile(ACCOUNT, [{ movement: '06', nossoNumero: paidSequence, amount: paidValue, paid, fee: '1.90', occurredOn: '2026-01-19', creditedOn: TODAY }], { generatedOn: TODAY, fileSequence: fileSequence++ });
    const answer = await call(server, 'cnabReturn.settle', { bankCode: '341', file_name: 'R.ret', content, idempotency_key: key() }, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // A line with the same identity as an earlier one (same amount) is the same credit: nothing new.
    return answer.body.lines[0].outcome === 'already_paid' ? new Decimal(paid) : new Decimal(0);
  }
  const { items } = await openItems();
  if (items.length === 0) return new Decimal(0);
  const item = items[s.pick % items.length];
  if (s.kind === 'apply') {
    const amount = Decimal.min(new Decimal(s.cents).div(100), item.open_amount).toFixed(2);
    const answer = await call(server, 'suspense.apply', { item: item.id, installment_id: targets[s.target % targets.length], amount, idempotency_key: key() }, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return new Decimal(amount).neg();
  }
  const answer = await call(server, 'suspense.refund', { item: item.id, borrower_bank_account_id: accountId, idempotency_key: key() }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return new Decimal(item.open_amount).neg();
}

describe('suspense balance = the list of open items', () => {
  it('after every credit, application and refund, in any order', async () => {
    let expected = new Decimal((await openItems()).total);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const s of steps) {
          expected = expected.plus(await run(s));
          const tb = await call(server, 'ledger.trialBalance', {}, tokens.operator);
          expect(tb.body.difference).toBe('0.00');
          const suspense = tb.body.accounts.find((a: { account: string }) => a.account === 'suspense');
          const { total } = await openItems();
          expect({ ledger: new Decimal(suspense.balance).neg().toFixed(2), list: total }).toEqual({ ledger: expected.toFixed(2), list: expected.toFixed(2) });
        }
      }),
      { numRuns: 12 },
    );
  });
});
