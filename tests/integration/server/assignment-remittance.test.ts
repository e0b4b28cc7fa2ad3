/**
 * Assignment remittances over HTTP: who may read, generate and download them; bad input named; the day's cessions of
 * an assignee account listed with totals (and the operations they came from); a generated CNAB 444 file read back
 * with the domain's reader (every line 444, the installments, the totals) and downloaded again byte for byte; a
 * second file of the same day refused unless asked for, then numbered 2; nothing to carry refused without a file;
 * a replay of the same idempotency key creates nothing. One seeded server for the file.
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAssignmentRemittance } from '../../../src/server/domain/cnab444';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { cededInstallmentsFixture, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let accountId: number;
let first: Awaited<ReturnType<typeof cededInstallmentsFixture>>;
let second: Awaited<ReturnType<typeof cededInstallmentsFixture>>;
const DAY = '2026-02-01';
const BANK = '611';

const overview = async (date = DAY) => {
  const answer = await call(server, 'assignmentRemittance.overview', { bankCode: BANK, date, assignment_account_id: accountId }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

const generate = (extra: Record<string, unknown> = {}, token = tokens.operator) =>
  call(server, 'assignmentRemittance.generate', { bankCode: BANK, date: DAY, assignment_account_id: accountId, idempotency_key: key(), ...extra }, token);

async function download(id: number): Promise<Buffer> {
  const answer = await call(server, 'assignmentRemittance.file', { bankCode: BANK, remittanceId: id }, tokens.agent);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/plain');
  return Buffer.from(answer.body as Uint8Array);
}

async function fileCount(): Promise<number> {
  const [row] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM assignment_remittances');
  return row.n;
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  await server.database.rows('UPDATE company_parameters SET cession_approval_above = 100000.00 WHERE company_id = 1');
  const [account] = await server.database.rows<{ id: number }>(
    "INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account) VALUES (1, 'Fundo Paulista FIDC', '11.222.333/0001-81', '611', 'Paulista S.A.', '0001', '12345') RETURNING id",
  );
  accountId = account.id;
  const ana = await insertBorrower(server, 'Ana Cessão', '529.982.247-25');
  const bruno = await insertBorrower(server, 'Bruno Fundo', '111.444.777-35');
  first = await cededInstallmentsFixture(server, tokens, { borrowerId: ana, assignmentAccountId: accountId, date: DAY, positions: [1, 2, 3] });
  second = await cededInstallmentsFixture(server, tokens, { borrowerId: bruno, assignmentAccountId: accountId, date: DAY, positions: [4, 5] });
  // A cession of another day to the same account, which the day's file must not carry.
  server.clock.set('2026-02-03');
  const listed = (await call(server, 'servicing.installments', { id: first.operationId }, tokens.agent)).body.installments as Array<{ id: number }>;
  const later = await call(
    server,
    'cession.assign',
    { id: first.operationId, idempotency_key: key(), assignment_account_id: accountId, installments: [listed[6].id], date: '2026-02-03', monthly_rate: '1.5' },
    tokens.operator,
  );
  expect(later.status, JSON.stringify(later.body)).toBe(200);
});
afterAll(() => server?.close());

describe('authorization', () => {
  const readers = { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 };
  itAnswersTheMatrix(
    [
      ['assignmentRemittance.overview', { bankCode: '999', date: '2026-02-01' }, readers],
      ['assignmentRemittance.generate', { bankCode: BANK, date: '2026-02-01', assignment_account_id: 999999, idempotency_key: key() }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
      ['assignmentRemittance.file', { bankCode: BANK, remittanceId: 999999 }, readers],
      ['assignmentRemittance.operations', { id: 999999, date: '2026-02-01' }, readers],
    ],
    () => ({ server, tokens }),
  );
});

describe('bad input is a 400 naming the field', () => {
  it.each([
    ['assignmentRemittance.overview', { bankCode: '61', date: DAY }, 'bankCode'],
    ['assignmentRemittance.overview', { bankCode: BANK, date: '2026-02-30' }, 'date'],
    ['assignmentRemittance.overview', { bankCode: BANK, date: '2026-03-01' }, 'date'],
    ['assignmentRemittance.overview', { bankCode: '001', assignment_account_id: 0 }, 'assignment_account_id'],
    ['assignmentRemittance.generate', { bankCode: BANK, date: DAY, assignment_account_id: 'x', idempotency_key: 'test-0123456789abcdef' }, 'assignment_account_id'],
    ['assignmentRemittance.generate', { bankCode: BANK, date: DAY, assignment_account_id: 1, again: 'sim', idempotency_key: 'test-0123456789abcdef' }, 'again'],
    ['assignmentRemittance.generate', { bankCode: BANK, date: DAY, assignment_account_id: 1 }, 'idempotency_key'],
    ['assignmentRemittance.operations', { id: 1, date: '01/02/2026' }, 'date'],
  ] as const)('%s %j → %s', async (name, args, field) => {
    const answer = await call(server, name, args, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.field).toBe(field);
  });

  it('an account of another bank is named', async () => {
    const answer = await call(server, 'assignmentRemittance.overview', { bankCode: '001', date: DAY, assignment_account_id: accountId }, tokens.agent);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('assignment_account_id');
  });
});

describe("the day's cessions of an assignee account", () => {
  it('lists each cession and installment of the day with totals, not another day', async () => {
    const view = await overview();
    expect(view).toMatchObject({ bank_code: BANK, assignment_account_id: accountId, assignee_name: 'Fundo Paulista FIDC', date: DAY, next_number: 1, generated_for_date: 0 });
    expect(view.pending.cessions.map((c: any) => [c.number, c.installment_count])).toEqual([
      [first.cessionNumber, 3],
      [second.cessionNumber, 2],
    ]);
    expect(view.pending.items.map((i: any) => i.installment_id)).toEqual([...first.installmentIds, ...second.installmentIds]);
    const face = view.pending.items.reduce((s: Decimal, i: any) => s.plus(i.face_value), new Decimal(0));
    expect(view.pending).toMatchObject({ cession_count: 2, installment_count: 5, face_value: face.toFixed(2) });
    const [{ price }] = await server.database.rows<{ price: string }>('SELECT sum(price)::text AS price FROM cessions WHERE id = ANY($1)', [[first.cessionId, second.cessionId]]);
    expect(view.pending.present_value).toBe(new Decimal(price).toFixed(2));
    const other = await overview('2026-02-03');
    expect(other.pending.installment_count).toBe(1);
  });

  it('the operations ceded to the account on the day, with their cession numbers and totals', async () => {
    const answer = await call(server, 'assignmentRemittance.operations', { id: accountId, date: DAY }, tokens.agent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.operations.map((o: any) => [o.credit_operation_id, o.borrower_name, o.cession_numbers, o.installment_count])).toEqual([
      [first.operationId, 'Ana Cessão', [first.cessionNumber], 3],
      [second.operationId, 'Bruno Fundo', [second.cessionNumber], 2],
    ]);
    expect(answer.body.installment_count).toBe(5);
    expect(answer.body.face_value).toBe((await overview()).pending.face_value);
  });
});

describe('generating the file', () => {
  let summary: Record<string, any> = {};

  it('nothing ceded that day: 409 naming the date, no file', async () => {
    const before = await fileCount();
    const answer = await generate({ date: '2026-02-02' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.field).toBe('date');
    expect(await fileCount()).toBe(before);
  });

  it('stores the checked file: header, one detail per installment, trailer, 444 positions each, totals right; logged', async () => {
    const view = await overview();
    const answer = await generate();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    summary = answer.body;
    expect(summary).toMatchObject({ number: 1, day_sequence: 1, cession_date: DAY, generated_on: '2026-02-03', file_name: 'CB010201.REM', cession_count: 2, installment_count: 5 });
    expect(summary.face_value).toBe(view.pending.face_value);
    expect(summary.present_value).toBe(view.pending.present_value);
    const bytes = await download(summary.id);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(summary.sha256);
    const text = bytes.toString('latin1');
    for (const line of text.slice(0, -2).split('\r\n')) expect(line).toHaveLength(444);
    const read = readAssignmentRemittance(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.file.header).toMatchObject({ bankCode: '611', bankName: 'PAULISTA S.A.', fileSequence: '0000001', writtenOn: '2026-02-03' });
    expect(read.file.details.map((d) => d.participantControl)).toEqual(view.pending.items.map((i: any) => i.reference));
    expect(read.file.details.map((d) => d.cessionTerm)).toEqual(view.pending.items.map((i: any) => String(i.cession_number)));
    expect(read.file.details[0]).toMatchObject({ payerName: 'ANA CESSAO', payerDocument: '00052998224725', payerPostalCode: '50030230', dueDate: view.pending.items[0].due_date });
    expect(read.file.faceTotal).toBe(summary.face_value);
    expect(read.file.presentTotal).toBe(summary.present_value);
    expect(Number(read.file.trailer.recordSequence)).toBe(7);
    const logged = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action = 'assignment-remittance.generate' AND entity_id = $1", [accountId]);
    expect(logged[0].n).toBe(1);
  });

  it('downloads again byte for byte, and the stored file cannot be changed', async () => {
    const [row] = await server.database.rows<{ content: string }>('SELECT content FROM assignment_remittances WHERE id = $1', [summary.id]);
    expect((await download(summary.id)).equals(Buffer.from(row.content, 'latin1'))).toBe(true);
    expect((await download(summary.id)).equals(await download(summary.id))).toBe(true);
    await expect(server.owner.rows("UPDATE assignment_remittances SET file_name = 'x' WHERE id = $1", [summary.id])).rejects.toThrow(/never changed/);
  });

  it('the same day again: 409 naming again unless confirmed; confirmed, the second is numbered 2', async () => {
    const refused = await generate();
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.field).toBe('again');
    expect((await overview()).generated_for_date).toBe(1);
    const answer = await generate({ again: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ number: 2, day_sequence: 2, file_name: 'CB010202.REM', installment_count: 5 });
    const read = readAssignmentRemittance((await download(answer.body.id)).toString('latin1'));
    expect(read.ok && read.file.header.fileSequence).toBe('0000002');
    const view = await overview();
    expect(view.history.map((h: any) => h.number)).toEqual([2, 1]);
    expect(view).toMatchObject({ next_number: 3, generated_for_date: 2, history_total: 2 });
  });

  it('replaying the same idempotency key answers the same file and creates nothing', async () => {
    const k = key();
    const once = await generate({ date: '2026-02-03', idempotency_key: k });
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    const before = await fileCount();
    const again = await generate({ date: '2026-02-03', idempotency_key: k });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(once.body.id);
    expect(await fileCount()).toBe(before);
  });

  it('two generations of one account at once run one after the other: distinct numbers, the day numbered on', async () => {
    const [a, b] = await Promise.all([generate({ again: true }), generate({ again: true })]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect([a.body.number, b.body.number].sort()).toEqual([4, 5]);
    expect([a.body.day_sequence, b.body.day_sequence].sort()).toEqual([3, 4]);
  });

  it('an agent may read and download but not generate', async () => {
    expect((await generate({ again: true }, tokens.agent)).status).toBe(403);
  });
});

describe("the assignee's codes in the file (originator, SCR modality, kind of title)", () => {
  const accountInput = { id: 1, assignee_name: 'Fundo Paulista FIDC', assignee_cnpj: '11.222.333/0001-81', bank_code: '611', bank_name: 'Paulista S.A.', agency: '0001', account: '12345', account_digit: '0' };
  const latestFile = async () => {
    const answer = await generate({ again: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const read = readAssignmentRemittance((await download(answer.body.id)).toString('latin1'));
    expect(read.ok).toBe(true);
    if (!read.ok) throw new Error('unreadable');
    return read.file;
  };

  it("by default the constants every file carried: the company's CNPJ, 0299, 60", async () => {
    const account = await call(server, 'company.assignmentAccount', { id: 1, accountId }, tokens.agent);
    expect(account.body).toMatchObject({ originator_code: '', scr_modality: '0299', title_kind: '60' });
    const [company] = await server.database.rows<{ cnpj: string }>('SELECT cnpj FROM companies WHERE id = 1');
    const file = await latestFile();
    expect(file.header.originatorCode).toBe(company.cnpj.replace(/\D/g, '').padStart(20, '0'));
    expect(new Set(file.details.map((d) => d.modality))).toEqual(new Set(['0299']));
    expect(new Set(file.details.map((d) => d.titleKind))).toEqual(new Set(['60']));
  });

  it('bad codes are a 400 naming the field, in Portuguese', async () => {
    for (const [field, value] of [['originator_code', '12AB'], ['originator_code', '1'.repeat(21)], ['scr_modality', '299'], ['scr_modality', 'abcd'], ['title_kind', '6'], ['title_kind', '600']] as const) {
      const refused = await call(server, 'company.updateAssignmentAccount', { ...accountInput, accountId, [field]: value }, tokens.admin);
      expect({ status: refused.status, field: refused.body.field }, `${field}=${value}`).toEqual({ status: 400, field });
      expect(refused.body.message).toMatch(/dígitos/);
    }
  });

  it("set on the account, the file carries the assignee's codes; left out of an update they stay", async () => {
    const set = await call(server, 'company.updateAssignmentAccount', { ...accountInput, accountId, originator_code: '00012345678901234567', scr_modality: '0203', title_kind: '51' }, tokens.admin);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const kept = await call(server, 'company.updateAssignmentAccount', { ...accountInput, accountId, agency: '0001' }, tokens.admin);
    expect(kept.body).toMatchObject({ originator_code: '00012345678901234567', scr_modality: '0203', title_kind: '51' });
    const file = await latestFile();
    expect(file.header.originatorCode).toBe('00012345678901234567');
    expect(new Set(file.details.map((d) => d.modality))).toEqual(new Set(['0203']));
    expect(new Set(file.details.map((d) => d.titleKind))).toEqual(new Set(['51']));
  });
});
