/**
 * Boletos and the carnê over HTTP: who may fetch them, the PDF read back with
 * pdftotext (the linha digitável printed is the domain's for the recorded
 * slip), the nosso número reserved per collecting account and never reused
 * (also under concurrent requests), the same slip for the same installment
 * while amount and due date do not change, the updated slip of an overdue
 * installment, the carnê with every open installment, and the refusals.
 *
 * The schedule's first due date, 2026-02-15, is a Sunday followed by Carnival:
 * payable without charges until Wednesday 2026-02-18.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeToDigitableLine, buildBoleto, formatDigitableLine } from '../../../src/server/domain/boleto';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, raw, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, insertBorrower, issuedOperation as issuedOperationOf, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
if (!hasPdftotext) console.warn('servicing-boleto.test: pdftotext (poppler-utils) not found — the read-back assertions are skipped');

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;
let itauId: number;
const scratch = mkdtempSync(join(tmpdir(), 'boleto-it-'));

/** The demo company's collecting account (Itaú 0912 / 45021, wallet 109). */
const ITAU = { bank: '341', wallet: '109', branch: '0912', account: '45021' } as const;

interface SlipRow {
  id: number;
  installment_id: number;
  bank_account_id: number;
  sequence: number;
  our_number: string;
  amount: string;
  due_date: string;
  barcode: string;
  digitable_line: string;
  issued_on: string;
}

async function slipsOf(installmentId: number): Promise<SlipRow[]> {
  return server.database.rows<SlipRow>(
    'SELECT id, installment_id, bank_account_id, sequence::int AS sequence, our_number, amount::text, due_date::text, barcode, digitable_line, issued_on::text FROM boleto_slips WHERE installment_id = $1 ORDER BY id',
    [installmentId],
  );
}


const issuedOperation = (borrower = borrowerId) => issuedOperationOf(server, tokens, borrower);

const disbursed = (borrower = borrowerId) => disbursedOperation(server, tokens, borrower);

async function schedule(operationId: number, date?: string) {
  const answer = await call(server, 'servicing.installments', { id: operationId, ...(date ? { date } : {}) }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.installments as Array<{ id: number; number: number; value: string; due_date: string; due_total: string; status: string }>;
}

/** The PDF's text (pdftotext -layout), or null where poppler is missing. */
function pdfText(bytes: Uint8Array, name: string): string | null {
  if (!hasPdftotext) return null;
  const file = join(scratch, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

function pageCount(text: string): number {
  // pdftotext ends every page with a form feed.
  return text.split('\f').length - 1;
}

async function boleto(installmentId: number, role: DemoRole = 'agent') {
  return call(server, 'boleto.slip', { x: installmentId }, tokens[role]);
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Rita Cobrança', '111.444.777-35');
  [{ id: itauId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
});
afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('authorization', () => {
  let opId = 0;
  beforeAll(async () => {
    opId = await disbursed();
  });
  const readers = { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 };
  itAnswersTheMatrix(
    [
      ['boleto.slip', { x: 999999 }, readers],
      ['boleto.carne', { credit_operation_id: 999999 }, readers],
    ],
    () => ({ server, tokens }),
  );
  it('every panel role that reads servicing gets the PDF; the registered role does not; no token 401', async () => {
    server.clock.set('2026-01-20');
    const [first] = await schedule(opId);
    for (const role of ['superadmin', 'admin', 'operator', 'agent'] as const) {
      const slip = await boleto(first.id, role);
      expect({ role, status: slip.status }).toEqual({ role, status: 200 });
      const carne = await call(server, 'boleto.carne', { credit_operation_id: opId }, tokens[role]);
      expect({ role, status: carne.status }).toEqual({ role, status: 200 });
    }
    expect((await boleto(first.id, 'user')).status).toBe(403);
    expect((await call(server, 'boleto.carne', { credit_operation_id: opId }, tokens.user)).status).toBe(403);
    expect((await call(server, 'boleto.slip', { x: first.id })).status).toBe(401);
    expect((await call(server, 'boleto.carne', { credit_operation_id: opId })).status).toBe(401);
    // Four roles asked for the same installment on the same day: one title.
    expect(await slipsOf(first.id)).toHaveLength(1);
  });
});

describe('one installment\'s boleto', () => {
  let opId = 0;
  let first: Awaited<ReturnType<typeof schedule>>[number];
  beforeAll(async () => {
    opId = await disbursed();
    server.clock.set('2026-01-20');
    [first] = await schedule(opId);
  });

  it('is a PDF with a file name whose linha digitável is the domain\'s for the recorded slip', async () => {
    const answer = await boleto(first.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(answer.headers.get('content-disposition')).toContain(`boleto-OP-${String(opId).padStart(6, '0')}-001.pdf`);
    const [slip] = await slipsOf(first.id);
    expect(slip).toMatchObject({ bank_account_id: itauId, amount: first.value, due_date: '2026-02-15', issued_on: '2026-01-20' });
    const codes = buildBoleto({ account: ITAU, sequence: slip.sequence, amount: first.value, dueDate: '2026-02-15' });
    expect(slip.barcode).toBe(codes.barcode);
    expect(slip.digitable_line).toBe(barcodeToDigitableLine(codes.barcode));
    expect(slip.our_number).toBe(codes.nossoNumero.printed);
    const text = pdfText(answer.body as Uint8Array, 'single');
    if (text !== null) {
      expect(text).toContain(formatDigitableLine(slip.digitable_line));
      expect(text).toContain(codes.nossoNumero.printed);
      expect(text).toContain('15/02/2026');
      expect(text).toContain('Rita Cobrança');
      expect(text).toContain('111.444.777-35');
      expect(text).toContain('CEP 50030-230');
      expect(text).toContain('Crédito Popular Sociedade de Crédito Direto S.A.');
      expect(text).toContain(`R$ ${new Decimal(first.value).toFixed(2).replace('.', ',')}`);
      expect(text).toContain('multa de 2,00%');
      expect(text).toContain('Pix copia e cola');
      expect(text).toContain('Parcela 1/12');
      expect(pageCount(text)).toBe(1);
    }
  });

  it('asked again while amount and due date are unchanged, gives the same slip; the log has the issue and the reprint', async () => {
    const again = await boleto(first.id, 'operator');
    expect(again.status).toBe(200);
    const slips = await slipsOf(first.id);
    expect(slips).toHaveLength(1);
    const text = pdfText(again.body as Uint8Array, 'again');
    if (text !== null) expect(text).toContain(formatDigitableLine(slips[0].digitable_line));
    const log = await server.database.rows<{ action: string; after: Record<string, unknown> }>(
      "SELECT action, after FROM activity_log WHERE entity = 'installment' AND entity_id = $1 AND action LIKE 'boleto.%' ORDER BY id",
      [first.id],
    );
    expect(log.map((l) => l.action)).toEqual(['boleto.issue', 'boleto.reprint']);
    expect(log[0].after).toMatchObject({ our_number: slips[0].our_number, amount: first.value, slip_due_date: '2026-02-15', reused: false });
  });

  it('after a partial payment, a new slip with the next number for what is left; the first keeps its number', async () => {
    server.clock.set('2026-01-25');
    const paid = await call(server, 'servicing.pay', { id: opId, installment: first.id, idempotency_key: key(), amount: '100.00', paid_on: '2026-01-25', method: 'pix' }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await boleto(first.id)).status).toBe(200);
    const slips = await slipsOf(first.id);
    expect(slips).toHaveLength(2);
    expect(slips[1].amount).toBe(new Decimal(first.value).minus(100).toFixed(2));
    expect(slips[1].due_date).toBe('2026-02-15');
    expect(slips[1].sequence).toBeGreaterThan(slips[0].sequence);
  });

  it('overdue: an updated slip due today with the charges so far, and a new one the next day', async () => {
    server.clock.set('2026-03-02');
    const details = await call(server, 'servicing.installmentDetails', { id: opId, installment: first.id }, tokens.agent);
    expect(details.body.installment.overdue).toBe(true);
    const answer = await boleto(first.id);
    expect(answer.status).toBe(200);
    const slips = await slipsOf(first.id);
    const last = slips.at(-1)!;
    expect(last).toMatchObject({ amount: details.body.installment.due_total, due_date: '2026-03-02', issued_on: '2026-03-02' });
    const text = pdfText(answer.body as Uint8Array, 'overdue');
    if (text !== null) {
      expect(text).toContain(formatDigitableLine(last.digitable_line));
      expect(text).toContain('Boleto atualizado em 02/03/2026');
      expect(text).toContain('vencida em 15/02/2026');
      // The multa is in the amount: it is not asked for again.
      expect(text).not.toContain('multa de 2,00%');
    }
    expect((await boleto(first.id)).status).toBe(200);
    expect(await slipsOf(first.id)).toHaveLength(slips.length);
    server.clock.set('2026-03-03');
    expect((await boleto(first.id)).status).toBe(200);
    const next = (await slipsOf(first.id)).at(-1)!;
    expect(next.due_date).toBe('2026-03-03');
    expect(new Decimal(next.amount).gt(last.amount)).toBe(true);
  });

  it('a paid installment is a 409 naming its status', async () => {
    server.clock.set('2026-03-03');
    const details = await call(server, 'servicing.installmentDetails', { id: opId, installment: first.id }, tokens.agent);
    const due = details.body.installment.due_total as string;
    const paid = await call(server, 'servicing.pay', { id: opId, installment: first.id, idempotency_key: key(), amount: due, paid_on: '2026-03-03', method: 'boleto' }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const refused = await boleto(first.id);
    expect(refused.status).toBe(409);
    expect(refused.body.field).toBe('status');
    expect(refused.body.message).toContain('Paga');
  });
});

describe('the carnê', () => {
  it('has every open installment, three per page, each with its recorded linha digitável; paid ones are left out', async () => {
    const opId = await disbursed();
    server.clock.set('2026-01-20');
    const all = await schedule(opId);
    const answer = await call(server, 'boleto.carne', { credit_operation_id: opId }, tokens.agent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(answer.headers.get('content-disposition')).toContain(`carne-OP-${String(opId).padStart(6, '0')}.pdf`);
    const rows = await server.database.rows<SlipRow>(
      'SELECT installment_id, sequence::int AS sequence, digitable_line, due_date::text, amount::text FROM boleto_slips WHERE credit_operation_id = $1 ORDER BY sequence',
      [opId],
    );
    expect(rows.map((r) => r.installment_id)).toEqual(all.map((i) => i.id));
    expect(rows.map((r) => r.due_date)).toEqual(all.map((i) => i.due_date));
    expect(rows.map((r) => r.amount)).toEqual(all.map((i) => i.value));
    // Consecutive numbers, reserved at once.
    expect(rows.map((r) => r.sequence - rows[0].sequence)).toEqual(all.map((_, k) => k));
    const text = pdfText(answer.body as Uint8Array, 'carne');
    if (text !== null) {
      for (const r of rows) expect(text).toContain(formatDigitableLine(r.digitable_line));
      expect(pageCount(text)).toBe(4);
    }
    const log = await server.database.rows<{ after: Record<string, unknown> }>("SELECT after FROM activity_log WHERE action = 'boleto.carne' AND entity_id = $1", [opId]);
    expect(log.map((l) => l.after)).toEqual([{ installments_count: 12, slips_issued: 12, slips_reused: 0, bank_account_id: itauId }]);

    // The first installment paid: the carnê has the other eleven, with the same slips as before.
    server.clock.set('2026-02-10');
    const paid = await call(server, 'servicing.pay', { id: opId, installment: all[0].id, idempotency_key: key(), amount: all[0].value, paid_on: '2026-02-10', method: 'boleto' }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const again = await call(server, 'boleto.carne', { credit_operation_id: opId }, tokens.operator);
    expect(again.status).toBe(200);
    const after = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM boleto_slips WHERE credit_operation_id = $1', [opId]);
    expect(after[0].n).toBe(12);
    const againText = pdfText(again.body as Uint8Array, 'carne-again');
    if (againText !== null) {
      expect(againText).not.toContain(formatDigitableLine(rows[0].digitable_line));
      for (const r of rows.slice(1)) expect(againText).toContain(formatDigitableLine(r.digitable_line));
      expect(pageCount(againText)).toBe(4);
    }
  });
});

describe('nosso número', () => {
  it('increments per account, is never reused under concurrent requests, and one installment asked at once gets one slip', async () => {
    const opA = await disbursed();
    const opB = await disbursed();
    server.clock.set('2026-01-20');
    const installments = [...(await schedule(opA)), ...(await schedule(opB))];
    const [{ next }] = await server.database.rows<{ next: number }>('SELECT next_our_number::int AS next FROM company_bank_accounts WHERE id = $1', [itauId]);
    // 24 installments at once, and the first one five more times.
    const answers = await Promise.all([...installments.map((i) => boleto(i.id)), ...Array.from({ length: 5 }, () => boleto(installments[0].id))]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const rows = await server.database.rows<{ installment_id: number; sequence: number }>(
      'SELECT installment_id, sequence::int AS sequence FROM boleto_slips WHERE credit_operation_id = ANY($1::int[]) ORDER BY sequence',
      [[opA, opB]],
    );
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((r) => r.installment_id)).size).toBe(24);
    expect(rows.map((r) => r.sequence)).toEqual(rows.map((_, k) => next + k));
    const [{ after }] = await server.database.rows<{ after: number }>('SELECT next_our_number::int AS after FROM company_bank_accounts WHERE id = $1', [itauId]);
    expect(after).toBe(next + 24);
  });

  it('a counter moved back is refused on the company screen, and one moved back in the database still gives a new number', async () => {
    const [account] = await server.database.rows<Record<string, unknown>>(
      "SELECT bank_code, bank_name, agency, agency_digit, account, account_digit, wallet, agreement, next_our_number::int AS next_our_number FROM company_bank_accounts WHERE id = $1",
      [itauId],
    );
    const [{ last }] = await server.database.rows<{ last: number }>('SELECT max(sequence)::int AS last FROM boleto_slips WHERE bank_account_id = $1', [itauId]);
    const back = await call(server, 'company.updateBank', { ...account, id: 1, accountId: itauId, next_our_number: last }, tokens.admin);
    expect(back.status).toBe(400);
    expect(back.body.field).toBe('next_our_number');
    const badKey = await call(server, 'company.updateBank', { ...account, id: 1, accountId: itauId, pix_key: 'chave qualquer' }, tokens.admin);
    expect(badKey.status).toBe(400);
    expect(badKey.body.field).toBe('pix_key');
    const forward = await call(server, 'company.updateBank', { ...account, id: 1, accountId: itauId, next_our_number: last + 10 }, tokens.admin);
    expect(forward.status, JSON.stringify(forward.body)).toBe(200);

    await server.database.rows('UPDATE company_bank_accounts SET next_our_number = 1 WHERE id = $1', [itauId]);
    const opId = await disbursed();
    server.clock.set('2026-01-20');
    const [first] = await schedule(opId);
    expect((await boleto(first.id)).status).toBe(200);
    const [slip] = await slipsOf(first.id);
    expect(slip.sequence).toBe(last + 1);

    const remove = await call(server, 'company.deleteBank', { id: 1, accountId: itauId }, tokens.admin);
    expect(remove.status).toBe(409);
  });

  it('each collecting account has its own sequence: another account starts at its own counter and the installment gets a new title there', async () => {
    const opId = await disbursed();
    server.clock.set('2026-01-20');
    const [first] = await schedule(opId);
    expect((await boleto(first.id)).status).toBe(200);
    const created = await call(
      server,
      'company.createBank',
      { id: 1, bank_code: '104', bank_name: 'Caixa Econômica Federal', agency: '1234', account: '000123', account_digit: '4', wallet: '1', agreement: '123456', next_our_number: 500 },
      tokens.admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // The Itaú account stops collecting: the Caixa one is the first active boleto account now.
    await server.database.rows('UPDATE company_bank_accounts SET active = false WHERE id = $1', [itauId]);
    try {
      expect((await boleto(first.id)).status).toBe(200);
      const slips = await slipsOf(first.id);
      expect(slips).toHaveLength(2);
      expect(slips[1]).toMatchObject({ bank_account_id: created.body.id, sequence: 500 });
      expect(slips[1].digitable_line.startsWith('104')).toBe(true);
      const codes = buildBoleto({ account: { bank: '104', agreement: '123456', wallet: '1' }, sequence: 500, amount: first.value, dueDate: '2026-02-15' });
      expect(slips[1].barcode).toBe(codes.barcode);
    } finally {
      await server.database.rows('UPDATE company_bank_accounts SET active = true WHERE id = $1', [itauId]);
      await server.database.rows('UPDATE company_bank_accounts SET active = false WHERE id = $1', [created.body.id]);
    }
  });
});

describe('refusals', () => {
  it('400 naming the field, 404 unknown, 409 not disbursed or nothing to collect', async () => {
    const badPath = await raw(server, 'boleto.slip', { params: { x: 'abc' }, token: tokens.agent });
    expect(badPath.status).toBe(400);
    expect(badPath.body.field).toBe('x');
    const zero = await call(server, 'boleto.slip', { x: 0 }, tokens.agent);
    expect(zero.status).toBe(400);
    const badBody = await raw(server, 'boleto.carne', { body: JSON.stringify({ credit_operation_id: 'um' }), token: tokens.agent });
    expect(badBody.status).toBe(400);
    expect(badBody.body.field).toBe('credit_operation_id');
    const missing = await raw(server, 'boleto.carne', { body: '{}', token: tokens.agent });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('credit_operation_id');

    expect((await boleto(999999)).status).toBe(404);
    expect((await call(server, 'boleto.carne', { credit_operation_id: 999999 }, tokens.agent)).status).toBe(404);

    const issued = await issuedOperation();
    const [first] = await schedule(issued.id);
    const notYet = await boleto(first.id);
    expect(notYet.status).toBe(409);
    expect(notYet.body.field).toBe('status');
    expect((await call(server, 'boleto.carne', { credit_operation_id: issued.id }, tokens.agent)).status).toBe(409);
    expect(await slipsOf(first.id)).toEqual([]);
  });

  it('an installment a prepayment replaced is a 409 naming it (no slip, no number taken); the carnê has the new schedule; a renegotiated one is a 409 naming it', async () => {
    const opId = await disbursed();
    server.clock.set('2026-01-20');
    const [first, second] = await schedule(opId);
    const prepaid = await call(server, 'prepayment.apply', { id: opId, idempotency_key: key(), kind: 'partial', mode: 'reduce_installment', amount: '200.00', method: 'pix' }, tokens.operator);
    expect(prepaid.status, JSON.stringify(prepaid.body)).toBe(200);
    const [{ next }] = await server.database.rows<{ next: number }>('SELECT next_our_number::int AS next FROM company_bank_accounts WHERE id = $1', [itauId]);
    for (const replaced of [first, second]) {
      const refused = await boleto(replaced.id);
      // A slip issued is a PDF: its status alone says so.
      expect(refused.status).toBe(409);
      expect(refused.body.field).toBe('installment');
      expect(refused.body.message).toContain(`parcela ${replaced.number} da operação OP-`);
      expect(refused.body.message).toContain('antecipação');
      expect(await slipsOf(replaced.id)).toEqual([]);
    }
    const [{ after }] = await server.database.rows<{ after: number }>('SELECT next_our_number::int AS after FROM company_bank_accounts WHERE id = $1', [itauId]);
    expect(after).toBe(next);

    const current = await schedule(opId);
    expect(current.map((i) => i.id)).not.toContain(first.id);
    expect((await call(server, 'boleto.carne', { credit_operation_id: opId }, tokens.agent)).status).toBe(200);
    const slipped = await server.database.rows<{ installment_id: number }>('SELECT DISTINCT installment_id FROM boleto_slips WHERE credit_operation_id = $1 ORDER BY installment_id', [opId]);
    expect(slipped.map((s) => s.installment_id)).toEqual(current.map((i) => i.id).sort((a, b) => a - b));

    const [renegotiated] = current;
    const moved = await call(server, 'servicingMoves.setStatus', { id: opId, installment: renegotiated.id, status: 'renegotiated', reason: 'Acordo de renegociação assinado', idempotency_key: key() }, tokens.operator);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const refused = await boleto(renegotiated.id);
    expect(refused.status).toBe(409);
    expect(refused.body.field).toBe('status');
    expect(refused.body.message).toContain(`parcela ${renegotiated.number} da operação OP-`);
    expect(refused.body.message).toContain('Renegociada');
  });

  it('a borrower without an address with CEP is a 409 naming it, and no number is taken', async () => {
    const homeless = await insertBorrower(server, 'Sem Endereço', '529.982.247-25');
    await server.database.rows('UPDATE borrowers SET cep = NULL WHERE id = $1', [homeless]);
    const opId = await disbursed(homeless);
    server.clock.set('2026-01-20');
    const [first] = await schedule(opId);
    const [{ next }] = await server.database.rows<{ next: number }>('SELECT next_our_number::int AS next FROM company_bank_accounts WHERE id = $1', [itauId]);
    const refused = await boleto(first.id);
    expect(refused.status).toBe(409);
    expect(refused.body.field).toBe('borrower.cep');
    const [{ after }] = await server.database.rows<{ after: number }>('SELECT next_our_number::int AS after FROM company_bank_accounts WHERE id = $1', [itauId]);
    expect(after).toBe(next);
  });

  it('slips are never changed or deleted', async () => {
    await expect(server.owner.rows('UPDATE boleto_slips SET amount = amount + 1')).rejects.toThrow(/never changed/);
    await expect(server.owner.rows('DELETE FROM boleto_slips')).rejects.toThrow(/never changed/);
  });
});
