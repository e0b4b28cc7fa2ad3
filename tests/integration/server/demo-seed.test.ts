/**
 * The demo seed tells one consistent story whatever the day it runs: operations
 * were issued and disbursed in the past, overdue installments are late because
 * time passed (no due date moved after a contract was issued), and every risk
 * band of Res. CMN 2.682/1999 has a borrower in it.
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
});
