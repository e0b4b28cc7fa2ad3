/**
 * The confession of debt and the letters from the company's templates (PGlite and PostgreSQL): every company has the
 * four document templates (today's texts, version 1; a new company gets them too), each using only its kind's
 * placeholders; an unknown one is refused with the Portuguese message naming it and listing the allowed ones; an
 * edit makes a new version; an agreement carried out and a payoff letter are filled from the version in force and
 * kept with it; printed again after the template changed, they read as issued (pdftotext). Who may call the new and
 * changed calls.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFESSION_ALIASES, CONTRACT_ALIASES, TEMPLATE_ALIASES, templatePlaceholders, type OperationName, type TemplateKind } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

type Row = Record<string, any>;
type Template = { id: number; kind: TemplateKind; title: string; body: string; version: number; warnings: string[] };

let server: TestServer;
let tokens: Record<DemoRole, string>;
let dir = '';
let borrowerId = 0;
let agreementOp = 0;
let letterOp = 0;
const TODAY = '2026-05-20';

async function templates(companyId = 1): Promise<Template[]> {
  const answer = await call(server, 'company.contractTemplates', { id: companyId }, tokens.admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}
const templateOf = async (kind: TemplateKind) => (await templates()).find((t) => t.kind === kind)!;

async function save(kind: TemplateKind, change: (body: string) => string): Promise<Template> {
  const before = await templateOf(kind);
  const answer = await call(server, 'company.updateContractTemplate', { id: 1, kind, title: before.title, body: change(before.body) }, tokens.admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.version).toBe(before.version + 1);
  return answer.body;
}

/** The PDF's text (pdftotext -layout, lines joined), after checking the answer is a PDF. */
async function pdfText(name: OperationName, args: Record<string, unknown>): Promise<string> {
  const answer = await call(server, name, args, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.headers.get('content-type')).toContain('application/pdf');
  const file = join(dir, `${name}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, answer.body as Uint8Array);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'doc-templates-'));
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Otávio Modelo Teste', '390.533.447-05');
  agreementOp = await disbursedOperation(server, tokens, borrowerId);
  letterOp = await disbursedOperation(server, tokens, borrowerId);
  server.clock.set(TODAY);
}, 300_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  return server?.close();
});

describe('the document templates', () => {
  it("every company has the four, version 1, each with only its kind's placeholders; a new company gets them too", async () => {
    const all = await templates();
    expect(all.map((t) => t.kind)).toEqual(['CCB', 'MPO', 'confession', 'payoff', 'discharge', 'annual']);
    for (const t of all.filter((x) => !['CCB', 'MPO'].includes(x.kind))) {
      expect({ kind: t.kind, version: t.version, warnings: t.warnings }).toEqual({ kind: t.kind, version: 1, warnings: [] });
      const allowed = TEMPLATE_ALIASES[t.kind].map((a) => a.alias);
      expect(templatePlaceholders(`${t.title}\n${t.body}`).filter((p) => !allowed.includes(p)), t.kind).toEqual([]);
    }
    expect(all.find((t) => t.kind === 'confession')!.body).toMatch(/^INSTRUMENTO PARTICULAR DE CONFISSÃO DE DÍVIDA/);
    expect(all.find((t) => t.kind === 'annual')!.body).toContain('Lei nº 12.007');

    const aliases = await call(server, 'company.contractAliases', { kind: 'confession' }, tokens.agent);
    expect(aliases.body.map((a: Row) => a.alias)).toEqual(CONFESSION_ALIASES.map((a) => a.alias));
    const contracts = await call(server, 'company.contractAliases', {}, tokens.agent);
    expect(contracts.body.map((a: Row) => a.alias)).toEqual(CONTRACT_ALIASES.map((a) => a.alias));

    const [{ id: other }] = await server.database.rows<{ id: number }>("INSERT INTO companies (legal_name) VALUES ('Nova Financeira') RETURNING id");
    expect((await templates(other)).map((t) => [t.kind, t.version])).toEqual([
      ['confession', 1],
      ['payoff', 1],
      ['discharge', 1],
      ['annual', 1],
    ]);
  });

  it('an unknown placeholder is refused, naming it and listing the allowed ones; nothing changes', async () => {
    const confession = await templateOf('confession');
    const unknown = await call(server, 'company.updateContractTemplate', { id: 1, kind: 'confession', title: confession.title, body: `${confession.body} {{tomador.salario}}` }, tokens.admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('body');
    expect(unknown.body.message).toContain('marcador desconhecido: {{tomador.salario}}');
    expect(unknown.body.message).toContain('Permitidos neste modelo: {{acordo.numero}}, {{credora.nome}}');
    // A placeholder of another kind is as unknown: the payoff letter knows nothing of an agreement.
    const payoff = await templateOf('payoff');
    const other = await call(server, 'company.updateContractTemplate', { id: 1, kind: 'payoff', title: payoff.title, body: `${payoff.body} {{acordo.numero}}` }, tokens.admin);
    expect({ status: other.status, field: other.body.field }).toEqual({ status: 400, field: 'body' });
    expect(other.body.message).toContain('{{quitacao.valor}}');
    const annual = await templateOf('annual');
    const title = await call(server, 'company.updateContractTemplate', { id: 1, kind: 'annual', title: 'Declaração de {{exercicio}}', body: annual.body }, tokens.admin);
    expect({ status: title.status, field: title.body.field }).toEqual({ status: 400, field: 'title' });
    expect((await templates()).filter((t) => t.version !== 1).map((t) => t.kind)).toEqual([]);
  });
});

describe('the confession of debt', () => {
  it('is filled from the version in force and kept with it; printed again after another edit, it reads as issued', async () => {
    const edited = await save('confession', (b) => b.replace('6. Este instrumento', '6. Cláusula editada pela empresa. Este instrumento'));
    const list = await call(server, 'renegotiation.installments', { id: borrowerId, credit_operation_id: agreementOp }, tokens.operator);
    const args = {
      borrower_id: borrowerId,
      installment_ids: (list.body.items as Row[]).filter((i) => i.overdue).map((i) => i.installment_id),
      late_charges_discount_percent: '0',
      interest_discount_percent: '0',
      down_payment: '0.00',
      amortization: 'price',
      monthly_rate: '1.50',
      term: 3,
      first_due_date: '2026-06-20',
      finance_iof: true,
    };
    const s = await call(server, 'renegotiation.simulate', args, tokens.operator);
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const expected = { renegotiated_balance: s.body.renegotiated_balance, discount: s.body.discount, principal: s.body.principal, iof_total: s.body.iof_total, total_payable: s.body.total_payable };
    const agreed = await call(server, 'renegotiation.agree', { ...args, idempotency_key: key(), expected }, tokens.operator);
    expect(agreed.body.status, JSON.stringify(agreed.body)).toBe('agreed');
    const id = agreed.body.id;

    const [doc] = await server.database.rows<{ template_id: number; template_version: number; body: string }>(
      'SELECT template_id, template_version, body FROM renegotiation_documents WHERE agreement_id = $1',
      [id],
    );
    expect({ template_id: doc.template_id, template_version: doc.template_version }).toEqual({ template_id: edited.id, template_version: edited.version });
    expect(doc.body).toContain('Cláusula editada pela empresa');
    expect(doc.body).toContain('Otávio Modelo Teste');
    expect(doc.body).not.toMatch(/\{\{/);

    await save('confession', (b) => b.replace('Cláusula editada pela empresa.', 'Texto da versão seguinte.'));
    const text = await pdfText('renegotiation.document', { id });
    expect(text).toContain('Cláusula editada pela empresa');
    expect(text).not.toContain('Texto da versão seguinte');
  });
});

describe('the letters', () => {
  it('a payoff letter is kept with its version; printed again after the template changed, it reads as issued', async () => {
    const first = await pdfText('letters.payoff', { id: letterOp });
    expect(first).toContain('Informamos que o valor para a quitação antecipada');
    const issued = await call(server, 'letters.issued', { credit_operation_id: letterOp }, tokens.operator);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body).toHaveLength(1);
    const [letter] = issued.body as Row[];
    expect(letter).toMatchObject({ kind: 'payoff', credit_operation_id: letterOp, borrower_id: borrowerId, letter_day: TODAY, template_version: 1, title: 'Carta de quitação antecipada — valor para quitar' });
    expect(letter.file_name).toMatch(/^quitacao-antecipada-.*\.pdf$/);

    const v2 = await save('payoff', (b) => b.replace('Informamos que o valor', 'Conforme pedido, informamos que o valor'));
    const again = await pdfText('letters.reprint', { id: letter.id });
    expect(again).toContain('Informamos que o valor para a quitação antecipada');
    expect(again).not.toContain('Conforme pedido');
    expect(again).toContain('Otávio Modelo Teste');

    const second = await pdfText('letters.payoff', { id: letterOp });
    expect(second).toContain('Conforme pedido, informamos que o valor');
    const both = await call(server, 'letters.issued', { borrower_id: borrowerId }, tokens.admin);
    expect(both.body.map((l: Row) => l.template_version)).toEqual([v2.version, 1]);

    const [log] = await server.database.rows<{ entity: string; entity_id: number; after: Row }>(
      "SELECT entity, entity_id, after FROM activity_log WHERE action = 'letter.reprint' ORDER BY id DESC LIMIT 1",
    );
    expect(log).toMatchObject({ entity: 'credit_operation', entity_id: letterOp, after: { kind: 'payoff', letter_id: letter.id, template_version: 1 } });
  });

  it('lists by an operation or a borrower, never both nor neither (400 in Portuguese)', async () => {
    for (const args of [{}, { credit_operation_id: letterOp, borrower_id: borrowerId }]) {
      const answer = await call(server, 'letters.issued', args, tokens.operator);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('informe a operação ou o tomador');
    }
  });
});

describe('authorization', () => {
  const read = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 } as const;
  const write = (status: number) => ({ superadmin: status, admin: status, operator: 403, agent: 403, user: 403 });
  itAnswersTheMatrix(
    [
      ['company.contractAliases', { kind: 'payoff' }, read],
      ['company.createContractTemplate', { id: 1, kind: 'confession' }, write(400)],
      ['company.updateContractTemplate', { id: 1, kind: 'discharge' }, write(400)],
      ['letters.issued', { credit_operation_id: 999999 }, { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 }],
      ['letters.reprint', { id: 999999 }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
    ],
    () => ({ server, tokens }),
  );
});
