/**
 * One bank per title: the company switches its collecting account Itaú (341)
 * → Banco do Brasil (001) → Caixa (104) while an installment's title is at a
 * bank. Before, each switch sent the same installment as a new entry (01) in
 * every bank's remittance. Now the old bank's remittance carries the baixa
 * (02) of the title it holds, the new bank's entry is held back (shown in its
 * overview with the bank and number holding it) until that baixa went out,
 * and at no time do two banks hold a live title of the installment. The
 * installment's registration call says where it is registered and since when
 * (sent, confirmed by the bank's return). The old slip paid at the old bank
 * in the window settles once and the new bank's title then gets its baixa; a
 * slip never sent is neither entered nor written off after a switch; switched
 * away and back, the old slip is not given again. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnabTables, readRecord } from '../../../src/server/domain/cnab';
import { startTestServer, type TestServer } from '../../helpers/server';
import { itauReturnFile } from '../../helpers/cnab-return-file';
import { call, signInEveryRole, type DemoRole } from './client';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
const account: Record<'341' | '001' | '104', number> = { '341': 0, '001': 0, '104': 0 };
let installment: { id: number; value: string };
let other: { id: number; value: string };
let third: { id: number; value: string };

const TODAY = '2026-01-20';
const ITAU_RETURN = { agency: '0912', account: '45021', accountDac: '7', companyDocument: '27185642000169' };
type Bank = keyof typeof account;

async function issueBoleto(installmentId: number): Promise<void> {
  const answer = await call(server, 'boleto.slip', { x: installmentId }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function overview(bank: Bank) {
  const answer = await call(server, 'remittance.overview', { bankCode: bank, date: TODAY, bank_account_id: account[bank] }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function generate(bank: Bank) {
  return call(server, 'remittance.generate', { bankCode: bank, date: TODAY, bank_account_id: account[bank], idempotency_key: key() }, tokens.operator);
}

async function registration(installmentId = installment.id) {
  const answer = await call(server, 'boleto.registration', { x: installmentId }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The collecting account is the first active boleto account: the others step aside. */
async function collectWith(bank: Bank): Promise<void> {
  for (const [code, id] of Object.entries(account)) {
    await server.database.rows('UPDATE company_bank_accounts SET active = $2 WHERE id = $1', [id, code === bank]);
  }
}

/** Each file's movement for the installment's slips, in file order: [bank, instruction]. */
async function itemsOf(installmentId: number): Promise<Array<[string, string]>> {
  const rows = await server.database.rows<{ bank_code: string; instruction: string }>(
    'SELECT m.bank_code, r.instruction FROM remittance_items r JOIN remittances m ON m.id = r.remittance_id WHERE r.installment_id = $1 ORDER BY m.id, r.id',
    [installmentId],
  );
  return rows.map((r) => [r.bank_code, r.instruction]);
}

/** Titles of the installment live at a bank now (sent or confirmed), as the registration call says. */
async function liveBanks(installmentId = installment.id): Promise<string[]> {
  const view = await registration(installmentId);
  return view.titles.filter((t: { state: string }) => t.state === 'sent' || t.state === 'confirmed').map((t: { bank_code: string }) => t.bank_code);
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  [{ id: account['341'] }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
  const bb = await call(
    server,
    'company.createBank',
    { id: 1, bank_code: '001', bank_name: 'Banco do Brasil', agency: '1769', agency_digit: '8', account: '88012', account_digit: '3', wallet: '17', agreement: '1234567', next_our_number: 1, wallet_variation: '019' },
    tokens.admin,
  );
  expect(bb.status, JSON.stringify(bb.body)).toBe(200);
  account['001'] = bb.body.id;
  const caixa = await call(
    server,
    'company.createBank',
    { id: 1, bank_code: '104', bank_name: 'Caixa Econômica Federal', agency: '1234', account: '000123', account_digit: '4', wallet: '1', agreement: '123456', next_our_number: 500 },
    tokens.admin,
  );
  expect(caixa.status, JSON.stringify(caixa.body)).toBe(200);
  account['104'] = caixa.body.id;
  const opId = await disbursedOperation(server, tokens, await insertBorrower(server, 'Bruna Banco Único', '111.444.777-35'));
  const schedule = await call(server, 'servicing.installments', { id: opId }, tokens.agent);
  [installment, other, third] = schedule.body.installments;
  await collectWith('341');
});
afterAll(async () => {
  await server?.close();
});

describe('one bank per title: 341 → 001 → 104', () => {
  it('at Itaú: entered, confirmed by the return; the registration says where and since when', async () => {
    server.clock.set('2026-01-15');
    await issueBoleto(installment.id);
    expect(await registration()).toMatchObject({ current: null, latest: { bank_code: '341', state: 'issued', since: '2026-01-15' }, waiting: false });
    server.clock.set(TODAY);
    const sent = await generate('341');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.entry_count).toBe(1);
    expect(await registration()).toMatchObject({ current: { bank_code: '341', state: 'sent', since: TODAY } });

    const [slip] = await server.database.rows<{ sequence: string }>('SELECT sequence::text AS sequence FROM boleto_slips WHERE installment_id = $1', [installment.id]);
    const confirmation = itauReturnFile(ITAU_RETURN, [{ movement: '02', nossoNumero: slip.sequence.padStart(8, '0'), amount: installment.value, paid: '0', fee: '0', occurredOn: '2026-01-19' }], { generatedOn: TODAY, fileSequence: 1 });
    const settled = await call(server, 'cnabReturn.settle', { bankCode: '341', file_name: 'RET-CONF.ret', content: confirmation, idempotency_key: key() }, tokens.operator);
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    const view = await registration();
    expect(view.current).toMatchObject({ bank_code: '341', state: 'confirmed', since: '2026-01-19' });
    expect(view.latest.boleto_slip_id).toBe(view.current.boleto_slip_id);
  });

  it('switched to BB: the new slip waits, Itaú gets the baixa; only after it goes out does BB get the entry', async () => {
    await collectWith('001');
    await issueBoleto(installment.id);
    const waiting = await registration();
    expect(waiting).toMatchObject({ current: { bank_code: '341', state: 'confirmed' }, latest: { bank_code: '001', state: 'issued' }, waiting: true });

    // BB's overview leaves the entry out, saying which bank holds the title; nothing else to carry.
    const bb = await overview('001');
    expect(bb.pending.items).toEqual([]);
    expect(bb.held_back).toHaveLength(1);
    expect(bb.held_back[0]).toMatchObject({ installment_id: installment.id, instruction: 'entry', held_at: { bank_code: '341', our_number: waiting.current.our_number } });
    expect((await generate('001')).status).toBe(409);

    // Itaú's (now inactive) account carries the baixa of the title it holds: its slip was replaced.
    const itau = await overview('341');
    expect(itau.pending.items).toEqual([expect.objectContaining({ installment_id: installment.id, instruction: 'writeOff', reason: 'replaced' })]);
    const baixa = await generate('341');
    expect(baixa.status, JSON.stringify(baixa.body)).toBe(200);
    expect(baixa.body).toMatchObject({ entry_count: 0, write_off_count: 1 });
    const file = await call(server, 'remittance.file', { bankCode: '341', remittanceId: baixa.body.id }, tokens.agent);
    const segmentsP = Buffer.from(file.body as Uint8Array).toString('latin1').split('\r\n').filter((l) => l[13] === 'P').map((l) => readRecord(cnabTables('341').segmentP, l));
    expect(segmentsP.map((p) => p.movement)).toEqual(['02']);
    expect(await registration()).toMatchObject({ current: null, latest: { bank_code: '001', state: 'issued' }, waiting: false });
    expect(await liveBanks()).toEqual([]);

    // Now BB's file carries the entry.
    const after = await overview('001');
    expect(after.held_back).toEqual([]);
    expect(after.pending.items).toEqual([expect.objectContaining({ installment_id: installment.id, instruction: 'entry' })]);
    const entry = await generate('001');
    expect(entry.status, JSON.stringify(entry.body)).toBe(200);
    expect(entry.body).toMatchObject({ entry_count: 1, write_off_count: 0 });
    expect(await liveBanks()).toEqual(['001']);
    expect((await registration()).current).toMatchObject({ bank_code: '001', state: 'sent', since: TODAY });
  });

  it('switched again to Caixa: BB gets the baixa, then Caixa the entry; one live title at every step', async () => {
    await collectWith('104');
    await issueBoleto(installment.id);
    expect((await overview('104')).held_back).toEqual([expect.objectContaining({ installment_id: installment.id, held_at: expect.objectContaining({ bank_code: '001' }) })]);
    expect((await generate('104')).status).toBe(409);
    expect(await liveBanks()).toEqual(['001']);

    expect((await overview('001')).pending.items).toEqual([expect.objectContaining({ installment_id: installment.id, instruction: 'writeOff', reason: 'replaced' })]);
    expect((await generate('001')).status).toBe(200);
    expect(await liveBanks()).toEqual([]);
    const caixa = await generate('104');
    expect(caixa.status, JSON.stringify(caixa.body)).toBe(200);
    expect(caixa.body.entry_count).toBe(1);
    expect(await liveBanks()).toEqual(['104']);

    // Every file, in order: each bank's entry follows the baixa at the bank before it; nothing is left to carry.
    expect(await itemsOf(installment.id)).toEqual([
      ['341', 'entry'],
      ['341', 'writeOff'],
      ['001', 'entry'],
      ['001', 'writeOff'],
      ['104', 'entry'],
    ]);
    for (const bank of ['341', '001', '104'] as const) expect((await overview(bank)).pending.items.filter((i: { installment_id: number }) => i.installment_id === installment.id)).toEqual([]);
    const view = await registration();
    expect(view.titles.map((t: { bank_code: string; state: string }) => [t.bank_code, t.state])).toEqual([
      ['341', 'write_off_sent'],
      ['001', 'write_off_sent'],
      ['104', 'sent'],
    ]);
  });

  it('the old slip paid at Itaú before its baixa was processed settles the installment once; Caixa’s title then gets its baixa', async () => {
    const [old] = await server.database.rows<{ sequence: string }>('SELECT sequence::text AS sequence FROM boleto_slips WHERE installment_id = $1 AND bank_account_id = $2', [installment.id, account['341']]);
    const paid = itauReturnFile(ITAU_RETURN, [{ movement: '06', nossoNumero: old.sequence.padStart(8, '0'), amount: installment.value, paid: installment.value, fee: '0', occurredOn: TODAY, creditedOn: TODAY }], { generatedOn: TODAY, fileSequence: 2 });
    const settled = await call(server, 'cnabReturn.settle', { bankCode: '341', file_name: 'RET-PAID.ret', content: paid, idempotency_key: key() }, tokens.operator);
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    const [payments] = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM installment_transactions WHERE installment_id = $1 AND kind = 'payment'", [installment.id]);
    expect(payments.n).toBe(1);
    // The same line again (a second file carrying it) settles nothing more.
    const again = itauReturnFile(ITAU_RETURN, [{ movement: '06', nossoNumero: old.sequence.padStart(8, '0'), amount: installment.value, paid: installment.value, fee: '0', occurredOn: TODAY, creditedOn: TODAY }], { generatedOn: TODAY, fileSequence: 3 });
    expect((await call(server, 'cnabReturn.settle', { bankCode: '341', file_name: 'RET-PAID-2.ret', content: again, idempotency_key: key() }, tokens.operator)).status).toBe(200);
    const [still] = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM installment_transactions WHERE installment_id = $1 AND kind = 'payment'", [installment.id]);
    expect(still.n).toBe(1);
    // Paid: Caixa's live title goes out as a baixa, and no bank holds a live title any more.
    expect((await overview('104')).pending.items).toEqual([expect.objectContaining({ installment_id: installment.id, instruction: 'writeOff', reason: 'paid' })]);
    expect((await generate('104')).status).toBe(200);
    expect(await liveBanks()).toEqual([]);
    expect((await registration()).titles[0]).toMatchObject({ bank_code: '341', state: 'settled', since: TODAY });
  });

  it('a slip never sent under the old account is neither entered nor written off there after a switch', async () => {
    await collectWith('341');
    await issueBoleto(other.id);
    await collectWith('001');
    await issueBoleto(other.id);
    expect((await overview('341')).pending.items.filter((i: { installment_id: number }) => i.installment_id === other.id)).toEqual([]);
    expect((await overview('001')).pending.items).toEqual([expect.objectContaining({ installment_id: other.id, instruction: 'entry' })]);
    expect((await overview('001')).held_back).toEqual([]);
  });

  it('switched away and back before the old title’s baixa went out: a new slip at the old bank, the old title written off in the same file', async () => {
    await collectWith('341');
    await issueBoleto(third.id);
    expect((await generate('341')).status).toBe(200);
    await collectWith('001');
    await issueBoleto(third.id);
    await collectWith('341');
    // The 341 slip is not given again: the BB slip replaced it (its baixa is due); a new title at 341 instead.
    await issueBoleto(third.id);
    const slips = await server.database.rows<{ bank_account_id: number }>('SELECT bank_account_id FROM boleto_slips WHERE installment_id = $1 ORDER BY id', [third.id]);
    expect(slips.map((r) => r.bank_account_id)).toEqual([account['341'], account['001'], account['341']]);
    expect((await overview('001')).pending.items.filter((i: { installment_id: number }) => i.installment_id === third.id)).toEqual([]);
    const itau = (await overview('341')).pending.items.filter((i: { installment_id: number }) => i.installment_id === third.id);
    expect(itau.map((i: { instruction: string; reason: string | null }) => [i.instruction, i.reason])).toEqual([
      ['writeOff', 'replaced'],
      ['entry', null],
    ]);
    expect((await generate('341')).status).toBe(200);
    expect(await liveBanks(third.id)).toEqual(['341']);
  });

  it('404 for an unknown installment; the registered role gets 403', async () => {
    expect((await call(server, 'boleto.registration', { x: 999999 }, tokens.agent)).status).toBe(404);
    expect((await call(server, 'boleto.registration', { x: installment.id }, tokens.user)).status).toBe(403);
  });
});
