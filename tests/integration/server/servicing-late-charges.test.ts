/**
 * Late charges only as the frozen contract states them (Res. CMN 4.882/2020), over HTTP on PGlite and PostgreSQL:
 * one installment of a known value, released on a whole-month first period (value = principal × (1 + rate)), read and
 * paid late; the trial balance is zero after each payment.
 *
 * - No clause (the CCB/MPO texts said only multa and mora): multa + mora, no contract interest. Before, the
 *   contract's rate ran per day on top: R$ 974,87 eight days late at 2,5% a month bore R$ 6,50 of it, R$ 1.040,00
 *   eighteen days late at 4% a month R$ 24,96.
 * - The clause stated (company switch on at issue, the template printing it): the contract's rate compounded pro
 *   rata die: R$ 1.040,00 eighteen days late at 4% a month → R$ 24,76.
 * - The terms come from the contract frozen at issue, not from the company's parameters today.
 * - A due date on a Sunday before Carnival moves to Ash Wednesday (Código Civil art. 132 §1): paid on Friday, two
 *   days late counted from the moved date (five from the printed date before).
 * - Rates print with two decimals in the contract ("2,50% ao mês", "multa de 2,00%").
 * - Migration 0038 (on PGlite, from the migration before it): older contracts frozen with multa and mora only, and a
 *   released operation's last movement kept as the day up to which it keeps what it was charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/connect';
import { migrate } from '../../../src/server/db/migrate';
import { migrations } from '../../../src/server/db/migrations/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { expectBooksBalanced, insertBorrower, issuedOperation, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Lia Encargos', '390.533.447-05');
});
afterAll(() => server?.close());

interface Lent {
  id: number;
  installmentId: number;
}

/** One installment of `amount` at `rate` a month, issued on `disbursement` (whole month to `firstDue`) and released that day. */
async function lend(amount: string, rate: string, disbursement: string, firstDue: string): Promise<Lent> {
  const { id, version } = await issuedOperation(
    server,
    tokens,
    borrowerId,
    { requested_amount: amount, monthly_rate: rate, installments: 1, disbursement_date: disbursement, first_due_date: firstDue },
    disbursement,
  );
  const released = await call(server, 'servicing.disburse', { id, version, idempotency_key: key(), method: 'pix', transfer_reference: 'E1' }, tokens.operator);
  expect(released.status, JSON.stringify(released.body)).toBe(200);
  const listed = await call(server, 'servicing.installments', { id }, tokens.agent);
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return { id, installmentId: listed.body.installments[0].id as number };
}

async function installmentOn(lent: Lent, date: string): Promise<Record<string, any>> {
  const answer = await call(server, 'servicing.installments', { id: lent.id, date }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.installments[0] as Record<string, any>;
}

/** Pays everything due on `date` (the clock moved there) and checks the books. */
async function payAll(lent: Lent, date: string, amount: string): Promise<void> {
  server.clock.set(date);
  const paid = await call(server, 'servicing.pay', { id: lent.id, installment: lent.installmentId, idempotency_key: key(), amount, paid_on: date, method: 'pix' }, tokens.operator);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  expect((await installmentOn(lent, date)).status).toBe('paid');
  await expectBooksBalanced(server, tokens.operator);
}

async function frozenOf(operationId: number): Promise<{ body: string; late: Record<string, string> }> {
  const [row] = await server.database.rows<{ body: string; late: Record<string, string> }>(
    "SELECT body, frozen->'late_charges' AS late FROM issued_contracts WHERE credit_operation_id = $1 AND status = 'issued'",
    [operationId],
  );
  return row;
}

const charges = (i: Record<string, any>) => ({ days_late: i.days_late, ...i.charges, due_total: i.due_total });

describe('a contract that states only multa and mora', () => {
  it('R$ 974,87 eight days late at 2,5% a month: multa + mora, no contract interest (was R$ 6,50 of it)', async () => {
    const lent = await lend('951.09', '2.5', '2026-01-12', '2026-02-12');
    expect((await installmentOn(lent, '2026-02-12')).value).toBe('974.87');
    const { body, late } = await frozenOf(lent.id);
    expect(late).toMatchObject({ late_fee_percent: '2.0000', default_interest_monthly_percent: '1.0000', remuneratory: 'none', late_days_from: 'payable_until' });
    expect(body).toContain('juros de 2,50% ao mês');
    expect(body).toContain('multa de 2,00% sobre o valor em atraso, juros de mora de 1,00% ao mês, pro rata die, e sem juros remuneratórios durante o atraso');
    expect(body).toContain('Código Civil, art. 132, § 1º');
    // 2% of 974,87 = 19,50; 974,87 × 1%/30 × 8 = 2,60
    expect(charges(await installmentOn(lent, '2026-02-20'))).toEqual({ days_late: 8, late_fee: '19.50', default_interest: '2.60', contract_interest: '0.00', due_total: '996.97' });
    await payAll(lent, '2026-02-20', '996.97');
  });

  it('R$ 1.040,00 eighteen days late at 4% a month: multa + mora, no contract interest (was R$ 24,96); the company parameters of today change nothing', async () => {
    const lent = await lend('1000.00', '4', '2026-01-12', '2026-02-12');
    expect((await installmentOn(lent, '2026-02-12')).value).toBe('1040.00');
    // Today's parameters are not the contract's: a later switch or multa changes nothing already issued.
    await server.database.rows('UPDATE company_parameters SET remuneratory_interest_in_delay = true, late_fee_percent = 1 WHERE company_id = 1');
    try {
      // 2% of 1.040 = 20,80; 1.040 × 1%/30 × 18 = 6,24
      expect(charges(await installmentOn(lent, '2026-03-02'))).toEqual({ days_late: 18, late_fee: '20.80', default_interest: '6.24', contract_interest: '0.00', due_total: '1067.04' });
      await payAll(lent, '2026-03-02', '1067.04');
    } finally {
      await server.database.rows('UPDATE company_parameters SET remuneratory_interest_in_delay = false, late_fee_percent = 2 WHERE company_id = 1');
    }
  });
});

describe('a contract that states remuneratory interest during delay', () => {
  it('R$ 1.040,00 eighteen days late at 4% a month: the rate compounded pro rata die, R$ 24,76', async () => {
    await server.database.rows('UPDATE company_parameters SET remuneratory_interest_in_delay = true WHERE company_id = 1');
    let lent: Lent;
    try {
      lent = await lend('1000.00', '4', '2026-01-12', '2026-02-12');
    } finally {
      await server.database.rows('UPDATE company_parameters SET remuneratory_interest_in_delay = false WHERE company_id = 1');
    }
    const { body, late } = await frozenOf(lent.id);
    expect(late).toMatchObject({ remuneratory: 'compound_daily', contract_monthly_percent: '4.0000' });
    expect(body).toContain('juros remuneratórios à taxa deste contrato, de 4,00% ao mês, capitalizados diariamente (pro rata die) sobre o valor em atraso');
    // 1.040 × (1,04^(18/30) − 1) = 24,76; the same multa and mora
    expect(charges(await installmentOn(lent, '2026-03-02'))).toEqual({ days_late: 18, late_fee: '20.80', default_interest: '6.24', contract_interest: '24.76', due_total: '1091.80' });
    await payAll(lent, '2026-03-02', '1091.80');
  });

  it('with the clause switched on, a template that does not print it is flagged before anyone issues from it', async () => {
    const warningsOf = async () => {
      const answer = await call(server, 'company.contractTemplates', { id: 1 }, tokens.agent);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // The contracts' templates (the documents' print no late-charge clause of a contract).
      const contracts = (answer.body as Array<{ kind: string; warnings: string[] }>).filter((t) => t.kind === 'CCB' || t.kind === 'MPO');
      return Object.fromEntries(contracts.map((t) => [t.kind, t.warnings.filter((w) => w.includes('{{encargos.juros_remuneratorios}}'))]));
    };
    // Switched off, nobody is told (the seed's templates print it anyway).
    expect(await warningsOf()).toEqual({ CCB: [], MPO: [] });
    const [mpo] = await server.database.rows<{ body: string }>("SELECT body FROM contract_templates WHERE company_id = 1 AND kind = 'MPO'");
    await server.database.rows("UPDATE contract_templates SET body = replace(body, '{{encargos.juros_remuneratorios}}', 'sem juros remuneratórios') WHERE company_id = 1 AND kind = 'MPO'");
    try {
      expect(await warningsOf()).toEqual({ CCB: [], MPO: [] });
      await server.database.rows('UPDATE company_parameters SET remuneratory_interest_in_delay = true WHERE company_id = 1');
      const flagged = await warningsOf();
      expect(flagged.CCB).toEqual([]);
      expect(flagged.MPO).toEqual([expect.stringContaining('cobrarão só multa e juros de mora')]);
    } finally {
      await server.database.rows('UPDATE company_parameters SET remuneratory_interest_in_delay = false WHERE company_id = 1');
      await server.database.rows("UPDATE contract_templates SET body = $1 WHERE company_id = 1 AND kind = 'MPO'", [mpo.body]);
    }
  });
});

describe('a due date on a weekend or bank holiday', () => {
  it('Sunday 15 before Carnival moves to Ash Wednesday 18: no charges by then, and paid on Friday two days late (five before)', async () => {
    const lent = await lend('1000.00', '2', '2026-01-15', '2026-02-15');
    const onTime = await installmentOn(lent, '2026-02-18');
    expect(onTime.payable_until).toBe('2026-02-18');
    expect(charges(onTime)).toEqual({ days_late: 0, late_fee: '0.00', default_interest: '0.00', contract_interest: '0.00', due_total: '1020.00' });
    // 2% of 1.020 = 20,40; 1.020 × 1%/30 × 2 = 0,68
    expect(charges(await installmentOn(lent, '2026-02-20'))).toEqual({ days_late: 2, late_fee: '20.40', default_interest: '0.68', contract_interest: '0.00', due_total: '1041.08' });
    await payAll(lent, '2026-02-20', '1041.08');
  });
});

describe('migration 0038 on the books of before', () => {
  it('freezes multa and mora only in older contracts and keeps what released operations were charged up to their last movement', async () => {
    const handle = await openDatabase({});
    try {
      const upTo = migrations.findIndex((m) => m.id === '0038_contract_late_charges');
      expect(upTo).toBeGreaterThan(0);
      await migrate(handle, migrations.slice(0, upTo));
      const frozen = (n: number) =>
        JSON.stringify({ amounts: { monthly_rate: '2.5000', first_due_date: '2025-04-10' }, schedule: [], orientation_message: null, ...(n === 1 ? { late_charges: { late_fee_percent: '2.0000', default_interest_monthly_percent: '1.0000' } } : {}) });
      await handle.exec(`
        INSERT INTO users (name, email, password_hash) VALUES ('Operadora', 'op@demo.local', 'x');
        INSERT INTO borrowers (person_type, name, document) VALUES ('PF', 'Tomadora Antiga', '529.982.247-25');
        INSERT INTO credit_operations (borrower_id, status, product, contract_kind, amortization, requested_amount, principal, monthly_rate,
          installments_count, disbursement_date, first_due_date, finance_iof, fees, fees_total, iof_daily, iof_additional, iof_total, iof_rates,
          cet_monthly, cet_yearly, total_interest, total_payable, released, secured_guarantee_ids)
        SELECT 1, 'disbursed', 'working_capital', 'CCB', 'price', 951.09, 951.09, 2.5, 1, '2025-03-10', '2025-04-10', false, '[]', 0, 0, 0, 0,
          '{"personType": "PF", "dailyPercent": "0.0082", "additionalPercent": "0.38", "legalBasis": "x"}', 2.5, 34.49, 23.78, 974.87, 951.09, '{}'
        FROM generate_series(1, 2);
        INSERT INTO credit_operation_installments (credit_operation_id, number, due_date, payment, interest, amortization, balance)
        VALUES (1, 1, '2025-04-10', 974.87, 23.78, 951.09, 0), (2, 1, '2025-04-10', 974.87, 23.78, 951.09, 0);
        INSERT INTO issued_contracts (company_id, credit_operation_id, kind, number, template_version, title, body, signatories, frozen)
        VALUES (1, 1, 'CCB', 'CCB-2025-000001', 1, 'CCB', 'Texto', '{}', '${frozen(1)}'), (1, 2, 'CCB', 'CCB-2025-000002', 1, 'CCB', 'Texto', '{}', '${frozen(2)}');
        INSERT INTO disbursements (credit_operation_id, disbursed_on, financed, released, iof, fees, method, payout_account, late_fee_percent, default_interest_monthly_percent, contract_monthly_percent)
        VALUES (1, '2025-03-10', 951.09, 951.09, 0, 0, 'pix', '{}', 2, 1, 2.5), (2, '2025-03-10', 951.09, 951.09, 0, 0, 'pix', '{}', 2, 1, 2.5);
        -- A partial payment eight days late, recorded under the old rule (its posting left out: replication role).
        SET session_replication_role = replica;
        INSERT INTO installment_transactions (installment_id, credit_operation_id, kind, amount, paid_on, method, late_fee, default_interest, interest, principal)
        VALUES (1, 1, 'payment', 100.00, '2025-04-18', 'pix', 19.50, 2.60, 77.90, 0);
        SET session_replication_role = DEFAULT;
      `);

      await migrate(handle);

      const contracts = await handle.rows<{ late: Record<string, string> }>("SELECT frozen->'late_charges' AS late FROM issued_contracts ORDER BY id");
      const none = { late_fee_percent: '2.0000', default_interest_monthly_percent: '1.0000', remuneratory: 'none', contract_monthly_percent: '2.5000', late_days_from: 'payable_until' };
      expect(contracts.map((c) => c.late)).toEqual([none, none]);
      const released = await handle.rows<{ remuneratory: string; late_days_from: string; legacy_until: string | null }>(
        'SELECT remuneratory, late_days_from, legacy_until::text FROM disbursements ORDER BY credit_operation_id',
      );
      expect(released).toEqual([
        { remuneratory: 'none', late_days_from: 'payable_until', legacy_until: '2025-04-18' },
        { remuneratory: 'none', late_days_from: 'payable_until', legacy_until: null },
      ]);
      const [params] = await handle.rows<{ remuneratory_interest_in_delay: boolean }>('SELECT remuneratory_interest_in_delay FROM company_parameters WHERE company_id = 1');
      expect(params.remuneratory_interest_in_delay).toBe(false);
      // Disbursements stay immutable after it.
      await expect(handle.exec("UPDATE disbursements SET legacy_until = NULL WHERE credit_operation_id = 1")).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});
