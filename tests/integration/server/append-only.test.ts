/**
 * Append-only means append-only (migration 0036), on PGlite
 * and on PostgreSQL: what the database itself refuses, whoever asks. The
 * refusals are asked as the tables' owner (`server.owner`; on PGlite the one
 * user), the role the triggers have to stop; on PostgreSQL the server's own
 * role is refused earlier still, by its privileges (app-privileges.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { disbursedOperation, insertBorrower, issuedOperation, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let disbursedId: number;
let issuedId: number;

const owner = <T = Record<string, unknown>>(query: string, params?: unknown[]) => server.owner.rows<T>(query, params);

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  const borrowerId = await insertBorrower(server, 'Ana Livro Fechado', '529.982.247-25');
  issuedId = (await issuedOperation(server, tokens, borrowerId)).id;
  disbursedId = await disbursedOperation(server, tokens, borrowerId);
});
afterAll(() => server?.close());

/** Every table migrations 0036, 0037 (the four-eyes records) and 0040 (suspense) guard against TRUNCATE. */
const APPEND_ONLY = [
  'installment_transactions',
  'journal_entries',
  'disbursements',
  'boleto_slips',
  'prepayments',
  'installment_write_offs',
  'installment_status_history',
  'remittances',
  'remittance_items',
  'manual_remittances',
  'return_files',
  'return_file_lines',
  'cessions',
  'cession_items',
  'cession_reversals',
  'cession_reversal_items',
  'repurchases',
  'repurchase_reversals',
  'assignment_remittances',
  'assignment_remittance_items',
  'repurchase_cause_marks',
  'activity_log',
  'credit_operation_installments',
  'limited_moves',
  'company_parameter_changes',
  'suspense_items',
  'suspense_moves',
  'interest_accruals',
  'ledger_close_positions',
  'cession_price_moves',
  'collection_contacts',
  'payment_promises',
  'renegotiation_agreements',
  'renegotiation_items',
  'renegotiation_installments',
  'renegotiation_decisions',
  'renegotiation_payments',
  'renegotiation_breaks',
  'renegotiation_documents',
  'renegotiation_break_runs',
  'renegotiation_limit_changes',
  'issued_letters',
  'assignee_transfers',
  'withdrawals',
  'custodian_return_imports',
  'custodian_return_lines',
];

describe('TRUNCATE', () => {
  // CASCADE takes the tables that reference it along (a plain TRUNCATE of a referenced table stops at the foreign keys).
  it.each(APPEND_ONLY)('of %s is refused, also to the owner and with CASCADE', async (table) => {
    await expect(owner(`TRUNCATE ${table} CASCADE`)).rejects.toThrow(/ is append-only: TRUNCATE is refused/);
  });

  it('each of them has its own statement trigger, and a table nothing references names itself', async () => {
    const guarded = await owner<{ name: string }>(
      "SELECT tgrelid::regclass::text AS name FROM pg_trigger WHERE tgfoid = 'append_only_refuse_truncate'::regproc ORDER BY 1",
    );
    expect(guarded.map((g) => g.name)).toEqual([...APPEND_ONLY].sort());
    for (const table of ['journal_entries', 'activity_log', 'cession_reversal_items', 'installment_status_history']) {
      await expect(owner(`TRUNCATE ${table}`)).rejects.toThrow(new RegExp(`^${table} is append-only: TRUNCATE is refused`));
    }
  });

  it('reaching them through a CASCADE from a parent is refused too, and nothing was emptied', async () => {
    const [before] = await owner<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries');
    expect(before.n).toBeGreaterThan(0);
    await expect(owner('TRUNCATE credit_operations CASCADE')).rejects.toThrow(/append-only: TRUNCATE is refused/);
    await expect(owner('TRUNCATE users CASCADE')).rejects.toThrow(/append-only: TRUNCATE is refused/);
    const [after] = await owner<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries');
    expect(after.n).toBe(before.n);
  });
});

describe('the activity log', () => {
  it('refuses DELETE and any UPDATE of an entry about someone not erased', async () => {
    const [entry] = await owner<{ id: number }>("SELECT id FROM activity_log WHERE entity = 'credit_operation' ORDER BY id DESC LIMIT 1");
    await expect(owner('DELETE FROM activity_log WHERE id = $1', [entry.id])).rejects.toThrow(/activity_log rows are never changed or deleted/);
    await expect(owner("UPDATE activity_log SET action = 'user.login' WHERE id = $1", [entry.id])).rejects.toThrow(/never changed/);
    await expect(owner("UPDATE activity_log SET created_at = created_at - interval '1 day' WHERE id = $1", [entry.id])).rejects.toThrow(/never changed/);
    await expect(owner("UPDATE activity_log SET after = '{}' WHERE id = $1", [entry.id])).rejects.toThrow(/never changed/);
  });

  it("an erased user's entries may only lose snapshot keys: never gain one, change a value or lose the entry", async () => {
    const [user] = await owner<{ id: number }>("SELECT id FROM users WHERE email = 'usuario@demo.local'");
    const [entry] = await owner<{ id: number }>(
      `INSERT INTO activity_log (actor_id, action, entity, entity_id, before, after)
       VALUES (NULL, 'user.update', 'user', $1, '{"id": 1, "name": "Antes", "cpf": "1"}', '{"id": 1, "name": "Depois"}') RETURNING id`,
      [user.id],
    );
    // Not erased yet: even removing a key is refused.
    await expect(owner("UPDATE activity_log SET before = before - 'cpf' WHERE id = $1", [entry.id])).rejects.toThrow(/never changed/);
    await owner('UPDATE users SET anonymised_at = now() WHERE id = $1', [user.id]);
    try {
      await expect(owner(`UPDATE activity_log SET after = after || '{"cpf": "2"}' WHERE id = $1`, [entry.id])).rejects.toThrow(/never changed/);
      await expect(owner(`UPDATE activity_log SET before = jsonb_set(before, '{name}', '"Outro"') WHERE id = $1`, [entry.id])).rejects.toThrow(/never changed/);
      await expect(owner("UPDATE activity_log SET before = NULL WHERE id = $1", [entry.id])).rejects.toThrow(/never changed/);
      await expect(owner('DELETE FROM activity_log WHERE id = $1', [entry.id])).rejects.toThrow(/never changed/);
      await owner("UPDATE activity_log SET before = before - 'cpf' - 'name', after = after - 'name' WHERE id = $1", [entry.id]);
      const [redacted] = await owner<{ before: unknown; after: unknown }>('SELECT before, after FROM activity_log WHERE id = $1', [entry.id]);
      expect(redacted).toEqual({ before: { id: 1 }, after: { id: 1 } });
    } finally {
      await owner('UPDATE users SET anonymised_at = NULL WHERE id = $1', [user.id]);
    }
  });
});

describe('disbursements', () => {
  it('are never changed or deleted', async () => {
    await expect(owner('UPDATE disbursements SET released = released + 1, financed = financed + 1 WHERE credit_operation_id = $1', [disbursedId])).rejects.toThrow(
      /disbursements rows are never changed/,
    );
    await expect(owner("UPDATE disbursements SET transfer_reference = 'outra' WHERE credit_operation_id = $1", [disbursedId])).rejects.toThrow(/never changed/);
    await expect(owner('DELETE FROM disbursements WHERE credit_operation_id = $1', [disbursedId])).rejects.toThrow(/never changed/);
  });
});

describe('the schedule of an issued contract', () => {
  it.each([
    ['payment', 'payment = payment + 100'],
    ['interest and amortization', 'interest = interest + 1, amortization = amortization - 1'],
    ['balance', 'balance = balance + 1'],
    ['due date', 'due_date = due_date + 10'],
    ['number', 'number = number + 100'],
  ])('refuses a change of its %s, disbursed or only issued', async (_what, change) => {
    for (const id of [disbursedId, issuedId]) {
      await expect(owner(`UPDATE credit_operation_installments SET ${change} WHERE credit_operation_id = $1`, [id])).rejects.toThrow(
        /the schedule of an issued contract is never changed/,
      );
    }
  });

  it('refuses deleting a row, and moving the operation back before issue does not reopen a disbursed one', async () => {
    await expect(owner('DELETE FROM credit_operation_installments WHERE credit_operation_id = $1', [issuedId])).rejects.toThrow(/never changed/);
    const [{ status }] = await owner<{ status: string }>('SELECT status FROM credit_operations WHERE id = $1', [disbursedId]);
    await owner("UPDATE credit_operations SET status = 'approved' WHERE id = $1", [disbursedId]);
    try {
      await expect(owner('UPDATE credit_operation_installments SET payment = payment + 1 WHERE credit_operation_id = $1', [disbursedId])).rejects.toThrow(/never changed/);
      await expect(owner('DELETE FROM credit_operation_installments WHERE credit_operation_id = $1', [disbursedId])).rejects.toThrow(/never changed/);
    } finally {
      await owner('UPDATE credit_operations SET status = $2 WHERE id = $1', [disbursedId, status]);
    }
  });

  it('keeps what servicing changes open: the settlement day and the collecting flag', async () => {
    const [row] = await owner<{ id: number; paid_on: string | null }>(
      'SELECT id, paid_on::text FROM credit_operation_installments WHERE credit_operation_id = $1 ORDER BY number LIMIT 1',
      [disbursedId],
    );
    await owner("UPDATE credit_operation_installments SET paid_on = '2026-01-20' WHERE id = $1", [row.id]);
    await owner('UPDATE credit_operation_installments SET paid_on = $2 WHERE id = $1', [row.id, row.paid_on]);
    const [{ status }] = await owner<{ status: string }>('SELECT status FROM credit_operations WHERE id = $1', [disbursedId]);
    expect(status).toBe('disbursed');
    // 0019's trigger follows the operation's status into every installment.
    await owner("UPDATE credit_operations SET status = 'settled' WHERE id = $1", [disbursedId]);
    await owner("UPDATE credit_operations SET status = 'disbursed' WHERE id = $1", [disbursedId]);
    const collecting = await owner<{ collecting: boolean }>('SELECT DISTINCT collecting FROM credit_operation_installments WHERE credit_operation_id = $1', [disbursedId]);
    expect(collecting).toEqual([{ collecting: true }]);
  });

  it('before issue the schedule is a draft: an edit of the conditions replaces it', async () => {
    const [draft] = await owner<{ id: number }>(
      "SELECT o.id FROM credit_operations o WHERE o.status IN ('proposal', 'analysis', 'returned', 'approved') AND EXISTS (SELECT 1 FROM credit_operation_installments i WHERE i.credit_operation_id = o.id) ORDER BY o.id LIMIT 1",
    );
    expect(draft).toBeDefined();
    await owner('UPDATE credit_operation_installments SET payment = payment + 1 WHERE credit_operation_id = $1', [draft.id]);
    await owner('UPDATE credit_operation_installments SET payment = payment - 1 WHERE credit_operation_id = $1', [draft.id]);
  });
});

describe('a payment without its posting', () => {
  async function installmentOf(operationId: number) {
    const [row] = await owner<{ id: number }>('SELECT id FROM credit_operation_installments WHERE credit_operation_id = $1 ORDER BY number DESC LIMIT 1', [operationId]);
    return row.id;
  }
  const PAYMENT = `INSERT INTO installment_transactions (installment_id, credit_operation_id, kind, amount, paid_on, method, principal)
                   VALUES ($1, $2, 'payment', 50.00, '2026-01-20', 'pix', 50.00)`;

  it('cannot commit', async () => {
    const installment = await installmentOf(disbursedId);
    await expect(owner(PAYMENT, [installment, disbursedId])).rejects.toThrow(/installment_transactions: payment \d+ of 50\.00 has no posting of its amount/);
    await expect(server.database.rows(PAYMENT, [installment, disbursedId])).rejects.toThrow(/has no posting of its amount/);
    const [{ n }] = await owner<{ n: number }>("SELECT count(*)::int AS n FROM installment_transactions WHERE installment_id = $1 AND paid_on = '2026-01-20'", [installment]);
    expect(n).toBe(0);
  });

  it('nor with a posting of another amount, nor a reversal without its own', async () => {
    const installment = await installmentOf(disbursedId);
    await expect(
      owner(
        `WITH paid AS (${PAYMENT} RETURNING id, credit_operation_id),
              posting AS (SELECT nextval('journal_posting_ids')::int AS id)
         INSERT INTO journal_entries (posting_id, kind, account, side, amount, credit_operation_id, transaction_id, business_date)
         SELECT posting.id, 'payment', v.account, v.side, 5.00, paid.credit_operation_id, paid.id, '2026-01-20'
           FROM paid, posting, (VALUES ('bank', 'debit'), ('loans_receivable', 'credit')) AS v(account, side)`,
        [installment, disbursedId],
      ),
    ).rejects.toThrow(/payment \d+ of 50\.00 has no posting of its amount \(5\.00 through the bank\)/);
    const [paid] = await owner<{ id: number }>(
      "SELECT id FROM installment_transactions t WHERE kind = 'payment' AND NOT EXISTS (SELECT 1 FROM installment_transactions r WHERE r.reverses_id = t.id) ORDER BY id LIMIT 1",
    );
    await expect(
      owner(
        `INSERT INTO installment_transactions (installment_id, credit_operation_id, kind, amount, paid_on, principal, interest, late_fee, default_interest, reverses_id, reason)
         SELECT installment_id, credit_operation_id, 'reversal', amount, paid_on, principal, interest, late_fee, default_interest, id, 'sem lançamento'
           FROM installment_transactions WHERE id = $1`,
        [paid.id],
      ),
    ).rejects.toThrow(/installment_transactions: reversal \d+ of .* has no posting of its amount/);
  });

  it('in a batch, the one payment left without its posting stops the commit and is named', async () => {
    const installment = await installmentOf(disbursedId);
    const error = await owner(
      `WITH paid AS (
         INSERT INTO installment_transactions (installment_id, credit_operation_id, kind, amount, paid_on, method, principal)
         SELECT $1, $2, 'payment', 20.00, '2026-01-20', 'pix', 20.00 FROM generate_series(1, 3) RETURNING id, credit_operation_id),
       posted AS (SELECT id, credit_operation_id, nextval('journal_posting_ids')::int AS posting FROM paid WHERE id <> (SELECT max(id) FROM paid))
       INSERT INTO journal_entries (posting_id, kind, account, side, amount, credit_operation_id, transaction_id, business_date)
       SELECT posted.posting, 'payment', v.account, v.side, 20.00, posted.credit_operation_id, posted.id, '2026-01-20'
         FROM posted, (VALUES ('bank', 'debit'), ('loans_receivable', 'credit')) AS v(account, side)`,
      [installment, disbursedId],
    ).then(
      () => null,
      (e: Error) => e.message,
    );
    const [{ last }] = await owner<{ last: number }>("SELECT last_value::int AS last FROM installment_transactions_id_seq");
    expect(error).toBe(`installment_transactions: payment ${last} of 20.00 has no posting of its amount (0 through the bank)`);
  });

  it('while a payment made through the API commits with its posting', async () => {
    const list = await call(server, 'servicing.installments', { id: disbursedId }, tokens.agent);
    const first = list.body.installments[0] as { id: number };
    const answer = await call(
      server,
      'servicing.pay',
      { id: disbursedId, installment: first.id, idempotency_key: key(), amount: '10.00', paid_on: '2026-01-15', method: 'pix' },
      tokens.operator,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });
});
