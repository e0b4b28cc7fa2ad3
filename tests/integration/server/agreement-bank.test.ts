/**
 * An agreement's slips at the bank over HTTP (PGlite and PostgreSQL): the remittance registers the agreement's slips
 * (entry, once: the next file carries them no more); a return line of an agreement slip pays the agreement installment
 * through renegotiation (previewed as "acordo AC-…, parcela n"), once even when a later file reports it again; a line
 * above what is due pays what is due and the rest goes to suspense; an installment paid by hand after its slip went
 * out gets its baixa in the next file; a suspense item applied to an agreement installment (unknown installment 404,
 * installment already paid 409, in Portuguese); the manual remittance offers no agreement slip and counts those waiting
 * for the automatic file; where each installment's title stands at the bank
 * (`boleto.agreementRegistration`: sent, confirmed, rejected with the bank's reasons, settled, baixa sent; its matrix);
 * the baixa in the next file after an installment paid by Pix (the sandbox's signed notice), after a slip replaced (its
 * amount changed) and after the agreement broke ("Verificar quebras agora"); the trial balance "0.00" after each; the
 * authorization matrix.
 *
 * One operation of twelve released 2026-01-15; on 2026-05-20 its overdue installments are renegotiated with a down
 * payment of R$ 100,00 due 2026-05-25 and four monthly installments from 2026-06-20. Slips at the demo company's Itaú
 * account (0912 / 45021-7); the return file is written with the project's CNAB tables (tests/helpers/cnab-return-file.ts).
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../helpers/server';
import { itauReturnFile, type ItauReturnMovement } from '../../helpers/cnab-return-file';
import { call, raw, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { sandboxPix, signedSandboxNotice } from '../../../src/server/areas/pix';
import { expectBooksBalanced, key } from './servicing-fixtures';
import { startWithAgreement } from './renegotiation-fixtures';

type Row = Record<string, any>;
let server: TestServer;
let tokens: Record<DemoRole, string>;
let agreement: Row;
let itauId = 0;
let installments: Row[] = [];
const sequences = new Map<number, string>();
const TODAY = '2026-05-20';
const ACCOUNT = { agency: '0912', account: '45021', accountDac: '7', companyDocument: '27185642000169' };

const agreementNo = () => `AC-${String(agreement.id).padStart(6, '0')}`;

async function view(): Promise<Row> {
  const answer = await call(server, 'renegotiation.get', { id: agreement.id }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}
const generate = (date = TODAY) => call(server, 'remittance.generate', { bankCode: '341', date, bank_account_id: itauId, idempotency_key: key() }, tokens.operator);
/** The agreement's pending items in the account's next file on `date`: [agreement installment, instruction, reason]. */
async function pendingOf(date = TODAY): Promise<unknown[][]> {
  const overview = await call(server, 'remittance.overview', { bankCode: '341', date, bank_account_id: itauId }, tokens.operator);
  expect(overview.status, JSON.stringify(overview.body)).toBe(200);
  return (overview.body.pending.items as Row[]).filter((i) => i.agreement_id === agreement.id).map((i) => [i.agreement_installment_id, i.instruction, i.reason ?? null]);
}
/** Each installment's titles at the bank, newest first: [state, since] (boleto.agreementRegistration). */
async function registration(): Promise<Map<number, Row[]>> {
  const answer = await call(server, 'boleto.agreementRegistration', { x: agreement.id }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect((answer.body as Row[]).map((r) => r.installment_id)).toEqual(installments.map((i) => i.id));
  return new Map((answer.body as Row[]).map((r) => [r.installment_id, [...r.titles].reverse()]));
}
const now = () => Math.floor(Date.now() / 1000);
const agreementItems = () =>
  server.database.rows<{ remittance_id: number; agreement_installment_id: number; instruction: string; installment_id: number | null }>(
    'SELECT remittance_id, agreement_installment_id, instruction, installment_id FROM remittance_items WHERE agreement_installment_id IS NOT NULL ORDER BY id',
  );
const lineOf = (n: number, paid: string, extra: Partial<ItauReturnMovement> = {}): ItauReturnMovement => ({
  movement: '06', nossoNumero: sequences.get(installments[n].id)!, amount: paid, paid, fee: '1.90', occurredOn: TODAY, creditedOn: TODAY, ...extra,
});
const fileOf = (list: ItauReturnMovement[], fileSequence: number) => itauReturnFile(ACCOUNT, list, { generatedOn: TODAY, fileSequence });
const settle = (content: string) => call(server, 'cnabReturn.settle', { bankCode: '341', file_name: 'RET341.ret', content, idempotency_key: key() }, tokens.operator);

beforeAll(async () => {
  // Four installments after a down payment of R$ 100,00 (renegotiation-fixtures.ts has the rest of the start).
  ({ server, tokens, agreement } = await startWithAgreement({
    borrower: 'Bruna Banco Acordo',
    today: TODAY,
    conditions: { down_payment: '100.00', down_payment_due_date: '2026-05-25', term: 4 },
  }));
  [{ id: itauId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
  installments = (await view()).collection.installments;
  for (const i of installments) {
    const slip = await call(server, 'boleto.agreementSlip', { x: i.id }, tokens.agent);
    expect(slip.status, JSON.stringify(slip.body)).toBe(200);
  }
  const slips = await server.database.rows<{ agreement_installment_id: number; sequence: string; bank_account_id: number }>(
    "SELECT agreement_installment_id, sequence::text AS sequence, bank_account_id FROM boleto_slips WHERE kind = 'agreement' ORDER BY id",
  );
  for (const s of slips) {
    expect(s.bank_account_id).toBe(itauId);
    sequences.set(s.agreement_installment_id, s.sequence.padStart(8, '0'));
  }
}, 600_000);
afterAll(() => server?.close());

describe('authorization', () => {
  itAnswersTheMatrix(
    [['suspense.applyAgreement', { item: 999999, agreement_installment_id: 1, idempotency_key: 'matrix-key-0000000001' }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }]],
    () => ({ server, tokens }),
  );
});

describe('the manual remittance', () => {
  it("offers no agreement slip, counts the ones waiting for the automatic file, and refuses one picked by id (409, nothing stored)", async () => {
    const list = await call(server, 'remittanceManual.list', { limit: 500, filter: { bank_account_id: String(itauId) } }, tokens.operator);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.agreement_entries).toBe(installments.length);
    expect((list.body.items as Row[]).filter((i) => i.borrower_name === 'Bruna Banco Acordo')).toEqual([]);
    const files = (await server.database.rows('SELECT id FROM remittances')).length;
    const picked = await call(server, 'remittanceManual.create', { bank_account_id: itauId, installment_ids: [installments[0].id], idempotency_key: key() }, tokens.operator);
    expect(picked.status, JSON.stringify(picked.body)).toBe(409);
    expect((await server.database.rows('SELECT id FROM remittances')).length).toBe(files);
  });
});

describe('the remittance', () => {
  it("registers each agreement slip once (entry), named by the agreement; the next file carries none of them again", async () => {
    const overview = await call(server, 'remittance.overview', { bankCode: '341', date: TODAY, bank_account_id: itauId }, tokens.operator);
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    const ours = (overview.body.pending.items as Row[]).filter((i) => i.agreement_id === agreement.id);
    expect(ours.map((i) => [i.agreement_installment_id, i.instruction, i.installment_id])).toEqual(installments.map((i) => [i.id, 'entry', null]));
    expect(ours[0].reference).toBe(`${agreementNo()}/000`);
    const sent = await generate();
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await agreementItems()).map((r) => r.agreement_installment_id)).toEqual(installments.map((i) => i.id));
    const [file] = await server.database.rows<{ content: string }>('SELECT content FROM remittances WHERE id = $1', [sent.body.id]);
    expect(file.content).toContain(`A${agreement.id}/000`);
    const again = await generate();
    expect(again.status).toBe(409);
    const list = await call(server, 'remittanceManual.list', { limit: 10, filter: { bank_account_id: String(itauId) } }, tokens.operator);
    expect(list.body.agreement_entries).toBe(0);
    expect((await agreementItems()).length).toBe(installments.length);
    await expectBooksBalanced(server, tokens.admin);
  });
});

describe("the agreement's titles at the bank (boleto.agreementRegistration)", () => {
  it('every panel role reads it (200), the registered role 403, no token 401; an unknown agreement 404 in Portuguese', async () => {
    for (const role of ['superadmin', 'admin', 'operator', 'agent'] as const) expect({ role, status: (await call(server, 'boleto.agreementRegistration', { x: agreement.id }, tokens[role])).status }).toEqual({ role, status: 200 });
    expect((await call(server, 'boleto.agreementRegistration', { x: agreement.id }, tokens.user)).status).toBe(403);
    expect((await call(server, 'boleto.agreementRegistration', { x: agreement.id })).status).toBe(401);
    const unknown = await call(server, 'boleto.agreementRegistration', { x: 999999 }, tokens.agent);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Acordo de renegociação não encontrado.');
  });

  it("after the remittance each slip is sent; the bank's return confirms one and rejects another with its reasons", async () => {
    const sent = await registration();
    for (const i of installments) expect(sent.get(i.id)!.map((r) => [r.state, r.since, r.bank_code, r.our_number])).toEqual([['sent', TODAY, '341', expect.stringContaining(String(Number(sequences.get(i.id))))]]);
    const answer = await settle(fileOf([lineOf(3, '0', { movement: '02', paid: '0', amount: installments[3].payment, fee: '0' }), lineOf(4, '0', { movement: '03', paid: '0', amount: installments[4].payment, fee: '0', reasons: '14080000' })], 10));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await registration();
    expect(after.get(installments[3].id)![0]).toMatchObject({ state: 'confirmed', since: TODAY, rejection: null });
    const rejected = after.get(installments[4].id)![0];
    expect(rejected).toMatchObject({ state: 'rejected', since: TODAY, rejection: { movement: '03', file_name: 'RET341.ret', bank_code: '341' } });
    expect(rejected.rejection.reasons.map((r: Row) => r.code)).toEqual(['14', '08']);
    expect(rejected.rejection.reasons[0].words).toMatch(/\p{L}/u);
    // The rejected entry goes out again on the next file (a resend under the same number); sent again, no longer rejected.
    expect(await pendingOf()).toEqual([[installments[4].id, 'entry', null]]);
    expect((await generate()).status).toBe(200);
    expect((await registration()).get(installments[4].id)![0]).toMatchObject({ state: 'sent', rejection: null });
    await expectBooksBalanced(server, tokens.admin);
  });
});

describe('the return file', () => {
  it('previews the line as the agreement installment and settles it through the agreement once, even read twice', async () => {
    const content = fileOf([lineOf(0, '100.00')], 11);
    const preview = await call(server, 'cnabReturn.preview', { bankCode: '341', file_name: 'RET341.ret', content }, tokens.agent);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.lines[0]).toMatchObject({ outcome: 'settled', reference: `acordo ${agreementNo()}, parcela entrada`, installment_id: null });
    const settled = await settle(content);
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body.lines[0]).toMatchObject({ outcome: 'settled', paid: '100.00' });
    const a = await view();
    expect(a.collection.installments[0].status).toBe('paid');
    const payments = a.collection.payments.length;
    await expectBooksBalanced(server, tokens.admin);
    // The same line in a later file (another sha): the same credit reported again, nothing moves.
    const twice = await settle(fileOf([lineOf(0, '100.00')], 12));
    expect(twice.status, JSON.stringify(twice.body)).toBe(200);
    expect(twice.body.lines[0].outcome).toBe('duplicate');
    expect((await view()).collection.payments.length).toBe(payments);
    const [line] = await server.database.rows<{ agreement_payment_id: number | null; agreement_installment_id: number }>(
      "SELECT agreement_payment_id, agreement_installment_id FROM return_file_lines WHERE outcome = 'settled' ORDER BY id LIMIT 1",
    );
    expect(line.agreement_installment_id).toBe(installments[0].id);
    expect(line.agreement_payment_id).not.toBeNull();
    await expectBooksBalanced(server, tokens.admin);
  });

  it('a line above what is due pays what is due; the rest goes to suspense of the borrower', async () => {
    const due = new Decimal(installments[1].due_total);
    const paid = due.plus(5).toFixed(2);
    const settled = await settle(fileOf([lineOf(1, paid)], 13));
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body.lines[0].outcome).toBe('settled');
    expect((await view()).collection.installments[1].status).toBe('paid');
    const [item] = await server.database.rows<{ amount: string; reason: string; borrower_id: number | null }>(
      "SELECT amount::text AS amount, reason, borrower_id FROM suspense_items WHERE reason = 'overpaid' ORDER BY id DESC LIMIT 1",
    );
    expect(item).toMatchObject({ amount: '5.00', reason: 'overpaid', borrower_id: agreement.borrower_id });
    await expectBooksBalanced(server, tokens.admin);
  });
});

describe('the baixa', () => {
  it('an agreement installment paid by hand after its slip went out: the next remittance writes its title off (paid); the ones the bank settled get none', async () => {
    const third = installments[2];
    const paid = await call(server, 'renegotiation.pay', { id: agreement.id, idempotency_key: key(), installment_id: third.id, amount: third.due_total, paid_on: TODAY, bank_account_id: itauId }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const overview = await call(server, 'remittance.overview', { bankCode: '341', date: TODAY, bank_account_id: itauId }, tokens.operator);
    const ours = (overview.body.pending.items as Row[]).filter((i) => i.agreement_id === agreement.id);
    expect(ours.map((i) => [i.agreement_installment_id, i.instruction, i.reason])).toEqual([[third.id, 'writeOff', 'paid']]);
    expect((await generate()).status).toBe(200);
    expect((await agreementItems()).filter((r) => r.instruction === 'writeOff').map((r) => r.agreement_installment_id)).toEqual([third.id]);
    await expectBooksBalanced(server, tokens.admin);
  });
});

describe('suspense applied to an agreement installment', () => {
  it('refuses an unknown agreement installment (404) and one already paid (409), in Portuguese', async () => {
    const [item] = await server.database.rows<{ id: number }>("SELECT id FROM suspense_items WHERE reason = 'overpaid' ORDER BY id DESC LIMIT 1");
    const unknown = await call(server, 'suspense.applyAgreement', { item: item.id, agreement_installment_id: 999999, idempotency_key: key() }, tokens.operator);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Parcela de acordo não encontrada/);
    const paid = await call(server, 'suspense.applyAgreement', { item: item.id, agreement_installment_id: installments[0].id, idempotency_key: key() }, tokens.operator);
    expect(paid.status).toBe(409);
    expect(paid.body.message).toMatch(/já está paga/);
    await expectBooksBalanced(server, tokens.admin);
  });

  it('applies the item as the agreement payment dated the day received, with suspense_apply; the item is applied', async () => {
    const [item] = await server.database.rows<{ id: number }>("SELECT id FROM suspense_items WHERE reason = 'overpaid' ORDER BY id DESC LIMIT 1");
    const fourth = installments[3];
    const before = (await view()).collection.payments.length;
    const applied = await call(server, 'suspense.applyAgreement', { item: item.id, agreement_installment_id: fourth.id, idempotency_key: key() }, tokens.operator);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ state: 'applied', open_amount: '0.00' });
    const a = await view();
    expect(a.collection.payments.length).toBe(before + 1);
    expect(a.collection.payments.at(-1)).toMatchObject({ number: fourth.number, amount: '5.00', paid_on: TODAY });
    const [move] = await server.database.rows<{ agreement_installment_id: number; agreement_payment_id: number | null }>(
      'SELECT agreement_installment_id, agreement_payment_id FROM suspense_moves WHERE suspense_item_id = $1',
      [item.id],
    );
    expect(move.agreement_installment_id).toBe(fourth.id);
    expect(move.agreement_payment_id).not.toBeNull();
    await expectBooksBalanced(server, tokens.admin);
  });
});

describe('the baixa (continued)', () => {
  it('a slip replaced (the installment owes less after a payment, so a new amount): the next file writes the old title off (replaced) and enters the new one', async () => {
    // Installment 3 took R$ 5,00 from suspense above: its slip now asks less, a new nosso número.
    const third = installments[3];
    const reprint = await call(server, 'boleto.agreementSlip', { x: third.id }, tokens.agent);
    expect(reprint.status, JSON.stringify(reprint.body)).toBe(200);
    const slips = await server.database.rows<{ id: number; amount: string }>("SELECT id, amount::text AS amount FROM boleto_slips WHERE agreement_installment_id = $1 ORDER BY id", [third.id]);
    expect(slips).toHaveLength(2);
    expect(new Decimal(slips[1].amount).lt(slips[0].amount)).toBe(true);
    expect(await pendingOf()).toEqual([[third.id, 'writeOff', 'replaced'], [third.id, 'entry', null]]);
    expect((await generate()).status).toBe(200);
    const items = await server.database.rows<{ boleto_slip_id: number; instruction: string }>('SELECT boleto_slip_id, instruction FROM remittance_items WHERE agreement_installment_id = $1 ORDER BY id', [third.id]);
    expect(items.slice(-2)).toEqual([{ boleto_slip_id: slips[0].id, instruction: 'writeOff' }, { boleto_slip_id: slips[1].id, instruction: 'entry' }]);
    expect((await registration()).get(third.id)!.map((r) => r.state)).toEqual(['sent', 'write_off_sent']);
    expect(await pendingOf()).toEqual([]);
    await expectBooksBalanced(server, tokens.admin);
  });

  it('an installment paid by Pix (the sandbox-signed notice of its charge): the next file writes its title off (paid)', async () => {
    const chosen = await call(server, 'pix.saveSettings', { id: 1, provider: 'sandbox' }, tokens.admin);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const last = installments[4];
    // Printed again (same slip, same nosso número): its charge is created at the sandbox.
    expect((await call(server, 'boleto.agreementSlip', { x: last.id }, tokens.agent)).status).toBe(200);
    const [charge] = await server.database.rows<{ txid: string; amount: string }>('SELECT txid, amount::text AS amount FROM pix_charges WHERE agreement_installment_id = $1 ORDER BY id DESC LIMIT 1', [last.id]);
    const pix = sandboxPix({ txid: charge.txid, paidAt: '2026-05-20T15:00:00-03:00', endToEndId: 'E00000000202605201500BANKBAIXA01' }, TODAY);
    const notice = signedSandboxNotice(chosen.body.webhook_secret, [pix], now());
    const delivered = await raw(server, 'pix.webhook', { params: { company_id: 1 }, body: notice.body, headers: notice.headers });
    expect(delivered.body).toEqual({ received: 1, settled: 1, unmatched: 0, duplicates: 0 });
    expect((await view()).collection.installments[4].status).toBe('paid');
    expect(await pendingOf()).toEqual([[last.id, 'writeOff', 'paid']]);
    expect((await generate()).status).toBe(200);
    expect((await registration()).get(last.id)!.map((r) => r.state)).toEqual(['write_off_sent']);
    expect(await pendingOf()).toEqual([]);
    await expectBooksBalanced(server, tokens.admin);
  });

  it('the agreement broken ("Verificar quebras agora" past the break days): the next file writes off the open title (broken)', async () => {
    const third = installments[3];
    const day = new Date(`${third.due_date}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 31);
    const breakDay = day.toISOString().slice(0, 10);
    server.clock.set(breakDay);
    const run = await call(server, 'renegotiation.runBreaks', {}, tokens.operator);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.broken).toContain(agreement.id);
    expect((await view()).collection.broken).toMatchObject({ broken_on: breakDay });
    expect(await pendingOf(breakDay)).toEqual([[third.id, 'writeOff', 'broken']]);
    expect((await generate(breakDay)).status).toBe(200);
    const [newest] = (await registration()).get(third.id)!;
    expect(newest).toMatchObject({ state: 'write_off_sent', since: breakDay });
    expect(await pendingOf(breakDay)).toEqual([]);
    await expectBooksBalanced(server, tokens.admin);
  });
});
