/**
 * The demo seed tells one consistent story whatever the day it runs: operations
 * were issued and disbursed in the past, overdue installments are late because
 * time passed (no due date moved after a contract was issued), and every risk
 * band of Res. CMN 2.682/1999 has a borrower in it. Its money moved through
 * servicing: a returned transfer reversed and paid again late, a part paid
 * ahead, a prepayment, a settlement, a write-off, and the books balance.
 * Its boletos were issued through the boleto service: carnês and an updated
 * overdue slip, nosso números unique per collecting account, one slip printing
 * its installment's title data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_RATINGS } from '../../../src/shared/risk-classification';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signIn } from './client';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the demo seed', () => {
  it('has no installment due before its release, no contract issued after its release, and no borrower registered after its first proposal', async () => {
    const early = await server.database.rows<{ id: number }>(
      `SELECT i.id FROM credit_operation_installments i JOIN credit_operations o ON o.id = i.credit_operation_id
        WHERE i.due_date <= o.disbursement_date OR (i.paid_on IS NOT NULL AND i.paid_on > $1::date)`,
      [server.clock.today()],
    );
    expect(early).toEqual([]);
    const lateContracts = await server.database.rows<{ number: string }>(
      `SELECT c.number FROM issued_contracts c JOIN credit_operations o ON o.id = c.credit_operation_id
        WHERE o.status = 'disbursed' AND (c.issued_at AT TIME ZONE 'America/Sao_Paulo')::date > o.disbursement_date`,
    );
    expect(lateContracts).toEqual([]);
    const lateBorrowers = await server.database.rows<{ id: number }>(
      `SELECT b.id FROM borrowers b WHERE b.created_at > (SELECT min(o.created_at) FROM credit_operations o WHERE o.borrower_id = b.id)`,
    );
    expect(lateBorrowers).toEqual([]);
    const disbursedInFuture = await server.database.rows<{ id: number }>(`SELECT id FROM credit_operations WHERE status = 'disbursed' AND disbursement_date > $1::date`, [server.clock.today()]);
    expect(disbursedInFuture).toEqual([]);
  });

  it('puts a borrower in every risk band', async () => {
    const token = await signIn(server, 'admin@demo.local');
    const disbursed = await server.database.rows<{ borrower_id: number }>(`SELECT DISTINCT borrower_id FROM credit_operations WHERE status = 'disbursed'`);
    const ratings = new Set<string>();
    for (const { borrower_id } of disbursed) {
      const answer = await call(server, 'borrowers.classification', { id: borrower_id }, token);
      expect(answer.status).toBe(200);
      ratings.add(answer.body.rating);
    }
    expect([...ratings].sort()).toEqual([...RISK_RATINGS].sort());
  });

  it('reverses a returned transfer and takes it again late with charges, shows a part paid ahead, prepaid, settled and written-off operations, and balances its books', async () => {
    const token = await signIn(server, 'admin@demo.local');
    const [reversal] = await server.database.rows<{ credit_operation_id: number; installment_id: number; reason: string }>(
      `SELECT credit_operation_id, installment_id, reason FROM installment_transactions WHERE kind = 'reversal' ORDER BY id LIMIT 1`,
    );
    expect(reversal?.reason).toMatch(/TED devolvida/);
    const details = await call(server, 'servicing.installmentDetails', { id: reversal.credit_operation_id, installment: reversal.installment_id }, token);
    expect(details.status).toBe(200);
    expect(details.body.installment.status).toBe('paid');
    const payments = details.body.transactions.filter((t: { kind: string }) => t.kind === 'payment');
    expect(payments).toHaveLength(2);
    expect(payments[0].reversed_by).not.toBeNull();
    // Paid again after its due day: the second payment carries the late fee.
    expect(Number(payments[1].current_split.late_fee)).toBeGreaterThan(0);

    const [partial] = await server.database.rows<{ credit_operation_id: number; installment_id: number }>(
      `SELECT t.credit_operation_id, t.installment_id FROM installment_transactions t JOIN credit_operation_installments i ON i.id = t.installment_id
        WHERE t.kind = 'payment' AND t.paid_on < i.due_date ORDER BY t.id LIMIT 1`,
    );
    const ahead = await call(server, 'servicing.installmentDetails', { id: partial.credit_operation_id, installment: partial.installment_id }, token);
    expect(ahead.body.installment.status).toBe('partially_paid');

    // Prepaid in part (a second schedule version), paid off (settled), and written off as a loss behind four eyes.
    const stories = await server.database.rows<{ status: string; prepayments: number; versions: number }>(
      `SELECT o.status, (SELECT count(*)::int FROM prepayments p WHERE p.credit_operation_id = o.id) AS prepayments,
              (SELECT max(schedule_version) FROM credit_operation_installments i WHERE i.credit_operation_id = o.id) AS versions
         FROM credit_operations o WHERE o.status IN ('settled', 'written_off')
            OR EXISTS (SELECT 1 FROM prepayments p WHERE p.credit_operation_id = o.id)`,
    );
    expect(stories.some((o) => o.status === 'disbursed' && o.prepayments === 1 && o.versions === 2)).toBe(true);
    expect(stories.some((o) => o.status === 'settled' && o.prepayments === 1)).toBe(true);
    expect(stories.filter((o) => o.status === 'written_off')).toHaveLength(1);
    const writeOff = await server.database.rows<{ maker: number; checker: number }>(
      `SELECT maker_id AS maker, checker_id AS checker FROM approval_requests WHERE kind = 'credit_operation.write_off' AND status = 'approved'`,
    );
    expect(writeOff).toHaveLength(1);
    expect(writeOff[0].checker).not.toBe(writeOff[0].maker);

    const balance = await call(server, 'ledger.trialBalance', {}, token);
    expect(balance.status).toBe(200);
    expect(balance.body.difference).toBe('0.00');
    expect(balance.body.debits).toBe(balance.body.credits);
  });

  it('has boletos issued through the service: carnês of two operations and an overdue slip, nosso números unique per account, one with title data', async () => {
    const slips = await server.database.rows<{ credit_operation_id: number; installment_id: number; bank_account_id: number; sequence: number; our_number: string; due_date: string; title_version: number }>(
      'SELECT credit_operation_id, installment_id, bank_account_id, sequence::int AS sequence, our_number, due_date::text, title_version FROM boleto_slips ORDER BY id',
    );
    const operations = new Set(slips.map((s) => s.credit_operation_id));
    expect(operations.size).toBe(3);
    // A carnê: every open installment of its operation, one slip each.
    const perOperation = [...operations].map((id) => slips.filter((s) => s.credit_operation_id === id).length);
    expect(perOperation.filter((n) => n > 1).length).toBe(2);
    expect(new Set(slips.map((s) => s.installment_id)).size).toBe(slips.length);
    const perAccount = new Map<number, typeof slips>();
    for (const s of slips) perAccount.set(s.bank_account_id, [...(perAccount.get(s.bank_account_id) ?? []), s]);
    for (const [accountId, rows] of perAccount) {
      expect(new Set(rows.map((r) => r.sequence)).size).toBe(rows.length);
      expect(new Set(rows.map((r) => r.our_number)).size).toBe(rows.length);
      const [{ next }] = await server.database.rows<{ next: number }>('SELECT next_our_number::int AS next FROM company_bank_accounts WHERE id = $1', [accountId]);
      expect(Math.max(...rows.map((r) => r.sequence))).toBeLessThan(next);
    }
    // The overdue installment's slip is an updated one, due today.
    expect(slips.some((s) => s.due_date === server.clock.today())).toBe(true);
    const titled = slips.filter((s) => s.title_version > 0);
    expect(titled).toHaveLength(1);
    const [title] = await server.database.rows<{ document_number: string; protest_days: number; version: number }>(
      'SELECT document_number, protest_days, version FROM installment_titles WHERE installment_id = $1',
      [titled[0].installment_id],
    );
    expect(title).toMatchObject({ protest_days: 5, version: titled[0].title_version });
    expect(title.document_number).toMatch(/^NF-\d{6}$/);
  });
});
