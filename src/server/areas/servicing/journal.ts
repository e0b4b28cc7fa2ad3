/**
 * The journal: each posting of domain/servicing/ledger.ts written as its
 * lines under one posting id, in the caller's transaction (the money movement
 * and its entries commit together or not at all). The database checks again
 * at commit that every posting balances (a deferred constraint trigger of
 * migration 0015), so an unbalanced posting can never be committed.
 */
import Decimal from 'decimal.js';
import { asc, eq, sql } from 'drizzle-orm';
import { LEDGER_ACCOUNTS, type LedgerAccount } from '@shared/servicing';
import type { OperationJournal, TrialBalanceView } from '@shared/contract/servicing';
import type { Db } from '../../db/connect';
import { assertBalanced, CHART_OF_ACCOUNTS, type Posting } from '../../domain/servicing/ledger';
import { journalEntries } from './schema';

export interface PostingLink {
  operationId: number;
  businessDate: string;
  transactionId?: number | null;
  disbursementId?: number | null;
  prepaymentId?: number | null;
}

/** Writes a posting's lines under a new posting id; answers the id. */
export async function postJournal(tx: Db, posting: Posting, link: PostingLink): Promise<number> {
  assertBalanced(posting.lines);
  const [{ id }] = await tx.select({ id: sql<number>`nextval('journal_posting_ids')::int` }).from(sql`(SELECT 1) AS one`);
  await tx.insert(journalEntries).values(
    posting.lines.map((line) => ({
      posting_id: id,
      kind: posting.kind,
      account: line.account,
      side: line.side,
      amount: line.amount.toFixed(2),
      credit_operation_id: link.operationId,
      transaction_id: link.transactionId ?? null,
      disbursement_id: link.disbursementId ?? null,
      prepayment_id: link.prepaymentId ?? null,
      business_date: link.businessDate,
    })),
  );
  return id;
}

/** Every account's debits, credits and balance from the entries dated up to `date`. */
export async function trialBalanceOn(db: Db, date: string): Promise<TrialBalanceView> {
  const result = await db.execute(sql`
    SELECT account,
           coalesce(sum(amount) FILTER (WHERE side = 'debit'), 0)::text AS debits,
           coalesce(sum(amount) FILTER (WHERE side = 'credit'), 0)::text AS credits
      FROM journal_entries
     WHERE business_date <= ${date}::date
     GROUP BY account`);
  const rows = (result as unknown as { rows: Array<{ account: LedgerAccount; debits: string; credits: string }> }).rows;
  const byAccount = new Map(rows.map((r) => [r.account, r]));
  let debits = new Decimal(0);
  let credits = new Decimal(0);
  const accounts = LEDGER_ACCOUNTS.map((account) => {
    const row = byAccount.get(account);
    const d = new Decimal(row?.debits ?? 0);
    const c = new Decimal(row?.credits ?? 0);
    debits = debits.plus(d);
    credits = credits.plus(c);
    const chart = CHART_OF_ACCOUNTS[account];
    return { account, code: chart.code, name: chart.name, nature: chart.nature, debits: d.toFixed(2), credits: c.toFixed(2), balance: d.minus(c).toFixed(2) };
  });
  return { date, accounts, debits: debits.toFixed(2), credits: credits.toFixed(2), difference: debits.minus(credits).toFixed(2) };
}

/** The operation's postings, oldest first, with their lines, and its balance per account. */
export async function operationJournal(db: Db, operationId: number): Promise<OperationJournal> {
  const rows = await db.select().from(journalEntries).where(eq(journalEntries.credit_operation_id, operationId)).orderBy(asc(journalEntries.id));
  const postings = new Map<number, OperationJournal['postings'][number]>();
  const balances = new Map<LedgerAccount, Decimal>();
  for (const r of rows) {
    let posting = postings.get(r.posting_id);
    if (!posting) {
      posting = {
        posting_id: r.posting_id,
        kind: r.kind,
        business_date: r.business_date,
        transaction_id: r.transaction_id,
        disbursement_id: r.disbursement_id,
        created_at: r.created_at.toISOString(),
        lines: [],
      };
      postings.set(r.posting_id, posting);
    }
    const chart = CHART_OF_ACCOUNTS[r.account];
    posting.lines.push({ account: r.account, code: chart.code, name: chart.name, side: r.side, amount: new Decimal(r.amount).toFixed(2) });
    const signed = r.side === 'debit' ? new Decimal(r.amount) : new Decimal(r.amount).neg();
    balances.set(r.account, (balances.get(r.account) ?? new Decimal(0)).plus(signed));
  }
  return {
    credit_operation_id: operationId,
    postings: [...postings.values()],
    balances: LEDGER_ACCOUNTS.filter((a) => balances.has(a)).map((account) => ({ account, balance: balances.get(account)!.toFixed(2) })),
  };
}
