/**
 * Statements and letters over HTTP (PGlite and PostgreSQL), read back from the PDFs with pdftotext: the statement's
 * schedule, payments with their split and balance; the payoff letter's amount equal to the prepayment quote of the
 * day it is valid to; the discharge letter of a settled operation and the 409 of an open one; the annual declaration
 * (Lei 12.007/2009) listing the year's paid installments, refused for a year not over or with a debt still open;
 * the fields the schemas and the server name in Portuguese; who may issue each; each issue in the activity log.
 *
 * Operations of CONDITIONS (R$ 3.000,00, 2% a month, Price, first due 2026-02-15), released on 2026-01-15.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCurrency } from '../../../src/shared/format';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, insertBorrower, issuedOperation, key, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let dir = '';
let openOp = 0;
let settledOp = 0;
let paidBorrower = 0;
let openBorrower = 0;
let paidOp = 0;

type Installment = { id: number; number: number; due_date: string; value: string; principal: string; interest: string; due_total: string; paid_total: string; status: string };
const installments = (id: number) => operationInstallments<Installment>(server, tokens.agent, id);
const brl = (v: Decimal.Value) => formatCurrency(new Decimal(v).toFixed(2), 'pt-BR');

/** The PDF's text (pdftotext -layout), after checking the answer is a PDF. */
async function pdfText(name: Parameters<typeof call>[1], args: Record<string, unknown>, token = tokens.operator): Promise<string> {
  const answer = await call(server, name, args, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.headers.get('content-type')).toContain('application/pdf');
  const file = join(dir, `${name}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, answer.body as Uint8Array);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function pay(operationId: number, installment: Installment, day: string): Promise<void> {
  server.clock.set(day);
  const paid = await call(server, 'servicing.pay', { id: operationId, installment: installment.id, idempotency_key: key(), amount: installment.value, paid_on: day, method: 'boleto' }, tokens.operator);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'letters-'));
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  openBorrower = await insertBorrower(server, 'Rita Extrato Teste', '111.444.777-35');
  paidBorrower = await insertBorrower(server, 'Paulo Quitado Teste', '529.982.247-25');
  openOp = await disbursedOperation(server, tokens, openBorrower);
  settledOp = await disbursedOperation(server, tokens, openBorrower);
  const three = await issuedOperation(server, tokens, paidBorrower, { installments: 3 });
  server.clock.set('2026-01-15');
  const released = await call(server, 'servicing.disburse', { id: three.id, version: three.version, idempotency_key: key(), method: 'pix', transfer_reference: 'E1' }, tokens.operator);
  expect(released.status, JSON.stringify(released.body)).toBe(200);
  paidOp = three.id;

  const [firstOpen] = await installments(openOp);
  const [firstSettled] = await installments(settledOp);
  await pay(openOp, firstOpen, '2026-02-15');
  await pay(settledOp, firstSettled, '2026-02-15');
  for (const i of await installments(paidOp)) await pay(paidOp, i, i.due_date);

  server.clock.set('2026-03-10');
  const quote = (await call(server, 'prepayment.quote', { id: settledOp }, tokens.agent)).body;
  const settled = await call(server, 'prepayment.apply', { id: settledOp, idempotency_key: key(), kind: 'full', amount: quote.present_value, method: 'pix' }, tokens.operator);
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);
  expect(settled.body.status).toBe('settled');
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  return server?.close();
});

describe('the statement', () => {
  it('lists the schedule, the payment with its split and the balance on the day', async () => {
    server.clock.set('2026-03-10');
    const rows = await installments(openOp);
    const text = await pdfText('letters.statement', { id: openOp }, tokens.agent);
    expect(text).toContain('Extrato da operação');
    expect(text).toContain('Rita Extrato Teste');
    expect(text).toContain('Posição em: 10/03/2026');
    // the first installment paid on its due date: its value, principal and interest in the movements
    const first = rows[0];
    expect(text).toMatch(new RegExp(`15/02/2026\\s+1\\s+Pagamento\\s+${escape(brl(first.value))}\\s+${escape(brl(first.principal))}\\s+${escape(brl(first.interest))}\\s+R\\$ 0,00`));
    expect(rows).toHaveLength(12);
    for (const r of rows) expect(text).toContain(brl(r.value));
    // the balance: what the installments' view says is open on the day
    const balance = rows.reduce((a, r) => a.plus(r.due_total), new Decimal(0));
    expect(text).toMatch(new RegExp(`Saldo em aberto:\\s*${escape(brl(balance))}`));
    const principal = rows.slice(1).reduce((a, r) => a.plus(r.principal), new Decimal(0));
    expect(text).toMatch(new RegExp(`Principal em aberto:\\s*${escape(brl(principal))}`));
  });

  it('on a past day shows only what had happened by then', async () => {
    const text = await pdfText('letters.statement', { id: openOp, date: '2026-02-01' }, tokens.agent);
    expect(text).toContain('Posição em: 01/02/2026');
    expect(text).toContain('Nenhum pagamento até esta data.');
  });

  it('shows the full prepayment of a settled operation', async () => {
    const text = await pdfText('letters.statement', { id: settledOp }, tokens.agent);
    expect(text).toContain('Liquidação antecipada total');
    expect(text).toContain('Situação da operação: quitada');
  });

  it('refuses a day before the release or after today, naming the field in Portuguese', async () => {
    for (const [date, message] of [
      ['2026-01-01', 'Campo date: a data não pode ser anterior à liberação (15/01/2026).'],
      ['2026-12-01', 'Campo date: a data não pode ser depois de hoje (10/03/2026).'],
      ['ontem', 'Campo date: data inválida'],
    ]) {
      const answer = await call(server, 'letters.statement', { id: openOp, date }, tokens.agent);
      expect({ date, status: answer.status, field: answer.body.field }).toEqual({ date, status: 400, field: 'date' });
      expect(answer.body.message).toContain(message);
    }
  });
});

describe('the payoff quote letter', () => {
  it('states the prepayment quote of the day it is valid to (the same the quote gives on that day)', async () => {
    server.clock.set('2026-03-10');
    const today = (await call(server, 'prepayment.quote', { id: openOp }, tokens.agent)).body;
    const text = await pdfText('letters.payoff', { id: openOp, valid_until: '2026-03-13' }, tokens.agent);
    expect(text).toContain('Carta de quitação antecipada');
    expect(text).toContain('Esta carta é válida até 13/03/2026');
    expect(text).toContain('art. 52, § 2º');
    expect(text).toMatch(new RegExp(`Para pagamento hoje, 10/03/2026:\\s*${escape(brl(today.settlement_total))}`));
    server.clock.set('2026-03-13');
    const onThatDay = (await call(server, 'prepayment.quote', { id: openOp }, tokens.agent)).body;
    expect(onThatDay.settlement_total).not.toBe(today.settlement_total);
    expect(text).toMatch(new RegExp(`Para pagamento em 13/03/2026:\\s*${escape(brl(onThatDay.settlement_total))}`));
    expect(text.replace(/\s+/g, ' ')).toContain(`desconto de ${brl(onThatDay.discount)}`);
    server.clock.set('2026-03-10');
  });

  it('refuses a day past, beyond 30 days, and an operation settled', async () => {
    server.clock.set('2026-03-10');
    const past = await call(server, 'letters.payoff', { id: openOp, valid_until: '2026-03-09' }, tokens.agent);
    expect([past.status, past.body.field]).toEqual([400, 'valid_until']);
    const far = await call(server, 'letters.payoff', { id: openOp, valid_until: '2026-04-10' }, tokens.agent);
    expect([far.status, far.body.field]).toEqual([400, 'valid_until']);
    expect(far.body.message).toContain('no máximo 30 dias (até 09/04/2026)');
    const settled = await call(server, 'letters.payoff', { id: settledOp }, tokens.agent);
    expect(settled.status).toBe(409);
  });
});

describe('the discharge letter', () => {
  it('is issued for a settled operation, with what was paid', async () => {
    const text = await pdfText('letters.discharge', { id: settledOp });
    expect(text).toContain('Termo de quitação');
    expect(text).toContain('Rita Extrato Teste');
    expect(text).toContain('por liquidação antecipada');
    expect(text).toContain('o último pagamento em 10/03/2026');
    expect(text).toContain('arts. 319 e 320');
  });

  it('is refused with 409 for an operation still open, naming its open installments', async () => {
    const answer = await call(server, 'letters.discharge', { id: openOp }, tokens.operator);
    expect([answer.status, answer.body.field]).toEqual([409, 'installments']);
    expect(answer.body.message).toContain('as parcelas nº 2, 3,');
  });

  it('is issued for a released operation whose installments are all paid', async () => {
    server.clock.set('2026-05-04');
    const text = await pdfText('letters.discharge', { id: paidOp });
    expect(text).toContain('pelo pagamento de todas as parcelas');
    expect(text).toContain('o último pagamento em 15/04/2026');
  });
});

describe('the annual declaration (Lei 12.007/2009)', () => {
  it("lists the year's paid installments of the borrower, with the law's statement", async () => {
    server.clock.set('2027-01-11');
    const rows = await installments(paidOp);
    const text = await pdfText('letters.annual', { id: paidBorrower, year: 2026 });
    expect(text).toContain('Declaração anual de quitação de débitos — 2026');
    expect(text.replace(/\s+/g, ' ')).toContain('(Lei nº 12.007/2009, art. 4º)');
    for (const r of rows) expect(text).toMatch(new RegExp(`Parcela nº ${r.number}\\s+${escape(r.due_date.split('-').reverse().join('/'))}\\s+${escape(r.due_date.split('-').reverse().join('/'))}\\s+${escape(brl(r.value))}`));
    const total = rows.reduce((a, r) => a.plus(r.value), new Decimal(0));
    expect(text).toMatch(new RegExp(`Total\\s+${escape(brl(total))}`));
  });

  it('is refused for the year not over, a debt still open, a year with nothing due', async () => {
    server.clock.set('2027-01-11');
    const current = await call(server, 'letters.annual', { id: paidBorrower, year: 2027 }, tokens.operator);
    expect([current.status, current.body.field]).toEqual([400, 'year']);
    const open = await call(server, 'letters.annual', { id: openBorrower, year: 2026 }, tokens.operator);
    expect([open.status, open.body.field]).toEqual([409, 'year']);
    expect(open.body.message).toContain('art. 2º §1º');
    const nothing = await call(server, 'letters.annual', { id: paidBorrower, year: 2025 }, tokens.operator);
    expect([nothing.status, nothing.body.field]).toEqual([409, 'year']);
    const bad = await call(server, 'letters.annual', { id: paidBorrower, year: 'dois mil' }, tokens.operator);
    expect([bad.status, bad.body.field]).toEqual([400, 'year']);
    expect(bad.body.message).toContain('Campo year: ano inválido');
  });
});

describe('authorization and the activity log', () => {
  const panel = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 };
  const backOffice = { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['letters.statement', { id: 1_000_000 }, { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 }],
      ['letters.discharge', { id: 1_000_000 }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
    ],
    () => ({ server, tokens }),
  );

  it('statement and payoff: every panel role; discharge and annual: the back office only', async () => {
    server.clock.set('2027-01-11');
    const cases: Array<[Parameters<typeof call>[1], Record<string, unknown>, Record<DemoRole, number>]> = [
      ['letters.statement', { id: openOp }, panel],
      ['letters.payoff', { id: openOp }, panel],
      ['letters.discharge', { id: settledOp }, backOffice],
      ['letters.annual', { id: paidBorrower, year: 2026 }, backOffice],
    ];
    for (const [name, args, expected] of cases) {
      for (const role of Object.keys(expected) as DemoRole[]) {
        const answer = await call(server, name, args, tokens[role]);
        expect({ name, role, status: answer.status }).toEqual({ name, role, status: expected[role] });
      }
      expect((await call(server, name, args)).status).toBe(401);
    }
  });

  it('logs each letter issued, with who, the day it speaks of and the amount', async () => {
    const rows = await server.database.rows<{ action: string; entity: string; entity_id: number; after: Record<string, unknown> }>(
      "SELECT action, entity, entity_id, after FROM activity_log WHERE action LIKE 'letter.%' ORDER BY id",
    );
    const discharge = rows.find((r) => r.action === 'letter.discharge' && r.entity_id === settledOp);
    expect(discharge).toMatchObject({ entity: 'credit_operation', after: { kind: 'discharge', letter_day: '2026-03-10' } });
    const annual = rows.find((r) => r.action === 'letter.annual');
    expect(annual).toMatchObject({ entity: 'borrower', entity_id: paidBorrower, after: { kind: 'annual', year: 2026 } });
    expect(rows.some((r) => r.action === 'letter.payoff' && r.after.valid_until === '2026-03-13')).toBe(true);
    expect(rows.some((r) => r.action === 'letter.statement' && r.after.letter_day === '2026-02-01')).toBe(true);
    // a refused letter is not logged: the open operation has no discharge entry
    expect(rows.some((r) => r.action === 'letter.discharge' && r.entity_id === openOp)).toBe(false);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
