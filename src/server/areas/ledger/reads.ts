/**
 * What the ledger answers: the trial balance on a date and one operation's
 * journal. The chart's codes, names and natures come from @shared/ledger.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { CHART_OF_ACCOUNTS, LEDGER_ACCOUNTS, type LedgerAccount, type PostingKind } from '@shared/ledger';
import type { OperationJournal, TrialBalanceView } from '@shared/contract/servicing';
import type { Db } from '../../db/connect';
import { journalEntries } from './schema';
import { ledgerDailyBalances } from './schema-daily';

/**
 * Every account's debits, credits and balance from the entries dated up to
 * `date`: the sum of the per-day balances (migration 0021's table, kept with
 * each posting), a few rows a day instead of every entry.
 */
export async function trialBalanceOn(db: Db, date: string): Promise<TrialBalanceView> {
  const rows = await db
    .select({ account: ledgerDailyBalances.account, debits: sql<string>`sum(${ledgerDailyBalances.debits})::text`, credits: sql<string>`sum(${ledgerDailyBalances.credits})::text` })
    .from(ledgerDailyBalances)
    .where(lte(ledgerDailyBalances.business_date, date))
    .groupBy(ledgerDailyBalances.account);
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

/** Debits − credits of `account` in the postings of `kind` linked to an installment transaction (a payment's rounding difference). */
export async function transactionBalance(db: Db, transactionId: number, kind: PostingKind, account: LedgerAccount): Promise<Decimal> {
  const [row] = await db
    .select({ signed: sql<string | null>`sum(CASE WHEN ${journalEntries.side} = 'debit' THEN ${journalEntries.amount} ELSE -${journalEntries.amount} END)::text` })
    .from(journalEntries)
    .where(and(eq(journalEntries.transaction_id, transactionId), eq(journalEntries.kind, kind), eq(journalEntries.account, account)));
  return new Decimal(row?.signed ?? 0);
}
