/**
 * CNAB 240 return files over HTTP: the preview names each line's installment
 * and writes nothing; settling pays two installments through the payment
 * service (dated by the credit date), posts the bank's fees, marks a rejected
 * entry with its reasons and keeps a line that names no slip; the same file
 * again settles nothing, and a line applied before is a duplicate in another
 * file; the trial balance stays zero; the next remittance sends no baixa for
 * slips the bank settled; another bank or account and a line of the wrong
 * length are refused naming the header or the line; the authorization matrix.
 *
 * Slips come from the boleto call on the demo company's Itaú account
 * (0912 / 45021-7, wallet 109); the operation is released on 2026-01-15, and
 * the return file is written with the project's own CNAB tables
 * (tests/helpers/cnab-return-file.ts).
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RETURN_FILE_CHARS, RETURN_FILE_BODY_LIMIT } from '../../../src/shared/contract/company-cnab-return';
import { startTestServer, type TestServer } from '../../helpers/server';
import { itauReturnFile, type ItauReturnMovement } from '../../helpers/cnab-return-file';
import { call, raw, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let itauId: number;
let opId: number;
let installments: Array<{ id: number; number: number; value: string; due_date: string }>;
let sequences: string[];

const TODAY = '2026-01-20';
/** The demo company's Itaú account, and its CNPJ (27.185.642/0001-69) as the bank writes it in the header. */
const ACCOUNT = { agency: '0912', account: '45021', accountDac: '7', companyDocument: '27185642000169' };

function movements(): ItauReturnMovement[] {
  const [first, second, third] = installments;
  return [
    { movement: '06', nossoNumero: sequences[0], amount: first.value, paid: first.value, fee: '1.90', occurredOn: '2026-01-19', creditedOn: '2026-01-20' },
    { movement: '06', nossoNumero: sequences[1], amount: second.value, paid: second.value, fee: '1.90', occurredOn: '2026-01-19', creditedOn: '2026-01-20' },
    { movement: '03', nossoNumero: sequences[2], amount: third.value, paid: '0', fee: '0.50', reasons: '14080000', occurredOn: '2026-01-19' },
    { movement: '06', nossoNumero: '99999990', amount: '10.00', paid: '10.00', fee: '1.90', occurredOn: '2026-01-19', creditedOn: '2026-01-20' },
  ];
}
const fileOf = (list = movements(), fileSequence = 7) => itauReturnFile(ACCOUNT, list, { generatedOn: TODAY, fileSequence });

async function preview(content: string, role: DemoRole = 'agent', bankCode = '341') {
  return call(server, 'cnabReturn.preview', { bankCode, file_name: 'RET341.ret', content }, tokens[role]);
}
async function settle(content: string, role: DemoRole = 'operator', bankCode = '341', idempotencyKey = key()) {
  return call(server, 'cnabReturn.settle', { bankCode, file_name: 'RET341.ret', content, idempotency_key: idempotencyKey }, tokens[role]);
}
async function count(table: string): Promise<number> {
  const [row] = await server.database.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row.n;
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  [{ id: itauId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
  opId = await disbursedOperation(server, tokens, await insertBorrower(server, 'Renato Retorno', '111.444.777-35'));
  installments = (await call(server, 'servicing.installments', { id: opId }, tokens.agent)).body.installments;
  // Slips for seven installments: three for the file of the settling cases, two for the imports at once, two for the refusals.
  for (const i of installments.slice(0, 7)) {
    const answer = await call(server, 'boleto.slip', { x: i.id }, tokens.agent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  const slips = await server.database.rows<{ sequence: string }>(
    'SELECT s.sequence::text AS sequence FROM boleto_slips s WHERE s.bank_account_id = $1 AND s.installment_id = ANY($2::int[]) ORDER BY s.installment_id',
    [itauId, installments.slice(0, 7).map((i) => i.id)],
  );
  sequences = slips.map((s) => s.sequence.padStart(8, '0'));
  server.clock.set(TODAY);
  // The slips go to the bank first, so the remittance after the return is the one that must not write them off.
  const sent = await call(server, 'remittance.generate', { bankCode: '341', date: TODAY, bank_account_id: itauId, idempotency_key: key() }, tokens.operator);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('preview', () => {
  it('each line with its movement, installment, amounts, dates and reasons; nothing written', async () => {
    const [files, payments] = [await count('return_files'), await count('installment_transactions')];
    const answer = await preview(fileOf());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body;
    expect(body.bank_account_id).toBe(itauId);
    expect(body.imported_as).toBeNull();
    expect(body.lines.map((l: { line: number; kind: string; outcome: string; installment_id: number | null }) => [l.line, l.kind, l.outcome, l.installment_id])).toEqual([
      [3, 'settled', 'settled', installments[0].id],
      [5, 'settled', 'settled', installments[1].id],
      [7, 'rejected', 'rejected', installments[2].id],
      [9, 'settled', 'unmatched', null],
    ]);
    const first = body.lines[0];
    expect(first).toMatchObject({ movement_words: 'LIQUIDAÇÃO NORMAL', borrower_name: 'Renato Retorno', paid: installments[0].value, fee: '1.90', occurred_on: '2026-01-19', credited_on: '2026-01-20', installment_number: 1 });
    expect(first.reference).toMatch(/\/001$/);
    expect(body.lines[2].reasons.map((r: { code: string }) => r.code)).toEqual(['14', '08']);
    expect(body.lines[3].message).toContain('nosso número');
    // The unmatched line names no title of ours: its fee is the company's (a posting of no operation), its money goes to suspense.
    expect(body.lines[3]).toMatchObject({ fee: '1.90', fee_posted: true });
    expect(body.lines[3].message).toContain('valores a identificar');
    expect(body.totals).toMatchObject({
      line_count: 4,
      settled_count: 2,
      settled_total: new Decimal(installments[0].value).plus(installments[1].value).toFixed(2),
      fee_total: '6.20',
      rejected_count: 1,
      unmatched_count: 1,
    });
    expect([await count('return_files'), await count('installment_transactions')]).toEqual([files, payments]);
  });
});

describe('refusals before anything is settled', () => {
  it('another bank, another account, a line of the wrong length, a broken trailer: 400 naming the line or the header', async () => {
    const before = await count('installment_transactions');
    const otherBank = await settle(fileOf(), 'operator', '001');
    expect(otherBank.status).toBe(400);
    expect(otherBank.body.field).toBe('content');
    expect(otherBank.body.message).toContain('linha 1');

    const otherAccount = await settle(itauReturnFile({ ...ACCOUNT, account: '99999' }, movements(), { generatedOn: TODAY, fileSequence: 8 }));
    expect(otherAccount.status).toBe(400);
    expect(otherAccount.body.field).toBe('header');
    expect(otherAccount.body.message).toContain('conta 99999');

    const lines = fileOf().split('\r\n');
    lines[4] = lines[4].slice(0, 239);
    const short = await settle(lines.join('\r\n'));
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('linha 5');
    expect(short.body.message).toContain('239 posições');

    const trailer = fileOf().split('\r\n');
    trailer[trailer.length - 2] = trailer[trailer.length - 2].slice(0, 23) + '000099' + trailer[trailer.length - 2].slice(29);
    const broken = await settle(trailer.join('\r\n'));
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/linha 12.*recordCount/);

    const tooLong = await preview('x'.repeat(MAX_RETURN_FILE_CHARS + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe('content');
    const tooLarge = await raw(server, 'cnabReturn.preview', {
      params: { bankCode: '341' },
      body: JSON.stringify({ file_name: 'x.ret', content: 'x'.repeat(RETURN_FILE_BODY_LIMIT + 10) }),
      token: tokens.agent,
      headers: { 'content-type': 'application/json' },
    });
    expect(tooLarge.status).toBe(413);
    // The larger body is the return file calls' alone: a form's call keeps the server's 1 MiB.
    const formTooLarge = await raw(server, 'remittance.generate', {
      params: { bankCode: '341' },
      body: JSON.stringify({ date: TODAY, bank_account_id: itauId, idempotency_key: 'x'.repeat(1024 * 1024 + 10) }),
      token: tokens.operator,
      headers: { 'content-type': 'application/json' },
    });
    expect(formTooLarge.status).toBe(413);

    expect(await count('return_files')).toBe(0);
    expect(await count('installment_transactions')).toBe(before);
  });

  it('an amount above the largest the app stores (R$ 999.999.999.999,99) is refused at preview and settling, naming the line', async () => {
    const before = [await count('return_files'), await count('installment_transactions')];
    // The CNAB field holds 13 integer digits, the money columns 12: the preview must not show what settling cannot store.
    const huge = fileOf([{ movement: '06', nossoNumero: '99999991', amount: '1000000000000.00', paid: '1000000000000.00', fee: '0', occurredOn: '2026-01-19', creditedOn: '2026-01-20' }], 10);
    for (const answer of [await preview(huge), await settle(huge)]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.field).toBe('content');
      expect(answer.body.message).toMatch(/linha 3 \(registro 3T\), campo amount: valor de R\$ 1\.000\.000\.000\.000,00 acima do máximo de R\$ 999\.999\.999\.999,99/);
      expect(answer.body.message).toMatch(/linha 4 \(registro 3U\), campo paid: valor de R\$ 1\.000\.000\.000\.000,00 acima do máximo/);
    }
    expect([await count('return_files'), await count('installment_transactions')]).toEqual(before);
  });

  it("a header naming our account in another company's name (its CNPJ) is refused naming the account and the CNPJ; nothing stored", async () => {
    const before = [await count('return_files'), await count('installment_transactions'), await count('return_file_lines')];
    // The same agency and account, registered to another company: not the company's file, whatever its lines say.
    const foreign = itauReturnFile({ ...ACCOUNT, companyDocument: '11222333000181' }, movements(), { generatedOn: TODAY, fileSequence: 9 });
    for (const answer of [await preview(foreign), await settle(foreign)]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.field).toBe('header');
      expect(answer.body.message).toContain('outra empresa');
      expect(answer.body.message).toContain('agência 0912, conta 45021-7');
      expect(answer.body.message).toContain('11.222.333/0001-81');
      expect(answer.body.message).toContain('nada foi liquidado');
    }
    expect([await count('return_files'), await count('installment_transactions'), await count('return_file_lines')]).toEqual(before);
  });
});

describe('settling', () => {
  it('pays two installments on the credit date, posts the fees, marks the rejection, keeps the unmatched line; the ledger balances', async () => {
    const bankOf = (accounts: Array<{ account: string; balance: string }>) => new Decimal(accounts.find((a) => a.account === 'bank')!.balance);
    const bankBefore = bankOf((await call(server, 'ledger.trialBalance', {}, tokens.operator)).body.accounts);
    const answer = await settle(fileOf());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body;
    expect(body.already_imported).toBe(false);
    expect(body.lines.map((l: { outcome: string }) => l.outcome)).toEqual(['settled', 'settled', 'rejected', 'unmatched']);
    expect(body.file).toMatchObject({ settled_count: 2, rejected_count: 1, line_count: 4, fee_total: '6.20', actor_name: expect.any(String) });

    const payments = await server.database.rows<{ installment_id: number; amount: string; paid_on: string; method: string }>(
      "SELECT installment_id, amount::text, paid_on::text, method FROM installment_transactions WHERE credit_operation_id = $1 AND kind = 'payment' ORDER BY installment_id",
      [opId],
    );
    expect(payments).toEqual([
      { installment_id: installments[0].id, amount: installments[0].value, paid_on: '2026-01-20', method: 'boleto' },
      { installment_id: installments[1].id, amount: installments[1].value, paid_on: '2026-01-20', method: 'boleto' },
    ]);
    const schedule = (await call(server, 'servicing.installments', { id: opId }, tokens.agent)).body.installments as Array<{ status: string }>;
    expect(schedule.slice(0, 3).map((i) => i.status)).toEqual(['paid', 'paid', 'open']);

    const [rejected] = await server.database.rows<{ outcome: string; reasons: Array<{ code: string; words: string }> }>(
      'SELECT outcome, reasons FROM return_file_lines WHERE installment_id = $1',
      [installments[2].id],
    );
    expect(rejected.outcome).toBe('rejected');
    expect(rejected.reasons[0].words).toContain('NOSSO NÚMERO');
    // The installment's details carry the rejection from the stored line; a settled one carries none.
    const details = await call(server, 'servicing.installmentDetails', { id: opId, installment: installments[2].id }, tokens.agent);
    expect(details.status).toBe(200);
    expect(details.body.boleto_rejection).toEqual({
      our_number: sequences[2],
      occurred_on: '2026-01-19',
      movement: '03',
      reasons: rejected.reasons,
      return_file_id: body.file.id,
      file_name: 'RET341.ret',
      bank_code: '341',
      imported_on: TODAY,
    });
    expect(rejected.reasons.map((r) => r.code)).toEqual(['14', '08']);
    const paidDetails = await call(server, 'servicing.installmentDetails', { id: opId, installment: installments[0].id }, tokens.agent);
    expect(paidDetails.body.boleto_rejection).toBeNull();
    // As of the day before the import, the bank had not said it yet.
    const before = await call(server, 'servicing.installmentDetails', { id: opId, installment: installments[2].id, date: '2026-01-19' }, tokens.agent);
    expect(before.body.boleto_rejection).toBeNull();

    const tb = await call(server, 'ledger.trialBalance', {}, tokens.operator);
    expect(tb.body.difference).toBe('0.00');
    const fees = tb.body.accounts.find((a: { account: string }) => a.account === 'bank_fees');
    expect(fees.balance).toBe('6.20');
    // Every real credited is on the bank account: the two payments and the unmatched R$ 10,00, less the three fees.
    expect(bankOf(tb.body.accounts).minus(bankBefore).toFixed(2)).toBe(new Decimal(installments[0].value).plus(installments[1].value).plus('10.00').minus('6.20').toFixed(2));
    // The unmatched credit is a suspense item of nobody known, its postings of no operation.
    const [unknown] = await server.database.rows<{ amount: string; reason: string; credit_operation_id: number | null; operation_lines: number }>(
      `SELECT si.amount::text AS amount, si.reason, si.credit_operation_id,
              (SELECT count(*)::int FROM journal_entries j WHERE j.posting_id = si.posting_id AND j.credit_operation_id IS NOT NULL) AS operation_lines
         FROM suspense_items si WHERE si.return_file_id = $1`,
      [body.file.id],
    );
    expect(unknown).toEqual({ amount: '10.00', reason: 'unknown_title', credit_operation_id: null, operation_lines: 0 });

    const history = await call(server, 'cnabReturn.history', { bankCode: '341' }, tokens.agent);
    expect(history.body.map((f: { id: number }) => f.id)).toEqual([body.file.id]);
    const detail = await call(server, 'cnabReturn.get', { bankCode: '341', returnId: body.file.id }, tokens.agent);
    expect(detail.body.lines.map((l: { outcome: string; movement_words: string }) => [l.outcome, l.movement_words])[0]).toEqual(['settled', 'LIQUIDAÇÃO NORMAL']);
  });

  it('the same file twice settles once; a paid line in another file is a duplicate', async () => {
    const payments = await count('installment_transactions');
    const postings = await count('journal_entries');
    const again = await settle(fileOf());
    expect(again.status).toBe(200);
    expect(again.body.already_imported).toBe(true);
    const seen = await preview(fileOf());
    expect(seen.body.imported_as).toBe(again.body.file.id);

    const other = await settle(fileOf(movements().slice(0, 1), 9));
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.lines.map((l: { outcome: string }) => l.outcome)).toEqual(['duplicate']);
    expect(await count('installment_transactions')).toBe(payments);
    expect(await count('journal_entries')).toBe(postings);
    expect(await count('return_files')).toBe(2);
  });

  it('a settlement of an installment already paid is reported, not settled twice', async () => {
    const [first] = installments;
    const late: ItauReturnMovement = { movement: '06', nossoNumero: sequences[0], amount: first.value, paid: first.value, fee: '1.90', occurredOn: '2026-01-20', creditedOn: '2026-01-20' };
    const answer = await preview(fileOf([late], 10));
    expect(answer.body.lines[0]).toMatchObject({ outcome: 'already_paid' });
    expect(answer.body.totals.settled_count).toBe(0);
  });

  it('the next remittance sends no baixa for the slips the bank settled', async () => {
    const overview = await call(server, 'remittance.overview', { bankCode: '341', date: TODAY, bank_account_id: itauId }, tokens.agent);
    expect(overview.status).toBe(200);
    const ids = new Set(installments.slice(0, 2).map((i) => i.id));
    const writeOffs = overview.body.pending.items.filter((i: { instruction: string; installment_id: number }) => i.instruction === 'writeOff' && ids.has(i.installment_id));
    expect(writeOffs).toEqual([]);
  });

  it('the bank confirming the entry later clears the rejection from the details', async () => {
    const confirmed: ItauReturnMovement = { movement: '02', nossoNumero: sequences[2], amount: installments[2].value, paid: '0', fee: '0', occurredOn: '2026-01-20' };
    const answer = await settle(fileOf([confirmed], 11));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.lines[0].outcome).toBe('confirmed');
    const details = await call(server, 'servicing.installmentDetails', { id: opId, installment: installments[2].id }, tokens.agent);
    expect(details.body.boleto_rejection).toBeNull();
  });
});

describe('authorization', () => {
  const readers = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 };
  itAnswersTheMatrix(
    [
      ['cnabReturn.preview', { bankCode: '341', file_name: 'x.ret', content: 'broken' }, { superadmin: 400, admin: 400, operator: 400, agent: 400, user: 403 }],
      ['cnabReturn.settle', { bankCode: '341', file_name: 'x.ret', content: 'broken', idempotency_key: 'matrix-key-0000000001' }, { superadmin: 400, admin: 400, operator: 400, agent: 403, user: 403 }],
      ['cnabReturn.history', { bankCode: '341' }, readers],
      ['cnabReturn.get', { bankCode: '341', returnId: 999999 }, { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 }],
    ],
    () => ({ server, tokens }),
  );
});

describe('a large return file', () => {
  it('previews and settles a file of 5,000 lines (above the 1 MiB of a form body)', async () => {
    // 2,498 titles (T and U) between the two headers and the two trailers; nosso números the company never issued, so
    // every line is shown as naming no installment and nothing is paid.
    const titles = Array.from({ length: 2498 }, (_, k): ItauReturnMovement => ({
      movement: '06', nossoNumero: String(90_000_000 + k), amount: '100.00', paid: '100.00', fee: '1.90', occurredOn: '2026-01-19', creditedOn: '2026-01-20',
    }));
    const content = fileOf(titles, 4242);
    expect(content.split('\r\n').filter((l) => l !== '')).toHaveLength(5000);
    expect(JSON.stringify({ content }).length).toBeGreaterThan(1024 * 1024);
    const paymentsBefore = await count('installment_transactions');

    const shown = await preview(content);
    expect(shown.status, JSON.stringify(shown.body).slice(0, 300)).toBe(200);
    expect(shown.body.lines).toHaveLength(2498);
    expect(shown.body.lines.every((l: { installment_id: number | null }) => l.installment_id === null)).toBe(true);

    const settled = await settle(content);
    expect(settled.status, JSON.stringify(settled.body).slice(0, 300)).toBe(200);
    expect(settled.body.already_imported).toBe(false);
    expect(settled.body.lines).toHaveLength(2498);
    const [stored] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM return_file_lines WHERE return_file_id = $1', [settled.body.file.id]);
    expect(stored.n).toBe(2498);
    expect(await count('installment_transactions')).toBe(paymentsBefore);
  });
});

describe('imports at once', () => {
  it('the same file sent twice at once and another file with its lines: each line settles once, the books balance', async () => {
    const list = [3, 4].map(
      (k): ItauReturnMovement => ({ movement: '06', nossoNumero: sequences[k], amount: installments[k].value, paid: installments[k].value, fee: '1.90', occurredOn: '2026-01-20', creditedOn: '2026-01-20' }),
    );
    const payments = await count('installment_transactions');
    const answers = await Promise.all([settle(fileOf(list, 20)), settle(fileOf(list, 20)), settle(fileOf(list, 21))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // One of the two copies of file 20 finds the other stored; whichever file ran first settled both lines, the other found them applied.
    expect(answers.slice(0, 2).filter((a) => a.body.already_imported)).toHaveLength(1);
    const settledLines = answers.filter((a) => !a.body.already_imported).flatMap((a) => a.body.lines.filter((l: { outcome: string }) => l.outcome === 'settled'));
    expect(settledLines).toHaveLength(2);
    expect(await count('installment_transactions')).toBe(payments + 2);
    const tb = await call(server, 'ledger.trialBalance', {}, tokens.operator);
    expect(tb.body.difference).toBe('0.00');
  });
});

describe('settlement days through the operations area', () => {
  it('a file paying installments of two operations moves each once: its version, a timeline event, a log entry', async () => {
    const otherId = await disbursedOperation(server, tokens, await insertBorrower(server, 'Olga Outra', '529.982.247-25'));
    server.clock.set(TODAY);
    const [other] = (await call(server, 'servicing.installments', { id: otherId }, tokens.agent)).body.installments;
    const eighth = installments[7];
    for (const i of [eighth, other]) expect((await call(server, 'boleto.slip', { x: i.id }, tokens.agent)).status).toBe(200);
    const slips = await server.database.rows<{ installment_id: number; sequence: string }>(
      'SELECT installment_id, sequence::text AS sequence FROM boleto_slips WHERE bank_account_id = $1 AND installment_id = ANY($2::int[])',
      [itauId, [eighth.id, other.id]],
    );
    const sequenceOf = new Map(slips.map((s) => [s.installment_id, s.sequence.padStart(8, '0')]));
    const versions = async () =>
      new Map((await server.database.rows<{ id: number; version: number }>('SELECT id, version FROM credit_operations WHERE id = ANY($1::int[])', [[opId, otherId]])).map((r) => [r.id, r.version]));
    const before = await versions();
    const list = [eighth, other].map(
      (i): ItauReturnMovement => ({ movement: '06', nossoNumero: sequenceOf.get(i.id) ?? '', amount: i.value, paid: i.value, fee: '1.90', occurredOn: '2026-01-20', creditedOn: '2026-01-20' }),
    );
    const answer = await settle(fileOf(list, 30));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.lines.map((l: { outcome: string }) => l.outcome)).toEqual(['settled', 'settled']);
    const after = await versions();
    expect([after.get(opId), after.get(otherId)]).toEqual([(before.get(opId) ?? 0) + 1, (before.get(otherId) ?? 0) + 1]);
    const days = await server.database.rows<{ paid_on: string }>('SELECT paid_on::text FROM credit_operation_installments WHERE id = ANY($1::int[])', [[eighth.id, other.id]]);
    expect(days.map((d) => d.paid_on)).toEqual(['2026-01-20', '2026-01-20']);
    for (const [id, number] of [[opId, 8], [otherId, 1]]) {
      const timeline = (await call(server, 'creditOperation.timeline', { id }, tokens.agent)).body as Array<{ kind: string; note: string | null }>;
      expect(timeline.filter((e) => e.kind === 'installment_settlement').map((e) => e.note)).toContain(`Parcela ${number} quitada em 2026-01-20`);
      const [log] = await server.database.rows<{ after: unknown }>(
        "SELECT after FROM activity_log WHERE entity = 'credit_operation' AND entity_id = $1 AND action = 'credit-operation.installment-settlement' ORDER BY id DESC LIMIT 1",
        [id],
      );
      expect(log.after).toEqual({ version: after.get(id), settlement_days: `${number}: 2026-01-20` });
    }
  });
});

describe('payments the rules refuse', () => {
  it('a line above what is due pays what is due and sends the excess to suspense; a second payment of a paid installment is refused and its money goes to suspense (their fees posted); the rest settles', async () => {
    const [fifth, sixth] = [installments[5], installments[6]];
    const over = new Decimal(fifth.value).plus(100).toFixed(2);
    const list: ItauReturnMovement[] = [
      { movement: '06', nossoNumero: sequences[5], amount: fifth.value, paid: over, fee: '1.90', occurredOn: '2026-01-20', creditedOn: '2026-01-20' },
      { movement: '06', nossoNumero: sequences[6], amount: sixth.value, paid: sixth.value, fee: '1.90', occurredOn: '2026-01-20', creditedOn: '2026-01-20' },
      // The same title again on another day: another line for the bank, but the installment is paid by the line before.
      { movement: '06', nossoNumero: sequences[6], amount: sixth.value, paid: sixth.value, fee: '1.90', occurredOn: '2026-01-19', creditedOn: '2026-01-20' },
    ];
    const payments = await count('installment_transactions');
    // The preview runs the payment rules: what settling will refuse is refused here, with the same reason.
    const seen = await preview(fileOf(list, 30));
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.lines.map((l: { outcome: string }) => l.outcome)).toEqual(['settled', 'settled', 'refused']);
    expect(seen.body.lines[0].message).toContain('R$ 100,00 vão para valores a identificar');
    expect(seen.body.totals).toMatchObject({ settled_count: 2, fee_total: '5.70' });
    expect(await count('installment_transactions')).toBe(payments);
    const before = (await call(server, 'ledger.trialBalance', {}, tokens.operator)).body.accounts as Array<{ account: string; balance: string }>;
    const balanceIn = (accounts: Array<{ account: string; balance: string }>, name: string) => new Decimal(accounts.find((a) => a.account === name)!.balance);
    const sent = key();
    const answer = await settle(fileOf(list, 30), 'operator', '341', sent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The same request again (a retry with its key) answers what the first answered and settles nothing more.
    const replayed = await settle(fileOf(list, 30), 'operator', '341', sent);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual(answer.body);
    expect(answer.body.lines.map((l: { outcome: string }) => l.outcome)).toEqual(['settled', 'settled', 'refused']);
    expect(answer.body.lines[2].message).toContain('Campo amount');
    expect(answer.body.lines.map((l: { message: string | null }) => l.message)).toEqual(seen.body.lines.map((l: { message: string | null }) => l.message));
    // The bank debited every line's fee, refused or not: all three are posted, once.
    expect(answer.body.file).toMatchObject({ settled_count: 2, fee_total: '5.70' });
    expect(await count('installment_transactions')).toBe(payments + 2);
    const schedule = (await call(server, 'servicing.installments', { id: opId }, tokens.agent)).body.installments as Array<{ id: number; status: string }>;
    expect(schedule.filter((i) => i.id === fifth.id || i.id === sixth.id).map((i) => i.status)).toEqual(['paid', 'paid']);
    const suspended = await server.database.rows<{ amount: string; reason: string; return_line: number }>(
      'SELECT amount::text AS amount, reason, return_line FROM suspense_items WHERE return_file_id = $1 ORDER BY return_line',
      [answer.body.file.id],
    );
    expect(suspended).toEqual([
      { amount: '100.00', reason: 'overpaid', return_line: 3 },
      { amount: new Decimal(sixth.value).toFixed(2), reason: 'refused', return_line: 7 },
    ]);
    const tb = await call(server, 'ledger.trialBalance', {}, tokens.operator);
    expect(tb.body.difference).toBe('0.00');
    expect(balanceIn(tb.body.accounts, 'bank_fees').minus(balanceIn(before, 'bank_fees')).toFixed(2)).toBe('5.70');
    // Every real credited is on the bank account: the three lines paid, less their fees.
    const credited = new Decimal(over).plus(sixth.value).plus(sixth.value).minus('5.70');
    expect(balanceIn(tb.body.accounts, 'bank').minus(balanceIn(before, 'bank')).toFixed(2)).toBe(credited.toFixed(2));
    // The overpaid line sent again in another file: the same credit, booked already; nothing is posted twice.
    const again = await preview(fileOf(list.slice(0, 1), 31));
    expect(again.body.lines[0]).toMatchObject({ outcome: 'duplicate', fee_posted: false });
  });
});
