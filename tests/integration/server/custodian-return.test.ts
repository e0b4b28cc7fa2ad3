/**
 * The custodian's CNAB 444 return over HTTP: who may preview, apply and read it; a broken file refused naming the
 * line, nothing stored; the preview names each line's cession and installment, acquired or refused with reasons in
 * Portuguese, and what applying would do, writing nothing; applying records the acquired titles and undoes a
 * refused title's cession by a cession reversal ("recusado pelo custodiante: …") with its entries, the trial balance
 * staying at 0.00; the same file again, a later file about the same titles and the same idempotency key do nothing;
 * a refusal past the reversal window is kept with the reason and the rest applies. One seeded server for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { custodianReturnText, type DetailFixture } from '../../unit/server/cnab444/fixtures/custodian-return';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { cededInstallmentsFixture, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let accountId: number;
let first: Awaited<ReturnType<typeof cededInstallmentsFixture>>;
let second: Awaited<ReturnType<typeof cededInstallmentsFixture>>;
/** installment id → the reference the remittance sent */
const references = new Map<number, string>();
const DAY = '2026-02-01';
const BANK = '611';

const ref = (installmentId: number) => references.get(installmentId)!;
const fileArgs = (content: string, name = 'RET0202.RET') => ({ bankCode: BANK, assignment_account_id: accountId, file_name: name, content });
const preview = (content: string, token = tokens.operator) => call(server, 'custodianReturn.preview', fileArgs(content), token);
const apply = (content: string, idempotency_key = key()) => call(server, 'custodianReturn.apply', { ...fileArgs(content), idempotency_key }, tokens.operator);
const count = async (table: string) => (await server.database.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
const difference = async () => (await call(server, 'ledger.trialBalance', {}, tokens.operator)).body.difference as string;

let mainFile: string;
let mainLines: DetailFixture[];

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  await server.database.rows('UPDATE company_parameters SET cession_approval_above = 100000.00 WHERE company_id = 1');
  const [account] = await server.database.rows<{ id: number }>(
    "INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account) VALUES (1, 'Fundo Paulista FIDC', '11.222.333/0001-81', '611', 'Paulista S.A.', '0001', '12345') RETURNING id",
  );
  accountId = account.id;
  first = await cededInstallmentsFixture(server, tokens, { borrowerId: await insertBorrower(server, 'Ana Cessão', '529.982.247-25'), assignmentAccountId: accountId, date: DAY, positions: [1, 2, 3] });
  second = await cededInstallmentsFixture(server, tokens, { borrowerId: await insertBorrower(server, 'Bruno Fundo', '111.444.777-35'), assignmentAccountId: accountId, date: DAY, positions: [4, 5] });
  const generated = await call(server, 'assignmentRemittance.generate', { bankCode: BANK, date: DAY, assignment_account_id: accountId, idempotency_key: key() }, tokens.operator);
  expect(generated.status, JSON.stringify(generated.body)).toBe(200);
  for (const row of await server.database.rows<{ installment_id: number; reference: string }>('SELECT installment_id, reference FROM assignment_remittance_items')) references.set(row.installment_id, row.reference);
  server.clock.set('2026-02-03');
  const [a1, a2, a3] = first.installmentIds;
  const [b4] = second.installmentIds;
  const c1 = String(first.cessionNumber);
  mainLines = [
    { reference: ref(a1), cession: c1, occurrence: '02' },
    { reference: ref(a2), cession: c1, occurrence: '03', reasons: '0102' },
    { reference: ref(a3), cession: c1, occurrence: '03', reasons: '77' },
    { reference: ref(b4), cession: String(second.cessionNumber), occurrence: '02' },
    { reference: 'OP-999999/001', cession: c1, occurrence: '02' },
    { reference: ref(a1), cession: c1, occurrence: '06' },
    { reference: ref(a1), cession: c1, occurrence: '02' },
    // The right installment under another cession's term is no title of ours.
    { reference: ref(a2), cession: String(second.cessionNumber), occurrence: '03' },
  ];
  mainFile = custodianReturnText(mainLines, { fileSequence: 1 });
}, 180_000);
afterAll(() => server?.close());

describe('authorization', () => {
  const acting = { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 };
  const reading = { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 };
  const file = () => custodianReturnText([{ reference: 'X/1', cession: '1', occurrence: '02' }]);
  itAnswersTheMatrix(
    [
      ['custodianReturn.preview', { bankCode: BANK, assignment_account_id: 999999, file_name: 'r.ret', content: file() }, acting],
      ['custodianReturn.apply', { bankCode: BANK, assignment_account_id: 999999, file_name: 'r.ret', content: file(), idempotency_key: key() }, acting],
      ['custodianReturn.history', { bankCode: BANK, assignment_account_id: 999999 }, reading],
      ['custodianReturn.get', { bankCode: BANK, returnId: 999999 }, reading],
    ],
    () => ({ server, tokens }),
  );
});

describe('bad input', () => {
  it.each([
    [{ bankCode: '61', assignment_account_id: 1, file_name: 'r', content: 'x' }, 'bankCode'],
    [{ bankCode: BANK, assignment_account_id: 1, file_name: 'r', content: '' }, 'content'],
    [{ bankCode: BANK, assignment_account_id: 'x', file_name: 'r', content: 'x' }, 'assignment_account_id'],
    [{ bankCode: BANK, assignment_account_id: 1, file_name: ' ', content: 'x' }, 'file_name'],
  ] as const)('%j → 400 on %s', async (args, field) => {
    const answer = await call(server, 'custodianReturn.preview', args, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.field).toBe(field);
  });

  it('a broken file is refused naming the line and the field, and nothing is stored', async () => {
    const broken = mainFile.replace('RETORNO', 'REMESSA');
    for (const answer of [await preview(broken), await apply(broken)]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ field: 'content' });
      expect(answer.body.message).toContain('linha 1, campo returnLiteral');
    }
    expect(await count('custodian_return_imports')).toBe(0);
  });

  it('an account of another bank is named', async () => {
    const answer = await call(server, 'custodianReturn.preview', { ...fileArgs(mainFile), bankCode: '001' }, tokens.operator);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('assignment_account_id');
  });
});

describe('preview, apply, apply again', () => {
  it('the preview names each line and what applying would do, writing nothing', async () => {
    const reversals = await count('cession_reversals');
    const answer = await preview(mainFile);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const view = answer.body;
    expect(view).toMatchObject({ assignment_account_id: accountId, assignee_name: 'Fundo Paulista FIDC', file_sequence: 1, written_on: '2026-02-02', imported_as: null, line_count: 8, acquired_count: 2, undone_count: 2 });
    expect(view.lines.map((l: any) => [l.line, l.result])).toEqual([
      [2, 'acquired'],
      [3, 'refused_undone'],
      [4, 'refused_undone'],
      [5, 'acquired'],
      [6, 'not_found'],
      [7, 'no_effect'],
      [8, 'repeated'],
      [9, 'not_found'],
    ]);
    expect(view.lines[1]).toMatchObject({
      kind: 'refused',
      cession_id: first.cessionId,
      cession_number: first.cessionNumber,
      installment_id: first.installmentIds[1],
      credit_operation_id: first.operationId,
      borrower_name: 'Ana Cessão',
      reasons: [
        { code: '01', words: 'título fora dos critérios de elegibilidade do fundo' },
        { code: '02', words: 'sacado acima do limite de concentração' },
      ],
    });
    expect(view.lines[2].reasons).toEqual([{ code: '77', words: 'motivo 77 (fora da tabela do custodiante)' }]);
    expect(view.lines[4].message).toMatch(/nenhuma cessão desta conta/);
    expect(await count('cession_reversals')).toBe(reversals);
    expect(await count('custodian_return_lines')).toBe(0);
  });

  it('applying records the lines and undoes the refused cessions with their entries; the trial balance stays 0.00', async () => {
    const reversals = await count('cession_reversals');
    const answer = await apply(mainFile);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const done = answer.body;
    expect(done).toMatchObject({ replayed: false, line_count: 8, acquired_count: 2, undone_count: 2, file_name: 'RET0202.RET', applied_on: '2026-02-03' });
    expect(done.lines.map((l: any) => l.result)).toEqual(['acquired', 'refused_undone', 'refused_undone', 'acquired', 'not_found', 'no_effect', 'repeated', 'not_found']);
    expect(await count('cession_reversals')).toBe(reversals + 2);
    const undone = done.lines.filter((l: any) => l.result === 'refused_undone');
    const rows = await server.database.rows<{ id: number; reason: string }>('SELECT id, reason FROM cession_reversals WHERE id = ANY($1) ORDER BY id', [undone.map((l: any) => l.cession_reversal_id)]);
    expect(rows.map((r) => r.reason)).toEqual([
      'recusado pelo custodiante: 01 título fora dos critérios de elegibilidade do fundo; 02 sacado acima do limite de concentração',
      'recusado pelo custodiante: 77 motivo 77 (fora da tabela do custodiante)',
    ]);
    const listed = (await call(server, 'servicing.installments', { id: first.operationId }, tokens.agent)).body.installments as Array<{ id: number; status: string }>;
    const status = (id: number) => listed.find((i) => i.id === id)!.status;
    expect(status(first.installmentIds[0])).toBe('assigned');
    expect(status(first.installmentIds[1])).not.toBe('assigned');
    expect(status(first.installmentIds[2])).not.toBe('assigned');
    const [{ n }] = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM journal_entries WHERE kind = 'cession_reversal' AND credit_operation_id = $1", [first.operationId]);
    expect(n).toBeGreaterThan(0);
    expect(await difference()).toBe('0.00');

    const history = await call(server, 'custodianReturn.history', { bankCode: BANK, assignment_account_id: accountId }, tokens.agent);
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ id: done.id, undone_count: 2, actor_name: expect.any(String) });
    const got = await call(server, 'custodianReturn.get', { bankCode: BANK, returnId: done.id }, tokens.agent);
    expect(got.status).toBe(200);
    expect(got.body.lines).toEqual(done.lines);
    expect((await call(server, 'custodianReturn.get', { bankCode: '001', returnId: done.id }, tokens.agent)).status).toBe(404);
  });

  it('the same file again, and a later file about the same titles, do nothing', async () => {
    const reversals = await count('cession_reversals');
    const lines = await count('custodian_return_lines');
    const again = await apply(mainFile);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, line_count: 8 });
    expect((await preview(mainFile)).body.imported_as).toBe(again.body.id);
    const later = custodianReturnText(mainLines.slice(0, 4), { fileSequence: 2 });
    const view = await preview(later);
    expect(view.body.lines.map((l: any) => l.result)).toEqual(['repeated', 'repeated', 'repeated', 'repeated']);
    const applied = await apply(later);
    expect(applied.body).toMatchObject({ replayed: false, acquired_count: 0, undone_count: 0 });
    expect(await count('cession_reversals')).toBe(reversals);
    expect(await count('custodian_return_lines')).toBe(lines + 4);
    expect(await difference()).toBe('0.00');
  });

  it('the same idempotency key answers the first answer', async () => {
    const file = custodianReturnText([{ reference: ref(second.installmentIds[1]), cession: String(second.cessionNumber), occurrence: '02' }], { fileSequence: 3 });
    const k = key();
    const one = await apply(file, k);
    const two = await apply(file, k);
    expect(one.status).toBe(200);
    expect(two.body).toEqual(one.body);
    expect(one.body.acquired_count).toBe(1);
  });
});

describe('a refusal the reversal cannot take', () => {
  it('past the reversal window the line is kept blocked with the reason, the rest applies, the database guards one answer per title', async () => {
    // A fresh cession whose title the custodian refuses after the company's reversal window (0 days here).
    const third = await cededInstallmentsFixture(server, tokens, { borrowerId: await insertBorrower(server, 'Carla Prazo', '390.533.447-05'), assignmentAccountId: accountId, date: '2026-02-04', positions: [1, 2] });
    const generated = await call(server, 'assignmentRemittance.generate', { bankCode: BANK, date: '2026-02-04', assignment_account_id: accountId, idempotency_key: key() }, tokens.operator);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    for (const row of await server.database.rows<{ installment_id: number; reference: string }>('SELECT installment_id, reference FROM assignment_remittance_items')) references.set(row.installment_id, row.reference);
    await server.database.rows('UPDATE company_parameters SET cession_reversal_max_days = 0 WHERE company_id = 1');
    server.clock.set('2026-02-06');
    try {
      const c = String(third.cessionNumber);
      const file = custodianReturnText(
        [
          { reference: ref(third.installmentIds[0]), cession: c, occurrence: '03', reasons: '03' },
          { reference: ref(third.installmentIds[1]), cession: c, occurrence: '02' },
        ],
        { fileSequence: 4 },
      );
      const view = await preview(file);
      expect(view.body.lines.map((l: any) => l.result)).toEqual(['refused_blocked', 'acquired']);
      expect(view.body.lines[0].message).toBeTruthy();
      const reversals = await count('cession_reversals');
      const done = await apply(file);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.lines.map((l: any) => l.result)).toEqual(['refused_blocked', 'acquired']);
      expect(await count('cession_reversals')).toBe(reversals);
      expect(await difference()).toBe('0.00');
      // The database refuses a second effective answer about a title, and any change of a stored line.
      const [line] = await server.database.rows<{ id: number; import_id: number; cession_item_id: number }>("SELECT id, import_id, cession_item_id FROM custodian_return_lines WHERE result = 'acquired' ORDER BY id DESC LIMIT 1");
      await expect(
        server.database.rows("INSERT INTO custodian_return_lines (import_id, line, reference, cession_term, occurrence, result, cession_item_id) VALUES ($1, 99, 'x', '1', '02', 'acquired', $2)", [line.import_id, line.cession_item_id]),
      ).rejects.toThrow();
      await expect(server.database.rows("UPDATE custodian_return_lines SET message = 'x' WHERE id = $1", [line.id])).rejects.toThrow();
    } finally {
      await server.database.rows('UPDATE company_parameters SET cession_reversal_max_days = 360 WHERE company_id = 1');
    }
  });
});
