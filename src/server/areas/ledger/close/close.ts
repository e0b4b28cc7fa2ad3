/**
 * The monthly close (Res. CMN 4.966/2021 stages, Res. BCB 352/2023's
 * simplified provision): as of a month's last day, every operation with a
 * book balance gets its stage, portfolio and provision; the allowance's
 * change from the last close is posted (provision: D provision_expense /
 * C allowance_for_credit_losses, or the reverse when it falls); the positions
 * are kept so the month is shown again as it was. The rules are pure
 * (@shared/books); this file reads the facts set-based and writes the rows.
 *
 * Four eyes: an administrator asks (an approval request of kind
 * 'ledger.close', the month as YYYYMM its record); another administrator
 * approves and the close runs in that transaction, under the request's row
 * lock (two approvers at once: the second finds nothing pending, 409; the
 * partial unique index on the month is the backstop). One close in force a
 * month; the latest may be undone (provision_reversal) and run again.
 *
 * Lock first, read after: ask, decide and undo take the close's advisory lock
 * as the first statement of their transaction (before the request's row, the
 * operations' rows none of them take, and the ledger's advisory lock post()
 * takes last), so an approval and an undo never both act on the same "latest
 * close": the second reads what the first committed. An undo cancels the
 * pending requests of later months (their figures were asked on the allowance
 * it takes back), so an approval that comes after it finds nothing pending.
 */
import Decimal from 'decimal.js';
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { CLOSE_CLOSED, CLOSE_UNDONE, MONTH_PATTERN, PORTFOLIOS, STAGE_REASONS, type Portfolio, type StageReason } from '@shared/books/close';
import { PREVIEW_POSITIONS } from '@shared/contract/ledger-close';
import { portfolioOf } from '@shared/books/portfolio';
import { monthsInDefault, provisionRateOf, DEFAULTED_AFTER_DAYS } from '@shared/books/provision';
import { ownStageOf, withClientDrag } from '@shared/books/stage';
import { RISK_STAGES, type RiskStage } from '@shared/risk-classification';
import type { GuaranteeKind } from '@shared/enums';
import { canBeOverdue, FINAL_INSTALLMENT_STATUSES, STORED_INSTALLMENT_STATUSES } from '@shared/installment-status';
import type { Db } from '../../../db/connect';
import { jsonRows } from '../../../db/batch-sql';
import { badRequest, conflict, HttpError } from '../../../platform/http/errors';
import { logActivity, type Snapshot } from '../../../platform/activity';
import { checkRefusal, closeApproval, giveCheck, openApproval, pendingApproval, type Actor } from '../../operations';
import { signedPosting } from '../../../domain/ledger/posting';
import { post } from '../journal';
import { ledgerCloses, type LedgerCloseRow } from '../schema-close';
import { isZeroAmount, WrittenOffSum, writtenOffCtes, writtenOffFigures, type WrittenOffFigures, type WrittenOffTotals } from './written-off';

export const CLOSE_APPROVAL_KIND = 'ledger.close' as const;

export const CLOSE_MESSAGES = {
  badMonth: 'Mês inválido: use AAAA-MM.',
  notEnded: (month: string, lastDay: string) => `O mês ${month} ainda não terminou (último dia ${lastDay}): o fechamento é feito a partir do último dia do mês.`,
  alreadyClosed: (month: string) => `O mês ${month} já está fechado. Para fechá-lo de novo, desfaça o fechamento antes.`,
  laterClosed: (month: string, later: string) => `Já existe fechamento de ${later}, posterior a ${month}: os meses são fechados em ordem.`,
  pending: (month: string) => `Já há um pedido de fechamento de ${month} aguardando aprovação.`,
  noPending: (month: string) => `Não há pedido de fechamento de ${month} aguardando aprovação.`,
  refusalReason: 'Diga por que o fechamento foi recusado.',
  nothingToUndo: (month: string) => `O mês ${month} não tem fechamento em vigor para desfazer.`,
  notLatest: (month: string, later: string) => `Só o último fechamento pode ser desfeito: ${later} foi fechado depois de ${month}.`,
  cancelledByUndo: (undone: string) => `Pedido cancelado: o fechamento de ${undone} foi desfeito e a provisão anterior mudou. Peça o fechamento de novo.`,
} as const;

/** The close's advisory lock (ask, decide, undo): the first statement of their transactions. */
async function lockCloses(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ledger.close'))`);
}

/** The month's last day, 'YYYY-MM-DD' (calendar arithmetic, no time zone). */
export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

/** The month as the approval's record id: 2026-01 → 202601. */
export function monthEntityId(month: string): number {
  return Number(month.replace('-', ''));
}

function assertMonth(month: string): void {
  if (!MONTH_PATTERN.test(month)) throw badRequest(CLOSE_MESSAGES.badMonth, 'month');
}

/**
 * What the close records for one operation (money as two-place strings), with the write-offs in force on the as-of
 * day: total, first and last day, Doc 3040 buckets (written-off.ts).
 */
export interface ComputedPosition extends WrittenOffFigures {
  credit_operation_id: number;
  borrower_id: number;
  stage: RiskStage;
  stage_reason: StageReason;
  portfolio: Portfolio;
  days_late: number;
  months_in_default: number;
  defaulted: boolean;
  restructured: boolean;
  principal: string;
  accrued: string;
  balance: string;
  provision_rate: string;
  provision: string;
  contracted_on: string | null;
  last_due_on: string | null;
  oldest_unpaid_due_on: string | null;
  overdue: string;
  falling_due: string;
}

interface FactRow {
  op: number;
  borrower: number;
  company: boolean;
  kinds: GuaranteeKind[] | null;
  restructured: boolean;
  written_off: boolean;
  principal: string;
  accrued: string;
  contracted_on: string | null;
  last_due_on: string | null;
  oldest_unpaid: string | null;
  days_late: number | null;
  overdue: string | null;
  falling_due: string | null;
  /** JSON text: [{date, amount}] of the write-offs in force on the as-of day, by day (null: none) */
  write_offs: string | null;
}

/**
 * The facts of every operation with a book balance on `asOf`, one statement:
 * the balance from the journal (loans receivable: open principal; accrued
 * interest receivable), and from the current schedule the oldest installment
 * unpaid on `asOf` (paid later counts as unpaid then; written off or
 * renegotiated ones do not count), what is overdue and what falls due, the
 * guarantees pledged, whether the operation was renegotiated (restructured)
 * and whether a write-off was in force.
 */
/** Stored statuses that end an installment's collection (written off, renegotiated): installments-status.ts's rule. */
const ENDED_STATUSES = STORED_INSTALLMENT_STATUSES.filter((s) => !canBeOverdue(s));

function listOf(values: readonly string[]) {
  return sql.join(values.map((v) => sql`${v}`), sql`, `);
}

function factsQuery(asOf: string): SQL {
  const signed = sql`CASE WHEN j.side = 'debit' THEN j.amount ELSE -j.amount END`;
  const unpaid = sql`(i.paid_on IS NULL OR i.paid_on > ${asOf}::date)
      AND NOT EXISTS (SELECT 1 FROM installment_states s WHERE s.installment_id = i.id AND s.status IN (${listOf(ENDED_STATUSES)}))`;
  return sql`
    WITH ${writtenOffCtes(asOf)}, bal AS (
      SELECT j.credit_operation_id AS op,
             sum(CASE WHEN j.account = 'loans_receivable' THEN ${signed} ELSE 0 END) AS principal,
             sum(CASE WHEN j.account = 'accrued_interest_receivable' THEN ${signed} ELSE 0 END) AS accrued
        FROM journal_entries j
       WHERE j.business_date <= ${asOf}::date AND j.credit_operation_id IS NOT NULL
         AND j.account IN ('loans_receivable', 'accrued_interest_receivable')
       GROUP BY j.credit_operation_id
      HAVING sum(${signed}) <> 0
    ), book AS (
      -- every operation with a book balance, and those written off whole (no balance, a write-off in force)
      SELECT op FROM bal UNION SELECT op FROM wo_op
    ), inst AS (
      SELECT i.credit_operation_id AS op,
             max(i.due_date) AS last_due_on,
             min(i.due_date) FILTER (WHERE ${unpaid} AND i.due_date < ${asOf}::date) AS oldest_unpaid,
             coalesce(sum(i.payment) FILTER (WHERE ${unpaid} AND i.due_date < ${asOf}::date), 0) AS overdue,
             coalesce(sum(i.payment) FILTER (WHERE ${unpaid} AND i.due_date >= ${asOf}::date), 0) AS falling_due
        FROM credit_operation_installments i
       WHERE i.superseded_in IS NULL AND i.credit_operation_id IN (SELECT op FROM book)
       GROUP BY i.credit_operation_id
    )
    SELECT book.op, o.borrower_id AS borrower, (b.person_type = 'PJ') AS company,
           (SELECT array_agg(g.kind) FROM borrower_secured_guarantees g WHERE g.id = ANY(o.secured_guarantee_ids)) AS kinds,
           EXISTS (SELECT 1 FROM installment_states s WHERE s.credit_operation_id = o.id AND s.status IN (${listOf(FINAL_INSTALLMENT_STATUSES)})) AS restructured,
           EXISTS (SELECT 1 FROM installment_write_offs w WHERE w.credit_operation_id = o.id AND w.undoes_id IS NULL AND w.written_off_on <= ${asOf}::date
                     AND NOT EXISTS (SELECT 1 FROM installment_write_offs u WHERE u.undoes_id = w.id AND u.written_off_on <= ${asOf}::date)) AS written_off,
           coalesce(bal.principal, 0)::text AS principal, coalesce(bal.accrued, 0)::text AS accrued, wo_op.write_offs,
           to_char(o.disbursement_date, 'YYYY-MM-DD') AS contracted_on,
           to_char(inst.last_due_on, 'YYYY-MM-DD') AS last_due_on,
           to_char(inst.oldest_unpaid, 'YYYY-MM-DD') AS oldest_unpaid,
           (${asOf}::date - inst.oldest_unpaid)::int AS days_late,
           inst.overdue::text AS overdue, inst.falling_due::text AS falling_due
      FROM book
      LEFT JOIN bal ON bal.op = book.op
      LEFT JOIN wo_op ON wo_op.op = book.op
      JOIN credit_operations o ON o.id = book.op
      JOIN borrowers b ON b.id = o.borrower_id
      LEFT JOIN inst ON inst.op = book.op
     ORDER BY o.borrower_id, book.op`;
}

/** Facts read a page at a time (a cursor over the one statement), so the portfolio is never held whole. */
export const FACTS_PAGE = 5000;

/**
 * The facts of `asOf` in pages of whole clients (the statement is ordered by borrower: a client's operations all in
 * one page, for the client drag), through a cursor in `tx` (a cursor lives in a transaction), closed at the end.
 */
async function* factPages(tx: Db, asOf: string, pageSize = FACTS_PAGE): AsyncGenerator<FactRow[]> {
  // A cursor is planned for its first tenth (cursor_tuple_fraction 0.1): nested loops, many times slower for the
  // whole of this aggregate (a 10,000-operation preview 18.8 s → 316 s). Every row is read: planned as a query is.
  await tx.execute(sql`SET LOCAL cursor_tuple_fraction = 1.0`);
  await tx.execute(sql`DECLARE ledger_close_facts NO SCROLL CURSOR FOR ${factsQuery(asOf)}`);
  let held: FactRow[] = [];
  for (;;) {
    const rows = ((await tx.execute(sql.raw(`FETCH ${pageSize} FROM ledger_close_facts`))) as unknown as { rows: FactRow[] }).rows;
    if (rows.length < pageSize) {
      const last = held.concat(rows);
      if (last.length > 0) yield last;
      break;
    }
    // The last client's operations may go on in the next page: held back until their client ends.
    const all = held.concat(rows);
    const lastBorrower = Number(all[all.length - 1].borrower);
    let cut = all.length;
    while (cut > 0 && Number(all[cut - 1].borrower) === lastBorrower) cut -= 1;
    held = all.slice(cut);
    if (cut > 0) yield all.slice(0, cut);
  }
  await tx.execute(sql`CLOSE ledger_close_facts`);
}

const ZERO = new Decimal(0);
const TWO_PLACES = /^-?\d+\.\d{2}$/;

/** A numeric's text as two places: as it is when it already has two (a sum of two-place columns), else through Decimal. */
function twoPlaces(value: string): string {
  return TWO_PLACES.test(value) ? value : new Decimal(value).toFixed(2);
}

const rateTexts = new Map<number, string>();
/** A provision rate (a table's percentage) as two places, once per rate. */
function rateText(rate: number): string {
  let text = rateTexts.get(rate);
  if (text === undefined) rateTexts.set(rate, (text = new Decimal(rate).toFixed(2)));
  return text;
}

/** The positions from the facts (every operation of each client among them): own stage, the client's drag, portfolio, rate and provision. */
export function positionsOf(facts: readonly FactRow[], asOf: string): ComputedPosition[] {
  const own = facts.map((f) => {
    const days = Math.max(0, Number(f.days_late ?? 0));
    const { stage, reason } = ownStageOf({ daysLate: days, restructured: f.restructured, writtenOff: f.written_off });
    return { f, days, borrowerId: Number(f.borrower), stage, reason };
  });
  // Written off whole (no balance): off the books, so it drags none of the client's other operations (the drag is over
  // the client's financial assets; a write-off derecognises it). Its own position still reads stage 3.
  const offBooks = (f: FactRow) => f.write_offs !== null && new Decimal(f.principal).plus(f.accrued).isZero();
  const dragged = new Map(withClientDrag(own.filter((o) => !offBooks(o.f))).map((o) => [o.f.op, o]));
  return own.map((o) => dragged.get(o.f.op) ?? o).map(({ f, days, stage, reason }) => {
    const portfolio = portfolioOf({ company: f.company, guarantees: f.kinds ?? [] });
    const { rate } = provisionRateOf({ portfolio, daysLate: days, problem: stage === '3' });
    const principal = new Decimal(f.principal);
    const accrued = isZeroAmount(f.accrued) ? ZERO : new Decimal(f.accrued);
    const balance = accrued === ZERO ? principal : principal.plus(accrued);
    const provision = balance.gt(0) ? balance.times(rate).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : ZERO;
    return {
      credit_operation_id: Number(f.op),
      borrower_id: Number(f.borrower),
      stage,
      stage_reason: reason,
      portfolio,
      days_late: days,
      months_in_default: monthsInDefault(days),
      defaulted: days > DEFAULTED_AFTER_DAYS,
      restructured: f.restructured,
      principal: twoPlaces(f.principal),
      accrued: twoPlaces(f.accrued),
      balance: balance.toFixed(2),
      provision_rate: rateText(rate),
      provision: provision.toFixed(2),
      contracted_on: f.contracted_on,
      last_due_on: f.last_due_on,
      oldest_unpaid_due_on: f.oldest_unpaid,
      overdue: twoPlaces(f.overdue ?? '0'),
      falling_due: twoPlaces(f.falling_due ?? '0'),
      ...writtenOffFigures(asOf, f.write_offs),
    };
  });
}

export interface CloseTotalsLine {
  operations: number;
  balance: string;
  provision: string;
}

export interface CloseTotals {
  operations: number;
  balance: string;
  allowance: string;
  previous_allowance: string;
  change: string;
  by_stage: Record<RiskStage, CloseTotalsLine>;
  by_portfolio: Record<Portfolio, CloseTotalsLine>;
  by_reason: Record<StageReason, number>;
  /** the write-offs in force (Doc 3040 v310–v330); a position with no balance counts only here */
  written_off: WrittenOffTotals;
}

export function totalsOf(
  positions: Iterable<Pick<ComputedPosition, 'stage' | 'stage_reason' | 'portfolio' | 'balance' | 'provision'> & Partial<WrittenOffFigures>>,
  previousAllowance: string,
): CloseTotals {
  const totals = new TotalsAccumulator();
  for (const p of positions) totals.add(p);
  return totals.result(previousAllowance);
}

/** A running sum: Decimal per line while adding, two-place strings once at the end. */
class LineSum {
  operations = 0;
  balance = new Decimal(0);
  provision = new Decimal(0);
  add(p: { balance: string; provision: string }): void {
    this.operations += 1;
    this.balance = this.balance.plus(p.balance);
    this.provision = this.provision.plus(p.provision);
  }
  line(): CloseTotalsLine {
    return { operations: this.operations, balance: this.balance.toFixed(2), provision: this.provision.toFixed(2) };
  }
}

/** The close's totals, a position at a time (the positions are never all held for them). */
export class TotalsAccumulator {
  private readonly all = new LineSum();
  private readonly byStage = new Map<RiskStage, LineSum>(RISK_STAGES.map((s) => [s, new LineSum()]));
  private readonly byPortfolio = new Map<Portfolio, LineSum>(PORTFOLIOS.map((p) => [p, new LineSum()]));
  private readonly byReason = Object.fromEntries(STAGE_REASONS.map((r) => [r, 0])) as Record<StageReason, number>;
  private readonly writtenOff = new WrittenOffSum();

  add(p: Pick<ComputedPosition, 'stage' | 'stage_reason' | 'portfolio' | 'balance' | 'provision'> & Partial<WrittenOffFigures>): void {
    this.writtenOff.add(p);
    // Written off whole: no balance to provision; the position is there for the Doc 3040's written-off buckets.
    if (isZeroAmount(p.balance) && p.written_off !== undefined && !isZeroAmount(p.written_off)) return;
    this.all.add(p);
    this.byStage.get(p.stage)!.add(p);
    this.byPortfolio.get(p.portfolio)!.add(p);
    this.byReason[p.stage_reason] += 1;
  }

  result(previousAllowance: string): CloseTotals {
    const all = this.all.line();
    return {
      operations: all.operations,
      balance: all.balance,
      allowance: all.provision,
      previous_allowance: new Decimal(previousAllowance).toFixed(2),
      change: this.all.provision.minus(previousAllowance).toFixed(2),
      by_stage: Object.fromEntries(RISK_STAGES.map((s) => [s, this.byStage.get(s)!.line()])) as Record<RiskStage, CloseTotalsLine>,
      by_portfolio: Object.fromEntries(PORTFOLIOS.map((p) => [p, this.byPortfolio.get(p)!.line()])) as Record<Portfolio, CloseTotalsLine>,
      by_reason: { ...this.byReason },
      written_off: this.writtenOff.totals(),
    };
  }
}

/** The close in force before `month`: the latest close in force of an earlier month (its allowance is the previous one; none: 0). */
export async function previousClose(db: Db, month: string): Promise<LedgerCloseRow | null> {
  const [row] = await db
    .select()
    .from(ledgerCloses)
    .where(and(eq(ledgerCloses.status, CLOSE_CLOSED), lt(ledgerCloses.month, month)))
    .orderBy(desc(ledgerCloses.month))
    .limit(1);
  return row ?? null;
}

/** The latest close in force (the month after which the next close may run). */
export async function latestClosed(db: Db): Promise<LedgerCloseRow | null> {
  const [row] = await db.select().from(ledgerCloses).where(eq(ledgerCloses.status, CLOSE_CLOSED)).orderBy(desc(ledgerCloses.month)).limit(1);
  return row ?? null;
}

/** Why `month` may not be closed now (not ended: 400; closed, or a later month closed: 409), or null; the screens show the same sentence. */
export async function closeRefusal(db: Db, month: string, today: string): Promise<{ status: 400 | 409; message: string } | null> {
  const lastDay = lastDayOf(month);
  if (today < lastDay) return { status: 400, message: CLOSE_MESSAGES.notEnded(month, lastDay) };
  const latest = await latestClosed(db);
  if (latest?.month === month) return { status: 409, message: CLOSE_MESSAGES.alreadyClosed(month) };
  if (latest && latest.month > month) return { status: 409, message: CLOSE_MESSAGES.laterClosed(month, latest.month) };
  return null;
}

async function assertClosable(db: Db, month: string, today: string): Promise<void> {
  assertMonth(month);
  const refusal = await closeRefusal(db, month, today);
  if (refusal) throw refusal.status === 400 ? badRequest(refusal.message, 'month') : conflict(refusal.message, 'month');
}

export interface ClosePreview {
  month: string;
  as_of: string;
  totals: CloseTotals;
  /** the largest provisions (ties by operation id), PREVIEW_POSITIONS of them: what the preview shows */
  top: ComputedPosition[];
}

/**
 * The `count` largest provisions, ties by operation id, without sorting every position: a two-place decimal string
 * read as a number keeps its order (distinct cents stay distinct far beyond any provision), so no Decimal per comparison.
 */
export function largestProvisions<P extends { provision: string; credit_operation_id: number }>(positions: Iterable<P>, count: number): P[] {
  const before = (a: { key: number; p: P }, b: { key: number; p: P }) => b.key - a.key || a.p.credit_operation_id - b.p.credit_operation_id;
  const kept: Array<{ key: number; p: P }> = [];
  if (count <= 0) return [];
  for (const p of positions) {
    const entry = { key: Number(p.provision), p };
    if (kept.length === count && before(entry, kept[kept.length - 1]) >= 0) continue;
    let at = kept.length;
    while (at > 0 && before(entry, kept[at - 1]) < 0) at -= 1;
    kept.splice(at, 0, entry);
    if (kept.length > count) kept.pop();
  }
  return kept.map((e) => e.p);
}

/**
 * What closing `month` would record (nothing written by itself), in `tx`: the positions a page of whole clients at a
 * time, each page handed to `onPage` (the run writes it) and added to the totals; only the largest provisions are kept.
 */
export async function computeClose(
  tx: Db,
  month: string,
  onPage?: (positions: ComputedPosition[]) => Promise<void>,
  pageSize = FACTS_PAGE,
): Promise<ClosePreview> {
  assertMonth(month);
  const asOf = lastDayOf(month);
  const previous = await previousClose(tx, month);
  const totals = new TotalsAccumulator();
  let top: ComputedPosition[] = [];
  for await (const facts of factPages(tx, asOf, pageSize)) {
    const positions = positionsOf(facts, asOf);
    for (const p of positions) totals.add(p);
    top = largestProvisions([...top, ...positions], PREVIEW_POSITIONS);
    await onPage?.(positions);
  }
  return { month, as_of: asOf, totals: totals.result(previous?.allowance ?? '0'), top };
}

const INSERT_BATCH = 5000;

async function insertPositions(tx: Db, closeId: number, positions: readonly ComputedPosition[]): Promise<void> {
  for (let from = 0; from < positions.length; from += INSERT_BATCH) {
    const rows = positions.slice(from, from + INSERT_BATCH);
    await tx.execute(sql`
      INSERT INTO ledger_close_positions (close_id, credit_operation_id, borrower_id, stage, stage_reason, portfolio, days_late, months_in_default,
        defaulted, restructured, principal, accrued, balance, provision_rate, provision, contracted_on, last_due_on, oldest_unpaid_due_on, overdue, falling_due,
        written_off, written_off_first_on, written_off_last_on, written_off_v310, written_off_v320, written_off_v330)
      SELECT ${closeId}::int, v.credit_operation_id, v.borrower_id, v.stage, v.stage_reason, v.portfolio, v.days_late, v.months_in_default,
        v.defaulted, v.restructured, v.principal, v.accrued, v.balance, v.provision_rate, v.provision, v.contracted_on, v.last_due_on, v.oldest_unpaid_due_on, v.overdue, v.falling_due,
        v.written_off, v.written_off_first_on, v.written_off_last_on, v.written_off_v310, v.written_off_v320, v.written_off_v330
        FROM json_to_recordset(${jsonRows(rows)}) AS v(credit_operation_id int, borrower_id int, stage text, stage_reason text, portfolio text, days_late int,
          months_in_default int, defaulted boolean, restructured boolean, principal numeric, accrued numeric, balance numeric, provision_rate numeric,
          provision numeric, contracted_on date, last_due_on date, oldest_unpaid_due_on date, overdue numeric, falling_due numeric,
          written_off numeric, written_off_first_on date, written_off_last_on date, written_off_v310 numeric, written_off_v320 numeric, written_off_v330 numeric)`);
  }
}

function closeSnapshot(row: LedgerCloseRow): Snapshot {
  return {
    month: row.month,
    status: row.status,
    operations: row.operations,
    balance: row.balance,
    allowance: row.allowance,
    previous_allowance: row.previous_allowance,
    posting_id: row.posting_id,
    approval_request_id: row.approval_request_id,
  };
}

/** The allowance's change as a posting: up, D provision_expense / C allowance; down, the reverse. */
function allowancePosting(kind: 'provision' | 'provision_reversal', change: Decimal) {
  return signedPosting(kind, [
    ['provision_expense', change],
    ['allowance_for_credit_losses', change.neg()],
  ]);
}

/**
 * Runs the close of `month` in `tx` (the approval given in the same
 * transaction): positions, the allowance's change posted, the close row.
 */
async function runClose(tx: Db, month: string, today: string, by: { requestedBy: number; approvedBy: number; approvalRequestId: number }): Promise<LedgerCloseRow> {
  await assertClosable(tx, month, today);
  // The row first (its id the positions name), its totals once every page is written: one transaction, so no one
  // ever reads the row before its figures.
  const previous = await previousClose(tx, month);
  const [started] = await tx
    .insert(ledgerCloses)
    .values({
      month,
      as_of: lastDayOf(month),
      business_date: today,
      status: CLOSE_CLOSED,
      operations: 0,
      balance: '0',
      allowance: '0',
      previous_allowance: previous?.allowance ?? '0',
      posting_id: null,
      requested_by: by.requestedBy,
      approved_by: by.approvedBy,
      approval_request_id: by.approvalRequestId,
    })
    .returning();
  const preview = await computeClose(tx, month, (positions) => insertPositions(tx, started.id, positions));
  const change = new Decimal(preview.totals.change);
  const [postingId] = change.isZero() ? [null] : await post(tx, [{ posting: allowancePosting('provision', change), link: { operationId: null, businessDate: preview.as_of } }]);
  const [row] = await tx
    .update(ledgerCloses)
    .set({
      operations: preview.totals.operations,
      balance: preview.totals.balance,
      allowance: preview.totals.allowance,
      previous_allowance: preview.totals.previous_allowance,
      posting_id: postingId,
    })
    .where(eq(ledgerCloses.id, started.id))
    .returning();
  await logActivity(tx, { actorId: by.approvedBy, action: 'ledger-close.run', entity: 'ledger_close', entityId: row.id, after: closeSnapshot(row) });
  return row;
}

/** Asks for the close of `month`: a pending request another administrator approves (nothing is recorded yet). */
export async function askClose(db: Db, actor: Actor, month: string, today: string): Promise<{ approval_request_id: number }> {
  return db.transaction(async (tx) => {
    await lockCloses(tx);
    await assertClosable(tx, month, today);
    const entityId = monthEntityId(month);
    if (await pendingApproval(tx, CLOSE_APPROVAL_KIND, entityId, true)) throw conflict(CLOSE_MESSAGES.pending(month), 'month');
    const preview = await computeClose(tx, month);
    const now = new Date();
    const request = await openApproval(tx, {
      kind: CLOSE_APPROVAL_KIND,
      entityId,
      makerId: actor.id,
      madeAt: now,
      amount: new Decimal(preview.totals.change).abs().toFixed(2),
      limit: null,
      amounts: { allowance: preview.totals.allowance, previous_allowance: preview.totals.previous_allowance, change: preview.totals.change },
      requiredChecks: 1,
      actorId: actor.id,
      at: now,
    });
    return { approval_request_id: request.id };
  });
}

/**
 * Another administrator's answer to the pending request of `month`: approved,
 * the close runs (figures as of now, not as asked); refused (with a reason) or
 * withdrawn by its maker, nothing is recorded.
 */
export async function decideClose(db: Db, checker: Actor, args: { month: string; approve: boolean; reason?: string | null }, today: string): Promise<LedgerCloseRow | null> {
  assertMonth(args.month);
  return db.transaction(async (tx) => {
    await lockCloses(tx);
    const request = await pendingApproval(tx, CLOSE_APPROVAL_KIND, monthEntityId(args.month), true);
    if (!request) throw conflict(CLOSE_MESSAGES.noPending(args.month), 'month');
    const now = new Date();
    if (!args.approve) {
      const reason = args.reason?.trim() || null;
      const withdrawn = request.maker_id === checker.id;
      if (!reason && !withdrawn) throw badRequest(CLOSE_MESSAGES.refusalReason, 'reason');
      await closeApproval(tx, request, { withdrawn, by: checker.id, reason, at: now });
      return null;
    }
    const refusal = checkRefusal(request, checker);
    if (refusal) throw new HttpError(403, refusal, undefined, 'four-eyes');
    await giveCheck(tx, request, checker, now);
    return runClose(tx, args.month, today, { requestedBy: request.maker_id, approvedBy: checker.id, approvalRequestId: request.id });
  });
}

/** The months after `month` up to the one `today` is in ('YYYY-MM', calendar arithmetic). */
function monthsAfter(month: string, today: string): string[] {
  const out: string[] = [];
  let [y, m] = month.split('-').map(Number);
  for (;;) {
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
    const next = `${y}-${String(m).padStart(2, '0')}`;
    if (next > today.slice(0, 7)) return out;
    out.push(next);
  }
}

/** The pending close requests of months after the undone one, cancelled with the reason (a close is asked only for an ended month). */
async function cancelLaterRequests(tx: Db, undone: string, today: string, by: number, at: Date): Promise<void> {
  for (const later of monthsAfter(undone, today)) {
    const request = await pendingApproval(tx, CLOSE_APPROVAL_KIND, monthEntityId(later), true);
    if (request) await closeApproval(tx, request, { withdrawn: true, by, reason: CLOSE_MESSAGES.cancelledByUndo(undone), at });
  }
}

/** Undoes the close in force of `month` (the latest close only): the allowance's change reversed, the close marked undone. */
export async function undoClose(db: Db, actor: Actor, month: string, today: string): Promise<LedgerCloseRow> {
  assertMonth(month);
  return db.transaction(async (tx) => {
    await lockCloses(tx);
    const [close] = await tx
      .select()
      .from(ledgerCloses)
      .where(and(eq(ledgerCloses.month, month), eq(ledgerCloses.status, CLOSE_CLOSED)))
      .for('update');
    if (!close) throw conflict(CLOSE_MESSAGES.nothingToUndo(month), 'month');
    const latest = await latestClosed(tx);
    if (latest && latest.month > month) throw conflict(CLOSE_MESSAGES.notLatest(month, latest.month), 'month');
    const change = new Decimal(close.allowance).minus(close.previous_allowance);
    const [undoPosting] = change.isZero() ? [null] : await post(tx, [{ posting: allowancePosting('provision_reversal', change.neg()), link: { operationId: null, businessDate: close.as_of } }]);
    const now = new Date();
    const [after] = await tx
      .update(ledgerCloses)
      .set({ status: CLOSE_UNDONE, undo_posting_id: undoPosting, undone_by: actor.id, undone_on: today, undone_at: now })
      .where(and(eq(ledgerCloses.id, close.id), eq(ledgerCloses.status, CLOSE_CLOSED)))
      .returning();
    if (!after) throw conflict(CLOSE_MESSAGES.nothingToUndo(month), 'month');
    await logActivity(tx, { actorId: actor.id, action: 'ledger-close.undo', entity: 'ledger_close', entityId: close.id, before: closeSnapshot(close), after: closeSnapshot(after) });
    await cancelLaterRequests(tx, month, today, actor.id, now);
    return after;
  });
}
