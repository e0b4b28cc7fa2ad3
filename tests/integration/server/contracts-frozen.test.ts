/**
 * A contract is frozen when issued: its PDF (read back with pdftotext) is
 * drawn only from what was stored at issue, so changing the installments, the
 * operation, the template, the company or the borrower afterwards leaves it
 * as it was; contracts issued before the freeze are frozen by the migration
 * from the rows of that moment. A CCB and an MPO of the same conditions carry
 * the same amounts and schedule, each with one number (its own, in the
 * heading and in the text). A CCB template missing a requisite of Lei
 * 10.931/2004 art. 29 saves with warnings naming it. Issuing the contract is
 * what makes the source solicitation contracted, through its workflow (locked,
 * checked, history and log).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/connect';
import { migrate } from '../../../src/server/db/migrate';
import { migrations } from '../../../src/server/db/migrations/index';
import { yearlyRate } from '../../../src/server/areas/operations/contracts';
import { formatCurrency } from '../../../src/shared/format';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;

const key = () => `test-${randomUUID()}`;

const CONDITIONS = {
  product: 'working_capital',
  amortization: 'price',
  requested_amount: '3000.00',
  monthly_rate: '2.00',
  installments: 12,
  disbursement_date: '2026-01-15',
  first_due_date: '2026-02-15',
  finance_iof: false,
} as const;

async function insertBorrower(name: string, document: string, solicitationId: number | null = null): Promise<number> {
  const [row] = await server.database.rows<{ id: number }>(
    "INSERT INTO borrowers (person_type, name, document, city, state, solicitation_id) VALUES ('PF', $1, $2, 'Recife', 'PE', $3) RETURNING id",
    [name, document, solicitationId],
  );
  return row.id;
}

/** Built by an agent (with the analyst's opinion), approved by an operator: two people, as the workflow wants. */
async function approvedOperation(extra: Record<string, unknown> = {}) {
  const created = await call(server, 'creditOperation.create', { ...CONDITIONS, borrower_id: borrowerId, idempotency_key: key(), ...extra }, tokens.agent);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const op = created.body;
  // The complement is changed on the version it was read at, like every other change.
  const opinion = await call(server, 'creditOperation.updateComplement', { id: op.id, version: op.version, payment_method: 'boleto', analyst_opinion: 'Capacidade de pagamento compatível com a parcela.' }, tokens.agent);
  expect(opinion.status, JSON.stringify(opinion.body)).toBe(200);
  let current = (await call(server, 'creditOperation.get', { id: op.id }, tokens.agent)).body;
  await call(server, 'creditOperation.decision', { id: op.id, action: 'send_to_analysis', version: current.version }, tokens.agent);
  current = (await call(server, 'creditOperation.get', { id: op.id }, tokens.agent)).body;
  const approved = await call(server, 'creditOperation.decision', { id: op.id, action: 'approve', version: current.version }, tokens.operator);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return approved.body as { id: number; principal: string; iof: { total: string }; total_payable: string; released: string; fees_total: string };
}

async function issue(id: number, kind: 'CCB' | 'MPO') {
  const args = kind === 'MPO' ? { id, message: 'Visita ao negócio: orientação sobre capital de giro e controle de estoque.', idempotency_key: key() } : { id, idempotency_key: key() };
  const answer = await call(server, kind === 'MPO' ? 'creditOperation.issueMpo' : 'creditOperation.issueCcb', args, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: number; number: string };
}

async function pdfText(id: number, kind: 'CCB' | 'MPO'): Promise<string> {
  const pdf = await call(server, kind === 'MPO' ? 'creditOperation.mpo' : 'creditOperation.ccb', { id }, tokens.agent);
  expect(pdf.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'contract-pdf-'));
  try {
    const file = join(dir, 'contract.pdf');
    writeFileSync(file, pdf.body as Uint8Array);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The summary of amounts and the schedule, as lines: page breaks and the table's repeated header left out. */
function amountsAndSchedule(text: string): string[] {
  const start = text.indexOf('Quadro-resumo da operação');
  const ends = ['Orientação ao empreendedor', 'Assinaturas'].map((m) => text.indexOf(m, start)).filter((i) => i > start);
  expect(start).toBeGreaterThan(0);
  return text
    .slice(start, Math.min(...ends))
    .split(/[\n\f]/)
    .map((l) => l.trim().replace(/\s+/g, ' '))
    .filter((l) => l && !/^Nº Vencimento Parcela/.test(l));
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  // Broad limits without the demo lender's TAC, as the credit-operation suite uses.
  await server.database.rows(
    "UPDATE company_parameters SET min_monthly_rate = 0, max_monthly_rate = 15, min_installments = 1, max_installments = 360, min_value = 100, max_value = 1000000, tac = 0, other_fees = '[]' WHERE company_id = 1",
  );
  borrowerId = await insertBorrower('Marta Contrato Congelado', '111.444.777-35');
});
afterAll(() => server?.close());

describe('a contract is frozen when issued', () => {
  it('the CCB PDF stays the same after the installments, the operation, the template, the company and the borrower change', async () => {
    const op = await approvedOperation();
    const contract = await issue(op.id, 'CCB');
    const before = await pdfText(op.id, 'CCB');
    expect(before).toContain('Quadro-resumo da operação');
    expect(before).toContain('Cronograma de pagamento');
    expect(before).toContain('Marta Contrato Congelado');
    expect(before).toContain(formatCurrency(op.total_payable));
    expect(before).toContain('15/01/2027');
    const [company] = await server.database.rows<{ legal_name: string }>('SELECT legal_name FROM companies WHERE id = 1');
    expect(before).toContain(company.legal_name);

    const [template] = await server.database.rows<{ title: string; body: string; version: number }>("SELECT title, body, version FROM contract_templates WHERE company_id = 1 AND kind = 'CCB'");
    const representatives = await server.database.rows<{ id: number; name: string }>('SELECT id, name FROM company_representatives WHERE company_id = 1');
    try {
      // The issued schedule itself can no longer move (migration 0036), not even for its owner.
      await expect(
        server.owner.rows(
          'UPDATE credit_operation_installments SET payment = payment + 100, interest = interest + 100, balance = balance + 1, due_date = due_date + 10 WHERE credit_operation_id = $1',
          [op.id],
        ),
      ).rejects.toThrow(/the schedule of an issued contract is never changed/);
      await expect(server.owner.rows('DELETE FROM credit_operation_installments WHERE credit_operation_id = $1 AND number = 12', [op.id])).rejects.toThrow(/never changed/);
      await server.database.rows(
        "UPDATE credit_operations SET principal = principal + 1000, released = released + 1000, iof_total = iof_total + 10, total_payable = total_payable + 5000, cet_monthly = 9.99, cet_yearly = 99.99, monthly_rate = 3.5, installments_count = 11, fees = '[{\"name\": \"TAC\", \"amount\": \"999.00\"}]', fees_total = 999 WHERE id = $1",
        [op.id],
      );
      await server.database.rows("UPDATE contract_templates SET title = 'Outro modelo', body = 'Texto trocado depois: {{tomador.nome}}', version = version + 1 WHERE company_id = 1 AND kind = 'CCB'");
      await server.database.rows("UPDATE companies SET legal_name = 'Razão Social Trocada S.A.', city = 'Curitiba' WHERE id = 1");
      await server.database.rows("UPDATE company_representatives SET name = 'Representante Trocado' WHERE company_id = 1");
      await server.database.rows("UPDATE borrowers SET name = 'Nome Trocado' WHERE id = $1", [borrowerId]);

      const after = await pdfText(op.id, 'CCB');
      expect(after).toBe(before);
      for (const changed of ['Razão Social Trocada', 'Representante Trocado', 'Nome Trocado', 'Texto trocado', 'R$ 999,00', '9,99%']) expect(after).not.toContain(changed);
      const detail = await call(server, 'company.issuedContract', { contractId: contract.id }, tokens.agent);
      expect(detail.body.body).toContain('Marta Contrato Congelado');
    } finally {
      await server.database.rows("UPDATE contract_templates SET title = $1, body = $2, version = $3 WHERE company_id = 1 AND kind = 'CCB'", [template.title, template.body, template.version + 2]);
      await server.database.rows("UPDATE companies SET legal_name = $1, city = 'São Paulo' WHERE id = 1", [company.legal_name]);
      await server.database.rows("UPDATE borrowers SET name = 'Marta Contrato Congelado' WHERE id = $1", [borrowerId]);
      for (const r of representatives) await server.database.rows('UPDATE company_representatives SET name = $1 WHERE id = $2', [r.name, r.id]);
    }
  });

  it('the MPO PDF keeps the orientation given at issue, whatever the operation says later', async () => {
    const op = await approvedOperation({ product: 'microcredit' });
    await issue(op.id, 'MPO');
    const before = await pdfText(op.id, 'MPO');
    expect(before).toContain('capital de giro e controle de estoque');
    await server.database.rows("UPDATE credit_operations SET orientation_message = 'Outra orientação, escrita depois.' WHERE id = $1", [op.id]);
    await expect(server.owner.rows('UPDATE credit_operation_installments SET due_date = due_date + 30 WHERE credit_operation_id = $1', [op.id])).rejects.toThrow(/never changed/);
    expect(await pdfText(op.id, 'MPO')).toBe(before);
  });

  it('a CCB and an MPO of the same conditions carry the same amounts and schedule, and one number each', async () => {
    const ccbOp = await approvedOperation();
    const mpoOp = await approvedOperation({ product: 'microcredit' });
    const ccb = await issue(ccbOp.id, 'CCB');
    const mpo = await issue(mpoOp.id, 'MPO');
    const ccbText = await pdfText(ccbOp.id, 'CCB');
    const mpoText = await pdfText(mpoOp.id, 'MPO');

    const lines = amountsAndSchedule(ccbText);
    expect(amountsAndSchedule(mpoText)).toEqual(lines);
    const summary = lines.join('\n');
    for (const label of ['Valor financiado', 'IOF', 'Tarifas', 'Valor liberado ao emitente', 'Taxa de juros', 'Valor total a pagar', 'Custo Efetivo Total (CET)', 'Parcelas']) {
      expect(summary).toContain(label);
    }
    for (const amount of [ccbOp.principal, ccbOp.iof.total, ccbOp.released, ccbOp.total_payable]) expect(summary, amount).toContain(formatCurrency(amount));
    expect(lines.filter((l) => /^\d+ \d\d\/\d\d\/\d{4} R\$/.test(l))).toHaveLength(CONDITIONS.installments);

    for (const [text, number] of [[ccbText, ccb.number], [mpoText, mpo.number]] as const) {
      // The heading and the text's "nº" carry the contract's own number; the operation's OP-… is not a second one.
      expect(text.split(number).length - 1).toBeGreaterThanOrEqual(2);
      expect(text).not.toMatch(/OP-\d{6}/);
      expect(text.replaceAll(number, '')).not.toMatch(/(CCB|MPO)-\d{4}-\d{6}/);
    }
  });
});

describe('contracts issued before the freeze', () => {
  it('are frozen by the migration from the rows of that moment, and a heading "nº {{operacao.numero}}" becomes the contract number', async () => {
    const handle = await openDatabase({});
    try {
      const upTo = migrations.findIndex((m) => m.id === '0013_frozen_contracts');
      expect(upTo).toBeGreaterThan(0);
      await migrate(handle, migrations.slice(0, upTo));
      await handle.exec(`
        INSERT INTO users (name, email, password_hash) VALUES ('Operadora', 'op@demo.local', 'x');
        INSERT INTO borrowers (person_type, name, document) VALUES ('PF', 'Tomadora Antiga', '529.982.247-25');
        INSERT INTO credit_operations (borrower_id, status, product, contract_kind, amortization, requested_amount, principal, monthly_rate,
          installments_count, disbursement_date, first_due_date, finance_iof, fees, fees_total, iof_daily, iof_additional, iof_total, iof_rates,
          cet_monthly, cet_yearly, total_interest, total_payable, released, secured_guarantee_ids, orientation_message)
        VALUES (1, 'contract_issued', 'microcredit', 'MPO', 'price', 1000, 1000, 1.5, 2, '2025-03-10', '2025-04-10', false,
          '[{"name": "Cadastro", "amount": "10.00"}]', 10, 3.00, 3.80, 6.80,
          '{"personType": "PF", "dailyPercent": "0.0082", "additionalPercent": "0.38", "legalBasis": "x"}',
          2.61, 36.23, 22.61, 1022.61, 983.20, '{}', 'Orientação dada na visita.');
        INSERT INTO credit_operation_installments (credit_operation_id, number, due_date, payment, interest, amortization, balance)
        VALUES (1, 2, '2025-05-10', 511.30, 7.56, 503.74, 0), (1, 1, '2025-04-10', 511.31, 15.05, 496.26, 503.74);
        INSERT INTO contract_templates (company_id, kind, title, body)
        VALUES (1, 'CCB', 'CCB', E'CÉDULA DE CRÉDITO BANCÁRIO nº {{operacao.numero}} (Lei)\\nOperação nº {{operacao.numero}}.'),
               (1, 'MPO', 'MPO', E'CONTRATO MPO\\nOperação nº {{operacao.numero}}.');
        INSERT INTO issued_contracts (company_id, credit_operation_id, kind, number, template_version, title, body, signatories, issued_by)
        VALUES (1, 1, 'MPO', 'MPO-2025-000001', 1, 'MPO', 'Texto', '{"borrower": "Tomadora Antiga", "guarantors": [], "representatives": [], "witnesses": []}', 1);
      `);

      await migrate(handle);

      const [contract] = await handle.rows<{ frozen: Record<string, unknown> }>('SELECT frozen FROM issued_contracts');
      expect(contract.frozen).toEqual({
        amounts: {
          amortization: 'price',
          requested_amount: '1000.00',
          principal: '1000.00',
          released: '983.20',
          iof_total: '6.80',
          fees: [{ name: 'Cadastro', amount: '10.00' }],
          fees_total: '10.00',
          total_interest: '22.61',
          total_payable: '1022.61',
          monthly_rate: '1.5000',
          yearly_rate: yearlyRate('1.5000'),
          cet_monthly: '2.61',
          cet_yearly: '36.23',
          installments_count: 2,
          disbursement_date: '2025-03-10',
          first_due_date: '2025-04-10',
          payment_method: 'boleto',
        },
        schedule: [
          { number: 1, due_date: '2025-04-10', payment: '511.31', interest: '15.05', amortization: '496.26', balance: '503.74' },
          { number: 2, due_date: '2025-05-10', payment: '511.30', interest: '7.56', amortization: '503.74', balance: '0.00' },
        ],
        orientation_message: 'Orientação dada na visita.',
        // migration 0038: the late-charge terms the text stated — multa and mora only, days late from the moved due date
        late_charges: {
          late_fee_percent: '2.0000',
          default_interest_monthly_percent: '1.0000',
          remuneratory: 'none',
          contract_monthly_percent: '1.5000',
          late_days_from: 'payable_until',
        },
      });
      // From now on every contract has its frozen record.
      await expect(
        handle.exec(`INSERT INTO issued_contracts (company_id, credit_operation_id, kind, number, template_version, title, body, signatories)
          VALUES (1, 1, 'CCB', 'CCB-2025-000002', 1, 'CCB', 'Texto', '{}')`),
      ).rejects.toThrow();

      // The contracts' templates (the documents' have their own seed: migration 0069).
      const templates = await handle.rows<{ kind: string; body: string; version: number }>("SELECT kind, body, version FROM contract_templates WHERE kind IN ('CCB', 'MPO') ORDER BY kind");
      expect(templates).toEqual([
        { kind: 'CCB', body: 'CÉDULA DE CRÉDITO BANCÁRIO nº {{contrato.numero}} (Lei)\nOperação nº {{operacao.numero}}.', version: 2 },
        { kind: 'MPO', body: 'CONTRATO MPO\nOperação nº {{operacao.numero}}.', version: 1 },
      ]);
    } finally {
      await handle.close();
    }
  });
});

describe('CCB templates and Lei 10.931/2004 art. 29', () => {
  it('the demo templates carry every requisite', async () => {
    const templates = await call(server, 'company.contractTemplates', { id: 1 }, tokens.agent);
    // The documents' templates are judged by no contract requisite: none has a warning either.
    expect(templates.body.map((t: { kind: string; warnings: string[] }) => [t.kind, t.warnings])).toEqual([
      ['CCB', []],
      ['MPO', []],
      ['confession', []],
      ['payoff', []],
      ['discharge', []],
      ['annual', []],
    ]);
  });

  it('a CCB template missing requisites saves, with a warning in Portuguese for each; a complete one has none', async () => {
    const [template] = await server.database.rows<{ title: string; body: string }>("SELECT title, body FROM contract_templates WHERE company_id = 1 AND kind = 'CCB'");
    try {
      const bare = await call(server, 'company.updateContractTemplate', { id: 1, kind: 'CCB', title: 'Contrato de empréstimo', body: 'Contrato nº {{operacao.numero}} entre a credora e {{tomador.nome}}.' }, tokens.admin);
      expect(bare.status).toBe(200);
      const warnings: string[] = bare.body.warnings;
      for (const missing of [
        'denominação "Cédula de Crédito Bancário"',
        'promessa do emitente de pagar a dívida em dinheiro',
        'datas e os valores das parcelas',
        'lugar do pagamento',
        'valor da dívida e os seus juros',
        'nome da instituição credora',
        'cláusula à ordem',
        'data e o lugar da emissão',
        'identificar o emitente',
        'número do contrato',
        'número interno da operação',
      ]) {
        expect(warnings.some((w) => w.includes(missing)), missing).toBe(true);
      }
      expect(warnings).toHaveLength(11);
      expect((await call(server, 'company.contractTemplates', { id: 1 }, tokens.agent)).body[0].warnings).toEqual(warnings);

      // Each requisite alone: the template without it warns about that one only.
      const complete = template.body;
      const cases: Array<[string, string, string]> = [
        ['O emitente promete pagar', 'O emitente reconhece dever', 'promessa do emitente'],
        ['ou à sua ordem, ', '', 'cláusula à ordem'],
        ['Praça de pagamento: {{local.pagamento}}.', '', 'lugar do pagamento'],
        ['{{operacao.cronograma}}', '', 'datas e os valores'],
      ];
      for (const [text, instead, missing] of cases) {
        expect(complete).toContain(text);
        const answer = await call(server, 'company.updateContractTemplate', { id: 1, kind: 'CCB', title: template.title, body: complete.replace(text, instead) }, tokens.admin);
        expect(answer.status).toBe(200);
        expect(answer.body.warnings).toHaveLength(1);
        expect(answer.body.warnings[0]).toContain(missing);
      }
      const fixed = await call(server, 'company.updateContractTemplate', { id: 1, kind: 'CCB', title: template.title, body: complete }, tokens.admin);
      expect(fixed.body.warnings).toEqual([]);
      // The MPO is not a cédula: only the number rule applies to it.
      const [mpo] = await server.database.rows<{ title: string; body: string }>("SELECT title, body FROM contract_templates WHERE company_id = 1 AND kind = 'MPO'");
      const mpoAnswer = await call(server, 'company.updateContractTemplate', { id: 1, kind: 'MPO', title: mpo.title, body: mpo.body.replace('{{contrato.numero}}', '{{operacao.numero}}') }, tokens.admin);
      expect(mpoAnswer.body.warnings).toHaveLength(2);
      await call(server, 'company.updateContractTemplate', { id: 1, kind: 'MPO', title: mpo.title, body: mpo.body }, tokens.admin);
    } finally {
      await server.database.rows("UPDATE contract_templates SET title = $1, body = $2 WHERE company_id = 1 AND kind = 'CCB'", [template.title, template.body]);
    }
  });
});

describe('the source solicitation becomes contracted only by the contract', () => {
  async function solicitationBorrower(name: string, document: string) {
    const [solicitation] = await server.database.rows<{ id: number }>(
      "SELECT s.id FROM solicitations s WHERE s.status = 'approved' AND s.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM borrowers b WHERE b.solicitation_id = s.id) ORDER BY s.id LIMIT 1",
    );
    return { solicitationId: solicitation.id, borrower: await insertBorrower(name, document, solicitation.id) };
  }

  it('issuing moves it through its workflow, with history and log; a contract issued again leaves it as it is', async () => {
    const { solicitationId, borrower } = await solicitationBorrower('Solicitante Contratada', '390.533.447-05');
    const op = await approvedOperation({ borrower_id: borrower });
    const contract = await issue(op.id, 'CCB');
    const detail = await call(server, 'solicitations.get', { id: solicitationId }, tokens.agent);
    expect(detail.body).toMatchObject({ status: 'contracted', nextStatuses: [] });
    expect(detail.body.statusHistory.at(-1)).toMatchObject({ fromStatus: 'approved', toStatus: 'contracted', reason: `Contrato ${contract.number}` });
    const logs = await server.database.rows<{ action: string; before: unknown; after: unknown }>(
      "SELECT action, before, after FROM activity_log WHERE entity = 'solicitation' AND entity_id = $1 ORDER BY id",
      [solicitationId],
    );
    expect(logs.at(-1)).toEqual({ action: 'solicitation.status-only', before: { status: 'approved' }, after: { status: 'contracted', reason: `Contrato ${contract.number}`, notified: false } });

    expect((await call(server, 'company.cancelContract', { contractId: contract.id }, tokens.operator)).status).toBe(200);
    await issue(op.id, 'CCB');
    const again = await call(server, 'solicitations.get', { id: solicitationId }, tokens.agent);
    expect(again.body.status).toBe('contracted');
    expect(again.body.statusHistory.filter((h: { toStatus: string }) => h.toStatus === 'contracted')).toHaveLength(1);
  });

  it("the operation's own timeline and log record each contract move, with its version", async () => {
    const op = await approvedOperation();
    const contract = await issue(op.id, 'CCB');
    expect((await call(server, 'company.cancelContract', { contractId: contract.id }, tokens.operator)).status).toBe(200);
    const events = await server.database.rows<{ kind: string; from_status: string | null; to_status: string | null; note: string | null }>(
      "SELECT kind, from_status, to_status, note FROM credit_operation_events WHERE credit_operation_id = $1 AND kind LIKE 'contract%' ORDER BY id",
      [op.id],
    );
    expect(events).toEqual([
      { kind: 'contract_issued', from_status: 'approved', to_status: 'contract_issued', note: contract.number },
      { kind: 'contract_cancelled', from_status: 'contract_issued', to_status: 'approved', note: contract.number },
    ]);
    const logs = await server.database.rows<{ action: string; before: { version: number }; after: { status: string; version: number; number: string } }>(
      "SELECT action, before, after FROM activity_log WHERE entity = 'credit_operation' AND entity_id = $1 AND action LIKE 'credit-operation.contract-%' ORDER BY id",
      [op.id],
    );
    expect(logs.map((l) => [l.action, l.after.status, l.after.number])).toEqual([
      ['credit-operation.contract-issued', 'contract_issued', contract.number],
      ['credit-operation.contract-cancelled', 'approved', contract.number],
    ]);
    expect(logs[1].before.version).toBe(logs[0].after.version);
    expect(logs[1].after.version).toBe(logs[0].after.version + 1);
  });

  it('a source solicitation cancelled meanwhile stops the issue (409), and nothing is issued', async () => {
    const { solicitationId, borrower } = await solicitationBorrower('Solicitante Desistente', '853.513.468-93');
    const op = await approvedOperation({ borrower_id: borrower });
    expect((await call(server, 'solicitations.setStatus', { id: solicitationId, status: 'cancelled', reason: 'Desistiu do crédito', notify: false }, tokens.operator)).status).toBe(200);
    const refused = await call(server, 'creditOperation.issueCcb', { id: op.id, idempotency_key: key() }, tokens.operator);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`solicitação de origem nº ${solicitationId}`);
    expect((await call(server, 'creditOperation.get', { id: op.id }, tokens.agent)).body).toMatchObject({ status: 'approved', contract: null });
    expect((await call(server, 'company.contractsByOperation', { id: op.id }, tokens.agent)).body).toEqual([]);
  });
});
