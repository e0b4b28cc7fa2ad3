/**
 * The journal: each posting of domain/servicing/ledger.ts written as its
 * lines under one posting id, in the caller's transaction (the money movement
 * and its entries commit together or not at all). The database checks again
 * that every statement leaves each posting it writes balanced (migration
 * 0033's statement trigger), so an unbalanced posting can never be committed:
 * a posting's lines always go in one statement.
 */
import Decimal from 'decimal.js';
import { asc, eq, lte, sql } from 'drizzle-orm';
import { LEDGER_ACCOUNTS, type LedgerAccount } from '@shared/servicing';
import type { OperationJournal, TrialBalanceView } from '@shared/contract/servicing';
import type { Db } from '../../db/connect';
import { assertBalanced, CHART_OF_ACCOUNTS, type Posting } from '../../domain/servicing/ledger';
import { journalEntries } from './schema';
import { ledgerDailyBalances } from './schema-ledger';
import { jsonRows } from './batch-sql';

export interface PostingLink {
  operationId: number;
  businessDate: string;
  transactionId?: number | null;
  disbursementId?: number | null;
  prepaymentId?: number | null;
}

/** Writes a posting's lines under a new posting id, in one statement (the id drawn in it, the lines' ids in their order); answers the id. */
export async function postJournal(tx: Db, posting: Posting, link: PostingLink): Promise<number> {
  assertBalanced(posting.lines);
  const lines = sql.join(
    posting.lines.map((line, n) => sql`(${n}::int, ${line.account}::text, ${line.side}::text, ${line.amount.toFixed(2)}::numeric)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    WITH posting AS (SELECT nextval('journal_posting_ids')::int AS id)
    INSERT INTO journal_entries (posting_id, kind, account, side, amount, credit_operation_id, transaction_id, disbursement_id, prepayment_id, business_date)
    SELECT posting.id, ${posting.kind}::text, v.account, v.side, v.amount, ${link.operationId}::int, ${link.transactionId ?? null}::int,
           ${link.disbursementId ?? null}::int, ${link.prepaymentId ?? null}::int, ${link.businessDate}::date
      FROM posting CROSS JOIN (VALUES ${lines}) AS v(n, account, side, amount)
     ORDER BY v.n
    RETURNING posting_id`);
  const rows = (result as unknown as { rows: Array<{ posting_id: number }> }).rows;
  return rows[0].posting_id;
}

/** A posting with what it belongs to, for a batch. */
export interface JournalItem {
  posting: Posting;
  link: PostingLink;
}

/**
 * Journal lines written per statement at most (a JSON parameter: one, whatever
 * the count; about 200 bytes a line), so a 10,000-line return file's payments
 * and fees (about 25,000 lines) go in one.
 */
const LINES_PER_STATEMENT = 40_000;

type LineRow = { p: number; n: number; kind: string; account: string; side: string; amount: string; op: number; tx: number | null; disb: number | null; prep: number | null; day: string };

async function insertLines(tx: Db, lines: readonly LineRow[]): Promise<void> {
  await tx.execute(sql`
    INSERT INTO journal_entries (posting_id, kind, account, side, amount, credit_operation_id, transaction_id, disbursement_id, prepayment_id, business_date)
    SELECT v.p, v.kind, v.account, v.side, v.amount, v.op, v.tx, v.disb, v.prep, v.day
      FROM json_to_recordset(${jsonRows(lines)})
           AS v(p int, n int, kind text, account text, side text, amount numeric, op int, tx int, disb int, prep int, day date)
     ORDER BY v.p, v.n`);
}

/**
 * Writes many postings (a bank file's payments and fees, a cession's one per
 * operation) together, so the per-day balances' and the balance check's
 * statement triggers run once per statement, not per posting: the posting ids
 * drawn in one statement, every line in as few statements as the size allows,
 * never splitting a posting (lines in the order of the postings and of their
 * lines, as postJournal writes them one posting at a time); answers the ids in
 * the items' order.
 */
export async function postJournals(tx: Db, items: readonly JournalItem[]): Promise<number[]> {
  if (items.length === 0) return [];
  for (const item of items) assertBalanced(item.posting.lines);
  const drawn = await tx.execute(sql`SELECT nextval('journal_posting_ids')::int AS id FROM generate_series(1, ${items.length}::int)`);
  const ids = (drawn as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  let batch: LineRow[] = [];
  for (const [k, item] of items.entries()) {
    if (batch.length > 0 && batch.length + item.posting.lines.length > LINES_PER_STATEMENT) {
      await insertLines(tx, batch);
      batch = [];
    }
    for (const [n, line] of item.posting.lines.entries()) {
      batch.push({
        p: ids[k],
        n,
        kind: item.posting.kind,
        account: line.account,
        side: line.side,
        amount: line.amount.toFixed(2),
        op: item.link.operationId,
        tx: item.link.transactionId ?? null,
        disb: item.link.disbursementId ?? null,
        prep: item.link.prepaymentId ?? null,
        day: item.link.businessDate,
      });
    }
  }
  await insertLines(tx, batch);
  return ids;
}

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
