/**
 * Manual remittances over HTTP: who may list, hide, generate and read them;
 * bad input named; the list's filters (operation, borrower by name or
 * document, due-date range, the single page's limit); hiding kept per
 * installment with who and when, logged, and shown again; a file of the
 * installments picked, checked with the CNAB reader and downloaded again;
 * installments not eligible on the account (sent already, no boleto,
 * another account's boleto, unknown) a 409 naming each, nothing stored; the
 * idempotency key; two people picking the same installment at once. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 *
 * Slips come from the boleto call on the demo company's Itaú account; two
 * operations released on 2026-01-15, boletos issued that day.
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest, operation } from '../../../src/shared/contract/index';
import { checkRemittance, cnabTables, readRecord } from '../../../src/server/domain/cnab';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, raw, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

type Installment = { id: number; number: number; value: string; due_date: string };

let server: TestServer;
let tokens: Record<DemoRole, string>;
let itauId: number;
let bradescoId: number;
let opA: number;
let opB: number;
let partsA: Installment[];
let partsB: Installment[];

const ITAU = cnabTables('341');
const TODAY = '2026-01-20';
const op = (id: number) => `OP-${String(id).padStart(6, '0')}`;
const ref = (opId: number, number: number) => `${op(opId)}/${String(number).padStart(3, '0')}`;

/** The list of the Itaú account; `call` sends the arguments unparsed, so the account id goes as text (a filter number 1 would be sent as "true"). */
async function list(filter: Record<string, string> = {}, limit = 100, role: DemoRole = 'agent') {
  const answer = await call(server, 'remittanceManual.list', { page: 1, limit, filter: { bank_account_id: String(itauId), ...filter } }, tokens[role]);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const ids = (items: Array<{ installment_id: number }>) => items.map((i) => i.installment_id);

async function create(installmentIds: number[], overrides: Record<string, unknown> = {}, role: DemoRole = 'operator') {
  return call(server, 'remittanceManual.create', { bank_account_id: itauId, installment_ids: installmentIds, idempotency_key: key(), ...overrides }, tokens[role]);
}

async function remittanceCount(): Promise<number> {
  const [row] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM remittances');
  return row.n;
}

async function schedule(id: number): Promise<Installment[]> {
  const answer = await call(server, 'servicing.installments', { id }, tokens.agent);
  expect(answer.status).toBe(200);
  return answer.body.installments;
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  [{ id: itauId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
  [{ id: bradescoId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '237' ORDER BY id LIMIT 1");
  opA = await disbursedOperation(server, tokens, await insertBorrower(server, 'Rita Conceição Manual', '111.444.777-35'));
  opB = await disbursedOperation(server, tokens, await insertBorrower(server, 'Joaquim Remessa', '529.982.247-25'));
  partsA = await schedule(opA);
  partsB = await schedule(opB);
  // Clock on 2026-01-15 (disbursedOperation): the boletos are issued that day.
  for (const i of [...partsA.slice(0, 5), ...partsB.slice(0, 3)]) {
    const answer = await call(server, 'boleto.slip', { x: i.id }, tokens.agent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  server.clock.set(TODAY);
});
afterAll(async () => {
  await server?.close();
});

describe('authorization', () => {
  const readers = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 };
  const writers404 = { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['remittanceManual.list', { page: 1, filter: { bank_account_id: '999999' } }, { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 }],
      ['remittanceManual.history', {}, readers],
      ['remittanceManual.create', { bank_account_id: 999999, installment_ids: [1], idempotency_key: 'matrix-key-manual-0001' }, writers404],
      ['remittanceManual.hide', { id: 999999, id2: 999999 }, writers404],
      ['remittanceManual.unhide', { id: 999999, id2: 999999 }, writers404],
    ],
    () => ({ server, tokens }),
  );
});

describe('bad input', () => {
  it('the account parsed by the app still travels as its number (a filter number 1 would go as "true")', () => {
    const list = operation('remittanceManual.list');
    expect(buildRequest(list, list.args.parse({ filter: { bank_account_id: 1 } })).query).toContainEqual(['filter[bank_account_id]', '1']);
  });

  it('400 naming the field, nothing stored', async () => {
    const noAccount = await raw(server, 'remittanceManual.list', { query: 'page=1', token: tokens.agent });
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.field).toBe('filter.bank_account_id');
    const unknown = await raw(server, 'remittanceManual.list', { query: `filter[bank_account_id]=${itauId}&filter[color]=x`, token: tokens.agent });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('color');
    const page2 = await raw(server, 'remittanceManual.list', { query: `page=2&filter[bank_account_id]=${itauId}`, token: tokens.agent });
    expect(page2.status).toBe(400);
    expect(page2.body.field).toBe('page');
    const badDay = await raw(server, 'remittanceManual.list', { query: `filter[bank_account_id]=${itauId}&filter[due_from]=2026-02-30`, token: tokens.agent });
    expect(badDay.status).toBe(400);
    expect(badDay.body.field).toBe('filter.due_from');
    const badOperation = await raw(server, 'remittanceManual.list', { query: `filter[bank_account_id]=${itauId}&filter[operation]=abc`, token: tokens.agent });
    expect(badOperation.status).toBe(400);
    expect(badOperation.body.field).toBe('filter.operation');
    const noCnab = await call(server, 'remittanceManual.list', { filter: { bank_account_id: String(bradescoId) } }, tokens.agent);
    expect(noCnab.status).toBe(400);
    expect(noCnab.body.field).toBe('filter.bank_account_id');

    const nothing = await create([]);
    expect(nothing.status).toBe(400);
    expect(nothing.body.field).toBe('installment_ids');
    expect(nothing.body.message).toContain('ao menos uma parcela');
    const twice = await create([partsA[0].id, partsA[0].id]);
    expect(twice.status).toBe(400);
    expect(twice.body.field).toBe('installment_ids');
    const noKey = await raw(server, 'remittanceManual.create', { body: JSON.stringify({ bank_account_id: itauId, installment_ids: [partsA[0].id] }), token: tokens.operator });
    expect(noKey.status).toBe(400);
    expect(noKey.body.field).toBe('idempotency_key');
    const otherBank = await create([partsA[0].id], { bank_account_id: bradescoId });
    expect(otherBank.status).toBe(400);
    expect(otherBank.body.field).toBe('bank_account_id');
    const badId = await call(server, 'remittanceManual.hide', { id: opA, id2: 'x' }, tokens.operator);
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('id2');
    expect(await remittanceCount()).toBe(0);
  });
});

describe('the list and its filters', () => {
  it('lists the boletos issued and never sent, by due date, with the installment, borrower and amount', async () => {
    const view = await list({ operation: op(opA) });
    expect(view).toMatchObject({ bank_account_id: itauId, bank_code: '341', next_nsa: 1, as_of: TODAY });
    expect(ids(view.items)).toEqual(partsA.slice(0, 5).map((i) => i.id));
    expect(view.items[0]).toMatchObject({
      credit_operation_id: opA,
      operation_number: op(opA),
      installment_number: 1,
      reference: ref(opA, 1),
      borrower_name: 'Rita Conceição Manual',
      amount: new Decimal(partsA[0].value).toFixed(2),
      due_date: partsA[0].due_date,
      issued_on: '2026-01-15',
      hidden: false,
    });
    expect(view.meta.totalItems).toBe(5);
    // The operation as a bare number too; an installment without a boleto is not listed.
    expect(ids((await list({ operation: String(opA) })).items)).not.toContain(partsA[5].id);
  });

  it('filters by borrower name (accents and case ignored) or document, by due date, and says how many match beyond the limit', async () => {
    const byName = await list({ borrower: 'rita conceicao' });
    expect(new Set(byName.items.map((i: { credit_operation_id: number }) => i.credit_operation_id))).toEqual(new Set([opA]));
    const byDocument = await list({ borrower: '982.247' });
    expect(ids(byDocument.items)).toEqual(partsB.slice(0, 3).map((i) => i.id));
    const range = await list({ operation: op(opA), due_from: partsA[1].due_date, due_to: partsA[2].due_date });
    expect(ids(range.items)).toEqual([partsA[1].id, partsA[2].id]);
    const limited = await list({ operation: op(opA) }, 2);
    expect(limited.items).toHaveLength(2);
    expect(limited.meta).toMatchObject({ currentPage: 1, totalItems: 5 });
  });
});

describe('hiding', () => {
  it('hides an installment (who and when, logged, once), lists it only among the hidden, and shows it again', async () => {
    const target = partsA[4];
    const hidden = await call(server, 'remittanceManual.hide', { id: opA, id2: target.id }, tokens.operator);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body).toMatchObject({ credit_operation_id: opA, installment_id: target.id, hidden: true });
    expect(hidden.body.hidden_by_name).toBeTruthy();
    expect(ids((await list({ operation: op(opA) })).items)).not.toContain(target.id);
    const onlyHidden = await list({ hidden: 'true' });
    expect(ids(onlyHidden.items)).toEqual([target.id]);
    expect(onlyHidden.items[0]).toMatchObject({ hidden: true, hidden_at: hidden.body.hidden_at });

    const again = await call(server, 'remittanceManual.hide', { id: opA, id2: target.id }, tokens.admin);
    expect(again.body.hidden_at).toBe(hidden.body.hidden_at);
    const logged = async (action: string) =>
      (await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action = $1 AND entity = 'installment' AND entity_id = $2", [action, target.id]))[0].n;
    expect(await logged('remittance.manual-hide')).toBe(1);

    // Another operation's installment is not found.
    expect((await call(server, 'remittanceManual.hide', { id: opB, id2: target.id }, tokens.operator)).status).toBe(404);

    const shown = await call(server, 'remittanceManual.unhide', { id: opA, id2: target.id }, tokens.operator);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ hidden: false, hidden_at: null });
    expect(ids((await list({ operation: op(opA) })).items)).toContain(target.id);
    expect(await logged('remittance.manual-unhide')).toBe(1);
  });
});

describe('creating', () => {
  let manualId = 0;

  it('generates the next NSA with exactly the installments picked, stored, listed and downloaded byte for byte', async () => {
    const picked = [partsA[2].id, partsA[1].id];
    const answer = await create(picked);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    manualId = answer.body.id;
    const total = new Decimal(partsA[1].value).plus(partsA[2].value).toFixed(2);
    expect(answer.body).toMatchObject({ nsa: 1, slip_count: 2, entry_count: 2, write_off_count: 0, total, bank_code: '341', file_name: 'REM341000001.rem', generated_on: TODAY, cutoff_date: TODAY });

    const file = await call(server, 'remittance.file', { bankCode: '341', remittanceId: manualId }, tokens.agent);
    expect(file.status).toBe(200);
    const bytes = file.body as Uint8Array;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(answer.body.sha256);
    const lines = Buffer.from(bytes).toString('latin1').slice(0, -2).split('\r\n');
    expect(lines.every((l) => l.length === 240)).toBe(true);
    expect(checkRemittance('341', lines)).toEqual([]);
    const segmentsP = lines.filter((l) => l[13] === 'P').map((l) => readRecord(ITAU.segmentP, l));
    expect(segmentsP.map((p) => [p.movement, p.companyReference])).toEqual([
      ['01', ref(opA, 2)],
      ['01', ref(opA, 3)],
    ]);
    expect(readRecord(ITAU.lotTrailer, lines[lines.length - 2]).simpleTotal).toBe(total);

    const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM manual_remittances WHERE remittance_id = $1', [manualId]);
    expect(n).toBe(1);
    const history = await call(server, 'remittanceManual.history', { bank_account_id: itauId }, tokens.agent);
    expect(history.status).toBe(200);
    expect(history.body.map((r: { id: number }) => r.id)).toEqual([manualId]);
    // Sent: off the manual list, and not an entry of the next automatic file either.
    const after = await list({ operation: op(opA) });
    expect(ids(after.items)).toEqual([partsA[0].id, partsA[3].id, partsA[4].id]);
    expect(after.next_nsa).toBe(2);
    const overview = await call(server, 'remittance.overview', { bankCode: '341', date: TODAY, bank_account_id: itauId }, tokens.agent);
    expect(ids(overview.body.pending.items)).not.toEqual(expect.arrayContaining(picked));
  });

  it('installments not eligible on the account: 409 naming each with why, nothing stored', async () => {
    const before = await remittanceCount();
    const refused = await create([partsA[0].id, partsA[1].id, partsA[6].id, 999999]);
    expect(refused.status).toBe(409);
    expect(refused.body.field).toBe('installment_ids');
    const message: string = refused.body.message;
    expect(message).toContain(`${ref(opA, 2)} (já remetida ou fora de cobrança)`);
    expect(message).toContain(`${ref(opA, 7)} (sem boleto emitido)`);
    expect(message).toContain('parcela 999999 (não encontrada)');
    expect(message).not.toContain(ref(opA, 1));

    // Another account of the same bank: the boleto is the first account's.
    const second = await call(
      server,
      'company.createBank',
      { id: 1, bank_code: '341', bank_name: 'Itaú Unibanco', agency: '0912', account: '45022', wallet: '109', agreement: '0912450225', next_our_number: 1 },
      tokens.admin,
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const empty = await call(server, 'remittanceManual.list', { filter: { bank_account_id: String(second.body.id) } }, tokens.agent);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ items: [], meta: { totalItems: 0 }, next_nsa: 1 });
    const otherAccount = await create([partsA[0].id], { bank_account_id: second.body.id });
    expect(otherAccount.status).toBe(409);
    expect(otherAccount.body.message).toContain(`${ref(opA, 1)} (boleto de outra conta)`);
    expect(await remittanceCount()).toBe(before);
  });

  it('a hidden installment picked on purpose is still carried; the same idempotency key answers the same file', async () => {
    await call(server, 'remittanceManual.hide', { id: opA, id2: partsA[3].id }, tokens.operator);
    const sameKey = key();
    const a = await create([partsA[3].id], { idempotency_key: sameKey });
    const b = await create([partsA[3].id], { idempotency_key: sameKey });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    expect(a.body.nsa).toBe(2);
    const history = await call(server, 'remittanceManual.history', {}, tokens.agent);
    expect(history.body.map((r: { id: number }) => r.id).slice(0, 2)).toEqual([a.body.id, manualId]);
  });

  it('two people picking the same installment at once: one file, one 409, never a duplicate NSA', async () => {
    const answers = await Promise.all([create([partsB[0].id, partsB[1].id], {}, 'operator'), create([partsB[1].id], {}, 'admin')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rows = await server.database.rows<{ nsa: number; n: number }>('SELECT nsa, count(*)::int AS n FROM remittances WHERE bank_account_id = $1 GROUP BY nsa ORDER BY nsa', [itauId]);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(rows.map((r) => r.nsa)).toEqual(rows.map((_, k) => k + 1));
    const [{ n }] = await server.database.rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM remittance_items WHERE instruction = 'entry' AND installment_id = $1",
      [partsB[1].id],
    );
    expect(n).toBe(1);
  });
});
