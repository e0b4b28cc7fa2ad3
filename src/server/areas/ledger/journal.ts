/**
 * The journal's one writer: post() writes postings (domain/ledger/posting.ts
 * declarations, built by the area that moves the money) as their lines, each
 * posting under a new posting id, in the caller's transaction — the money
 * movement and its entries commit together or not at all. Nothing else
 * inserts journal rows (eslint-rules/area-writes.js: the table is this area's).
 *
 * The database checks again that every statement leaves each posting it
 * writes balanced (migration 0033's statement trigger), so an unbalanced
 * posting can never be committed: a posting's lines always go in one
 * statement. The per-day balances' and the balance check's statement triggers
 * run once per statement, so many postings (a bank file's payments and fees, a
 * cession's one per operation) go in as few statements as their size allows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { jsonRows } from '../../db/batch-sql';
import { assertBalanced, type Posting } from '../../domain/ledger/posting';

/**
 * What a posting belongs to: its operation and business date, and the
 * movement's row where there is one. No operation (null): a company-level
 * posting — money of nobody known yet, booked to suspense (areas/suspense) —,
 * in the trial balance and in no operation's journal.
 */
export interface PostingLink {
  operationId: number | null;
  businessDate: string;
  transactionId?: number | null;
  disbursementId?: number | null;
  prepaymentId?: number | null;
}

/** A posting with what it belongs to. */
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

type LineRow = { p: number | null; n: number; kind: string; account: string; side: string; amount: string; op: number | null; tx: number | null; disb: number | null; prep: number | null; day: string };

function lineRows(item: JournalItem, postingId: number | null): LineRow[] {
  return item.posting.lines.map((line, n) => ({
    p: postingId,
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
  }));
}

const COLUMNS = sql`journal_entries (posting_id, kind, account, side, amount, credit_operation_id, transaction_id, disbursement_id, prepayment_id, business_date)`;
const RECORDSET = sql`AS v(p int, n int, kind text, account text, side text, amount numeric, op int, tx int, disb int, prep int, day date)`;

async function insertLines(tx: Db, lines: readonly LineRow[]): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${COLUMNS}
    SELECT v.p, v.kind, v.account, v.side, v.amount, v.op, v.tx, v.disb, v.prep, v.day
      FROM json_to_recordset(${jsonRows(lines)}) ${RECORDSET}
     ORDER BY v.p, v.n`);
}

/**
 * Writes the postings, in the items' order (lines in the order of the postings
 * and of their lines), and answers their posting ids in that order. One
 * posting (a payment, a disbursement) is one statement, the id drawn in it;
 * many draw their ids in one statement and write every line in as few
 * statements as the size allows, never splitting a posting.
 */
export async function post(tx: Db, items: readonly JournalItem[]): Promise<number[]> {
  if (items.length === 0) return [];
  for (const item of items) assertBalanced(item.posting.lines);
  if (items.length === 1) {
    const result = await tx.execute(sql`
      WITH posting AS (SELECT nextval('journal_posting_ids')::int AS id)
      INSERT INTO ${COLUMNS}
      SELECT posting.id, v.kind, v.account, v.side, v.amount, v.op, v.tx, v.disb, v.prep, v.day
        FROM posting CROSS JOIN json_to_recordset(${jsonRows(lineRows(items[0], null))}) ${RECORDSET}
       ORDER BY v.n
      RETURNING posting_id`);
    return [(result as unknown as { rows: Array<{ posting_id: number }> }).rows[0].posting_id];
  }
  const drawn = await tx.execute(sql`SELECT nextval('journal_posting_ids')::int AS id FROM generate_series(1, ${items.length}::int)`);
  const ids = (drawn as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  let batch: LineRow[] = [];
  for (const [k, item] of items.entries()) {
    if (batch.length > 0 && batch.length + item.posting.lines.length > LINES_PER_STATEMENT) {
      await insertLines(tx, batch);
      batch = [];
    }
    batch.push(...lineRows(item, ids[k]));
  }
  await insertLines(tx, batch);
  return ids;
}
