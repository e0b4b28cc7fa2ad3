/**
 * Boletos racing the other users of the collecting account and of the operation on PostgreSQL:
 * - a return file settling installments of three operations and a partial payment of a fourth, sent at the same moment
 *   as boletos for the next installment of each of the three and a carnê of the fourth, many rounds. Settling locks
 *   the account, then the operations; a boleto issues its nosso número from the same account. Before one lock order
 *   (account, then operations) the boleto locked the operation first and PostgreSQL broke the deadlock by aborting
 *   one of them (a 500). Every answer must be a 200; every line settled is booked once (one payment, one posting);
 *   every nosso número is the account's once;
 * - a return file paying an installment of one operation and naming an installment of another that was already paid
 *   (its line posts only the bank's fee, on that operation), sent with a cession across the two: the cession locks
 *   the operations in id order; the file must lock every operation a line names, in the same order, before it
 *   posts — a fee posted on an operation it had not locked waited for that operation's row (the posting's foreign
 *   key) while holding the other one, and PostgreSQL failed one of the two;
 * - a boleto against a partial prepayment that replaces the installment: a boleto issued after the prepayment (the
 *   activity log's order, both written under the operation's lock) is refused with a 409 naming the installment,
 *   one issued before it stands.
 *
 * Needs PostgreSQL (PGlite is one connection: two requests never interleave there): skipped without
 * TEST_DATABASE_URL / DATABASE_URL; `npm test` provides a throwaway cluster.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabaseUrl, type TestServer } from '../../helpers/server';
import { itauReturnFile, type ItauReturnMovement } from '../../helpers/cnab-return-file';
import { call, signInEveryRole, type Answer, type DemoRole } from './client';
import { disbursedOperation, expectBooksBalanced, insertAssigneeAccount, insertBorrower, key, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

const baseUrl = testDatabaseUrl();
const WHY_SKIPPED = 'needs PostgreSQL: set TEST_DATABASE_URL (npm test starts a throwaway cluster)';
if (!baseUrl) console.warn(`servicing-race-boleto.test.ts skipped: ${WHY_SKIPPED}`);

/** The day the races run: after the release (01-15), before the first due date (02-15), so nothing is late. */
const TODAY = '2026-01-20';
/** The demo company's collecting account (Itaú 0912 / 45021-7), which the return files name. */
const ACCOUNT = { agency: '0912', account: '45021', accountDac: '7', companyDocument: '27185642000169' };
/** Pairs of operations a return file and a cession race over (six rounds each). */
const FEE_PAIRS = 2;
/** Rounds of a boleto against a prepayment. */
const PREPAYMENT_ROUNDS = 8;

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;
let itauId: number;

/** The installment's latest slip at the account (its sequence as the return file writes it, and its amount). */
async function latestSlip(installmentId: number): Promise<{ nossoNumero: string; amount: string } | null> {
  const [row] = await server.database.rows<{ sequence: string; amount: string }>(
    'SELECT sequence::text AS sequence, amount::text AS amount FROM boleto_slips WHERE installment_id = $1 AND bank_account_id = $2 ORDER BY id DESC LIMIT 1',
    [installmentId, itauId],
  );
  return row ? { nossoNumero: row.sequence.padStart(8, '0'), amount: row.amount } : null;
}

const boleto = (installmentId: number) => call(server, 'boleto.slip', { x: installmentId }, tokens.agent);
const carne = (operationId: number) => call(server, 'boleto.carne', { credit_operation_id: operationId }, tokens.agent);

/** What an answer was, for a failure's message (a PDF's bytes are left out). */
const shown = (a: Answer) => `${a.status} ${a.body instanceof Uint8Array ? `(${a.body.length} bytes)` : JSON.stringify(a.body)}`;

describe.skipIf(!baseUrl)(`boletos racing the account's and the operation's other users on PostgreSQL${baseUrl ? '' : ` (skipped: ${WHY_SKIPPED})`}`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
    tokens = await signInEveryRole(server);
    await server.database.rows(SERVICING_PARAMETERS_SQL);
    // Cessions take effect at once (no second person).
    await server.database.rows('UPDATE company_parameters SET cession_approval_above = 1000000 WHERE company_id = 1');
    borrowerId = await insertBorrower(server, 'Renata Corrida', '111.444.777-35');
    [{ id: itauId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
  });
  afterAll(() => server?.close());

  it('a return file settling while boletos and a carnê are issued on the same account and operations: no 500, each line booked once, each nosso número once', async () => {
    // Three operations whose installments the file settles one a round while the next one's boleto is issued, and a
    // fourth whose installment of the round the file pays in part while its carnê is issued (a new slip for it once paid).
    const singles = [await disbursedOperation(server, tokens, borrowerId), await disbursedOperation(server, tokens, borrowerId), await disbursedOperation(server, tokens, borrowerId)];
    const partial = await disbursedOperation(server, tokens, borrowerId);
    server.clock.set(TODAY);
    const schedules = new Map<number, number[]>();
    for (const id of [...singles, partial]) schedules.set(id, (await operationInstallments<{ id: number }>(server, tokens.agent, id)).map((i) => i.id));
    const rounds = schedules.get(partial)!.length - 1;
    for (const id of singles) expect((await boleto(schedules.get(id)![0])).status).toBe(200);
    expect((await carne(partial)).status).toBe(200);

    const failures: string[] = [];
    const settledInstallments: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const paid = [...singles.map((id) => schedules.get(id)![round]), schedules.get(partial)![round]];
      const movements: ItauReturnMovement[] = [];
      for (const [k, installment] of paid.entries()) {
        // A boleto refused in the round before (the failure is recorded) is issued now, alone.
        const slip = (await latestSlip(installment)) ?? ((await boleto(installment)).status === 200 ? await latestSlip(installment) : null);
        expect(slip, `a slip of installment ${installment}`).not.toBeNull();
        if (!slip) continue;
        // The fourth operation's installment is paid in half: it stays open, and its next slip is a new one.
        const amount = k < singles.length ? slip.amount : new Decimal(slip.amount).div(2).toDecimalPlaces(2).toFixed(2);
        movements.push({ movement: '06', nossoNumero: slip.nossoNumero, amount: slip.amount, paid: amount, fee: '1.90', occurredOn: TODAY, creditedOn: TODAY });
      }
      const content = itauReturnFile(ACCOUNT, movements, { generatedOn: TODAY, fileSequence: 100 + round });
      const settle = { what: 'the return file', send: () => call(server, 'cnabReturn.settle', { bankCode: '341', file_name: `RET${round}.ret`, content, idempotency_key: key() }, tokens.operator) };
      const issues = [
        ...singles.map((id) => ({ what: `the boleto of operation ${id}`, send: () => boleto(schedules.get(id)![round + 1]) })),
        { what: `the carnê of operation ${partial}`, send: () => carne(partial) },
      ];
      // The file is sent first in even rounds, last in odd ones; every answer is waited for.
      const sent = round % 2 === 0 ? [settle, ...issues] : [...issues, settle];
      const answers = await Promise.all(sent.map((s) => s.send()));
      const settled = answers[sent.indexOf(settle)];
      for (const [k, a] of answers.entries()) if (a.status !== 200) failures.push(`round ${round}, ${sent[k].what}: ${shown(a)}`);
      if (settled.status === 200) {
        const outcomes = (settled.body.lines as Array<{ outcome: string; message: string | null }>).map((l) => `${l.outcome}${l.message ? ` (${l.message})` : ''}`);
        if (outcomes.some((o) => o !== 'settled')) failures.push(`round ${round}: lines ${outcomes.join('; ')}`);
        else settledInstallments.push(...paid);
      }
    }
    expect(failures).toEqual([]);

    // Each line settled is one payment of its installment, with one posting; none twice.
    const payments = await server.database.rows<{ installment_id: number; n: number }>(
      "SELECT installment_id, count(*)::int AS n FROM installment_transactions WHERE installment_id = ANY($1::int[]) AND kind = 'payment' GROUP BY installment_id",
      [settledInstallments],
    );
    expect(new Map(payments.map((p) => [p.installment_id, p.n]))).toEqual(new Map(settledInstallments.map((id) => [id, 1])));
    const [lines] = await server.database.rows<{ lines: number; transactions: number; postings: number }>(
      `SELECT count(*)::int AS lines, count(DISTINCT l.transaction_id)::int AS transactions,
              (SELECT count(DISTINCT j.posting_id)::int FROM journal_entries j WHERE j.transaction_id IN (SELECT transaction_id FROM return_file_lines WHERE bank_account_id = $1 AND outcome = 'settled')) AS postings
         FROM return_file_lines l WHERE l.bank_account_id = $1 AND l.outcome = 'settled'`,
      [itauId],
    );
    expect(lines).toEqual({ lines: settledInstallments.length, transactions: settledInstallments.length, postings: settledInstallments.length });
    // Every nosso número once at the account, and the counter past the last one.
    const [numbers] = await server.database.rows<{ slips: number; sequences: number; last: number; next: number }>(
      `SELECT count(*)::int AS slips, count(DISTINCT sequence)::int AS sequences, max(sequence)::int AS last,
              (SELECT next_our_number::int FROM company_bank_accounts WHERE id = $1) AS next
         FROM boleto_slips WHERE bank_account_id = $1`,
      [itauId],
    );
    expect(numbers.sequences).toBe(numbers.slips);
    expect(numbers.next).toBeGreaterThan(numbers.last);
    await expectBooksBalanced(server, tokens.operator);
  });

  it('a return file paying one operation and posting a fee on another, sent with a cession across both: no 500, each line as expected', async () => {
    const assignee = await insertAssigneeAccount(server, 'Fundo Corrida FIDC');
    const failures: string[] = [];
    for (let pair = 0; pair < FEE_PAIRS; pair++) {
      // `feeOnly` is released first, so its id is the lower one: the cession locks it before `paying`.
      const feeOnly = await disbursedOperation(server, tokens, borrowerId);
      const paying = await disbursedOperation(server, tokens, borrowerId);
      server.clock.set(TODAY);
      const feeOnlyList = (await operationInstallments<{ id: number }>(server, tokens.agent, feeOnly)).map((i) => i.id);
      const payingList = (await operationInstallments<{ id: number }>(server, tokens.agent, paying)).map((i) => i.id);
      // The file pays from the first installment on, the cessions take from the last one back: six rounds a pair.
      for (let k = 0; k < feeOnlyList.length / 2; k++) {
        const round = `${pair}.${k}`;
        const movements: ItauReturnMovement[] = [];
        for (const installment of [payingList[k], feeOnlyList[k]]) {
          expect((await boleto(installment)).status).toBe(200);
          const slip = (await latestSlip(installment))!;
          movements.push({ movement: '06', nossoNumero: slip.nossoNumero, amount: slip.amount, paid: slip.amount, fee: '1.90', occurredOn: TODAY, creditedOn: TODAY });
          // The second one is paid at the counter first: its line is "already paid", and posts only the bank's fee.
          if (installment === feeOnlyList[k]) {
            const paid = await call(server, 'servicing.pay', { id: feeOnly, installment, idempotency_key: key(), amount: slip.amount, paid_on: TODAY, method: 'pix' }, tokens.operator);
            expect(paid.status, JSON.stringify(paid.body)).toBe(200);
          }
        }
        const content = itauReturnFile(ACCOUNT, movements, { generatedOn: TODAY, fileSequence: 200 + pair * 10 + k });
        const settle = () => call(server, 'cnabReturn.settle', { bankCode: '341', file_name: `RETC${round}.ret`, content, idempotency_key: key() }, tokens.operator);
        const last = feeOnlyList.length - 1 - k;
        const cede = () =>
          call(
            server,
            'cession.assignBatch',
            { idempotency_key: key(), assignment_account_id: assignee, installments: [payingList[last], feeOnlyList[last]], date: TODAY, monthly_rate: '1.5' },
            tokens.operator,
          );
        const [settled, ceded] = k % 2 === 0 ? await Promise.all([settle(), cede()]) : await Promise.all([cede(), settle()]).then(([c, s]) => [s, c]);
        if (ceded.status !== 200) failures.push(`round ${round}, the cession: ${shown(ceded)}`);
        if (settled.status !== 200) failures.push(`round ${round}, the return file: ${shown(settled)}`);
        else {
          const lines = (settled.body.lines as Array<{ outcome: string; fee_posted: boolean }>).map((l) => `${l.outcome}${l.fee_posted ? ' with fee' : ''}`);
          if (lines.join('; ') !== 'settled with fee; already_paid with fee') failures.push(`round ${round}: lines ${lines.join('; ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
    await expectBooksBalanced(server, tokens.operator);
  });

  it('a boleto against a partial prepayment that replaces the installment: one issued after it is refused naming the installment', async () => {
    const id = await disbursedOperation(server, tokens, borrowerId);
    server.clock.set(TODAY);
    const wrong: string[] = [];
    for (let round = 0; round < PREPAYMENT_ROUNDS; round++) {
      const [first] = await operationInstallments<{ id: number; number: number }>(server, tokens.agent, id);
      const prepay = () => call(server, 'prepayment.apply', { id, idempotency_key: key(), kind: 'partial', mode: 'reduce_installment', amount: '200.00', method: 'pix' }, tokens.operator);
      const [slip, prepaid] = round % 2 === 0 ? await Promise.all([boleto(first.id), prepay()]) : await Promise.all([prepay(), boleto(first.id)]).then(([p, b]) => [b, p]);
      expect(prepaid.status, JSON.stringify(prepaid.body)).toBe(200);
      // Both write their log entry under the operation's lock: the entries' order is the order the two ran in.
      const [order] = await server.database.rows<{ issued: number | null; prepaid: number }>(
        `SELECT (SELECT max(id) FROM activity_log WHERE action = 'boleto.issue' AND entity = 'installment' AND entity_id = $1) AS issued,
                (SELECT max(id) FROM activity_log WHERE action = 'installment.prepayment' AND entity = 'credit_operation' AND entity_id = $2) AS prepaid`,
        [first.id, id],
      );
      if (slip.status === 200) {
        expect(order.issued, 'the boleto was logged').not.toBeNull();
        if (order.issued! > order.prepaid) wrong.push(`round ${round}: a boleto was issued for installment ${first.number} after the prepayment replaced it`);
      } else {
        expect({ status: slip.status, field: slip.body.field }, shown(slip)).toEqual({ status: 409, field: 'installment' });
        expect(slip.body.message).toContain(`parcela ${first.number} `);
      }
    }
    expect(wrong).toEqual([]);
  });
});
