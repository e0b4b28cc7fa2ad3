/**
 * The collections desk's list of expired installments, as of the business
 * date, at a million installments.
 *
 * Overdue is derived, never stored, and still read through an index:
 * - An installment is overdue on `today` when it is not settled (operations'
 *   `paid_on`, kept by the payment that settles it and cleared by the
 *   reversal that reopens it), its operation is being collected (the
 *   `collecting` flag migration 0019's triggers keep from the operation's
 *   status, so no candidate needs its operation read), and `today`
 *   is after its charge-free day (payableUntil: the due date, or the next
 *   business day). Because that day is the first business day on or after
 *   the due date, "today > payableUntil(due)" is exactly "due <= the last
 *   business day before today": one bound on `due_date`, computed in
 *   TypeScript with the bank calendar, so SQL never needs the holidays. The
 *   partial index of migration 0019 (due_date, id) WHERE paid_on IS NULL AND
 *   collecting then serves the filter and the default order (most days late first).
 * - Days late count from the moved due date (Código Civil art. 132 §1:
 *   payableUntil), which only grows with the due date, so a days-late band is
 *   still a range of due dates: "at least n days late" is "payableUntil(due)
 *   ≤ today − n", i.e. "due ≤ that day, or the business day before it when it
 *   is not one" (`movedThrough`). An operation released before migration 0038
 *   counts some installments from the printed date (its legacy day): its band
 *   may then read up to three days short of the days late shown.
 * - Only the page's rows are replayed (domain/servicing/allocation.ts, the
 *   same replay the installment's details use) for their charges and amount
 *   due; a page of ten costs three small queries after the page of ids.
 * - `collectible()` lists what keeps an installment in collection: the
 *   operation collected, unpaid, past its charge-free day, in the current
 *   schedule (not replaced by a prepayment) and without a stored status that
 *   ends collection (written off, renegotiated: an anti-join on
 *   installment_states, which holds few rows); the partial index stays usable.
 * - As of the business date only: an installment settled by a payment dated
 *   after it (possible only when the business date is moved back) counts as
 *   settled; the as-of-any-date view is the operation's installments call.
 */
import Decimal from 'decimal.js';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  MAX_DB_INT,
  DAYS_LATE_BANDS,
  DAYS_LATE_BAND_CODES,
  EXPIRED_INSTALLMENT_COUNT_CAP,
  EXPIRED_INSTALLMENT_EXPORT_COLUMNS,
  EXPIRED_INSTALLMENT_EXPORT_MAX,
  operationNumber,
  pageMeta,
  type CreditProductId,
  type DaysLateBand,
  type EXPIRED_INSTALLMENT_FILTERS,
  type EXPIRED_INSTALLMENT_SORTS,
  type ExpiredInstallment,
  type ExpiredInstallmentRow,
  type ExpiredTotals,
} from '@shared/contract/index';
import { CREDIT_PRODUCT_IDS } from '@shared/contract/credit-operations';
import type { Db } from '../../db/connect';
import { borrowers } from '../borrowers/schema';
import { creditOperationInstallments as installments, creditOperations as operations } from '../operations/schema';
import { containsPattern } from '../../domain/like';
import { addDays, isBusinessDay, payableUntil, previousBusinessDay } from '../../domain/servicing/business-days';
import { bareDocument, docColumn, fold, foldSql, single } from '../../platform/list-filters';
import { exportRows, listConditions, listOrder, listTotal, ordered, type Direction, type ListSpec } from '../../platform/list';
import type { OperationRow } from '../operations';
import { bankShortOf, replayOf, servicingContext, termsOfDisbursement, transactionsOf, type InstallmentRow, type InstallmentTransactionRow, type ServicingContext } from '../collection';
import { disbursements } from '../servicing/schema';
import { stillCollected } from '../servicing';
import { lastClosePositionsOf } from '../ledger';
import { contactSummariesOf } from './contacts';

type Filter = (typeof EXPIRED_INSTALLMENT_FILTERS)[number];
type Sort = (typeof EXPIRED_INSTALLMENT_SORTS)[number];
type SortInput = { field?: string | null; order?: string | null } | null | undefined;

/** The last due date that is overdue on `today` (see the header). */
export function overdueThrough(today: string): string {
  return previousBusinessDay(today);
}

/** The days-late band of a number of days late (≥ 1). */
export function bandOf(daysLate: number): DaysLateBand {
  const band = DAYS_LATE_BANDS.find(([, from, to]) => daysLate >= from && (to === null || daysLate <= to));
  return (band ?? DAYS_LATE_BANDS[0])[0];
}

/** The last due date whose moved due date (payableUntil) is on or before `day`. */
export function movedThrough(day: string): string {
  return isBusinessDay(day) ? day : previousBusinessDay(day);
}

/** Due dates of days late [from, to] on `today`, counted from the moved due date: payableUntil(due) in [today − to, today − from]. */
function daysLateRange(from: number, to: number | null, today: string): SQL {
  const latest = sql`${installments.due_date} <= ${movedThrough(addDays(today, -from))}::date`;
  return to === null ? latest : sql`(${latest} AND ${installments.due_date} > ${movedThrough(addDays(today, -to - 1))}::date)`;
}

/** The bands asked for, adjacent ones merged (31–60 and 61–90 read as 31–90: one index range instead of a filter). */
function bandsCondition(codes: readonly DaysLateBand[], today: string): SQL {
  const ranges: Array<[number, number | null]> = [];
  for (const [code, from, to] of DAYS_LATE_BANDS) {
    if (!codes.includes(code)) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] !== null && last[1] + 1 === from) last[1] = to;
    else ranges.push([from, to]);
  }
  const each = ranges.map(([from, to]) => daysLateRange(from, to, today));
  return each.length === 1 ? each[0] : sql`(${sql.join(each, sql` OR `)})`;
}

/**
 * Installments of the operations matching `condition`, as a list of operation
 * ids (a hashed semi-join): the candidates are read from the installments'
 * index, never one operation per candidate.
 */
function ofOperations(condition: SQL): SQL {
  return sql`${installments.credit_operation_id} IN (SELECT ${operations.id} FROM ${operations} WHERE ${condition})`;
}

/** What keeps an installment in collection on `today`. */
export function collectible(today: string): SQL[] {
  return [
    // The operation's status, kept on the installment (migration 0019): no join per candidate.
    sql`${installments.collecting}`,
    sql`${installments.paid_on} IS NULL`,
    sql`${installments.due_date} <= ${overdueThrough(today)}::date`,
    // In the current schedule: a row a prepayment replaced is history, its debt carried by the new rows.
    sql`${installments.superseded_in} IS NULL`,
    // Not written off or renegotiated (their stored status ends the collection of that installment).
    stillCollected(sql`${installments.id}`),
  ];
}

/** A name fragment (folded: trigram index of migration 0021), or with three letters or digits, one a digit, also part of the CPF/CNPJ. */
function borrowerMatches(text: string): SQL {
  const bare = bareDocument(text);
  const byName = sql`${foldSql(borrowers.name)} LIKE ${containsPattern(fold(text))}`;
  return bare.length >= 3 && /\d/.test(bare) ? sql`(${byName} OR ${docColumn(borrowers.document)} LIKE ${containsPattern(bare)})` : byName;
}

/** The operations of the borrowers the text finds (the borrower filter's first step), or undefined without that filter. */
async function borrowerOperations(db: Db, filter: Record<string, unknown> | undefined): Promise<BorrowerOperations | undefined> {
  let text: string | null;
  try {
    text = filter?.borrower === undefined ? null : single('borrower', filter.borrower);
  } catch {
    return undefined; // the list's own reading of the filter answers the 400
  }
  if (text === null) return undefined;
  const rows = await db
    .select({ id: operations.id })
    .from(operations)
    .innerJoin(borrowers, eq(borrowers.id, operations.borrower_id))
    .where(borrowerMatches(text));
  return { text, ids: rows.map((r) => r.id) };
}

interface BorrowerOperations {
  text: string;
  ids: number[];
}

/**
 * The list's filters and sorts, named by the contract; built for the day asked (the bands move with it).
 * `borrowerOps`: the borrower filter's operations, already found.
 */
function expiredList(today: string, borrowerOps?: BorrowerOperations): ListSpec<Filter, Sort> {
  return {
    filters: {
      band: {
        kind: 'where',
        where: (text, bad) => {
          const codes = text.split(',').map((c) => c.trim());
          if (codes.some((c) => !(DAYS_LATE_BAND_CODES as string[]).includes(c))) throw bad(`Campo filter.band: use ${DAYS_LATE_BAND_CODES.join(', ')}`);
          return bandsCondition(codes as DaysLateBand[], today);
        },
      },
      // A name fragment, or (with three letters or digits, one a digit) also part of the CPF/CNPJ.
      borrower: {
        kind: 'where',
        // The operations found first (borrowerOperations), as a list: the planner then reads each one's expired installments
        // (credit_operation_installments_expired_operation) instead of walking every candidate against a join.
        where: (text) =>
          borrowerOps?.text === text
            ? sql`${installments.credit_operation_id} = ANY(${`{${borrowerOps.ids.join(',')}}`}::int[])`
            : ofOperations(sql`${operations.borrower_id} IN (SELECT ${borrowers.id} FROM ${borrowers} WHERE ${borrowerMatches(text)})`),
      },
      borrower_id: {
        kind: 'where',
        where: (text, bad) => {
          if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > MAX_DB_INT) throw bad();
          return ofOperations(sql`${operations.borrower_id} = ${Number(text)}`);
        },
      },
      product: {
        kind: 'where',
        where: (text, bad) => {
          if (!(CREDIT_PRODUCT_IDS as readonly string[]).includes(text)) throw bad();
          return ofOperations(sql`${operations.product} = ${text}`);
        },
      },
      credit_operation_id: { kind: 'id', column: installments.credit_operation_id },
      valueStart: { kind: 'money-min', column: installments.payment, plain: true },
      valueEnd: { kind: 'money-max', column: installments.payment, plain: true },
    },
    sorts: {
      // Days late is the due date read the other way (expiredOrder flips it), so the due-date index serves both.
      days_late: installments.due_date,
      due_date: installments.due_date,
      value: installments.payment,
      // Folded the way borrowers_name_idx is (lower(name)): the planner then walks borrowers in name order and reads
      // each one's expired installments, ten rows in well under a millisecond at a million installments, where
      // sorting by the raw name joined and sorted every operation first (about 120 ms on PostgreSQL).
      borrower_name: sql`lower(${borrowers.name})`,
      product: operations.product,
    },
    idColumn: installments.id,
    defaultOrder: [ordered('asc', installments.due_date), ordered('asc', installments.id)],
    tiebreak: (direction: Direction) => [ordered(direction, installments.id)],
    countCap: EXPIRED_INSTALLMENT_COUNT_CAP,
  };
}

function expiredOrder(spec: ListSpec<Filter, Sort>, sort: SortInput): SQL[] {
  if (sort?.field === 'days_late' && sort.order) {
    const flipped = sort.order.toLowerCase().startsWith('asc') ? 'desc' : 'asc';
    return listOrder(spec, { field: 'due_date', order: flipped });
  }
  return listOrder(spec, sort);
}

export interface ExpiredQuery {
  filter?: Record<string, unknown>;
  sort?: SortInput;
}

interface Plan {
  where: SQL | undefined;
  order: SQL[];
  needsBorrower: boolean;
  needsOperation: boolean;
  spec: ListSpec<Filter, Sort>;
}

/** Several bands may come as a list (or comma-separated): one text for the band filter. */
function withBandText(filter: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!filter || !Array.isArray(filter.band)) return filter;
  return { ...filter, band: filter.band.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '\u0000')).join(',') };
}

function plan(args: ExpiredQuery, today: string, borrowerOps?: BorrowerOperations): Plan {
  const spec = expiredList(today, borrowerOps);
  const where = and(...collectible(today), ...listConditions(spec, withBandText(args.filter)));
  const order = expiredOrder(spec, args.sort);
  // Operations and borrowers are joined only when the order reads them (filters are semi-joins): the ids and the count run on the installments' index alone.
  const needsBorrower = args.sort?.field === 'borrower_name';
  const needsOperation = needsBorrower || args.sort?.field === 'product';
  return { spec, where, order, needsBorrower, needsOperation };
}

function idsQuery(db: Db, p: Plan) {
  const base = db.select({ id: installments.id }).from(installments);
  if (!p.needsOperation) return base.where(p.where);
  const withOperation = base.innerJoin(operations, eq(operations.id, installments.credit_operation_id));
  return (p.needsBorrower ? withOperation.innerJoin(borrowers, eq(borrowers.id, operations.borrower_id)) : withOperation).where(p.where);
}

/** Late-charge contexts of several operations: their disbursements in one query, the rest one by one. */
async function contextsOf(db: Db, ops: readonly OperationRow[]): Promise<Map<number, ServicingContext>> {
  const out = new Map<number, ServicingContext>();
  if (ops.length === 0) return out;
  const rows = await db.select().from(disbursements).where(inArray(disbursements.credit_operation_id, ops.map((o) => o.id)));
  const byOp = new Map(rows.map((d) => [d.credit_operation_id, d]));
  for (const op of ops) {
    const d = byOp.get(op.id);
    out.set(
      op.id,
      d
        ? {
            op,
            collecting: true,
            disbursedOn: d.disbursed_on,
            terms: termsOfDisbursement(d),
          }
        : await servicingContext(db, op),
    );
  }
  return out;
}

const text = (d: Decimal) => d.toFixed(2);

/** The rows of these installment ids, in the ids' order, with their charges as of `today`. */
async function expiredRows(db: Db, ids: readonly number[], today: string): Promise<ExpiredInstallment[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(installments).where(inArray(installments.id, [...ids]));
  const opIds = [...new Set(rows.map((r) => r.credit_operation_id))];
  const [ops, people, txs] = await Promise.all([
    db.select().from(operations).where(inArray(operations.id, opIds)),
    db
      .select({ op: operations.id, id: borrowers.id, name: borrowers.name, document: borrowers.document })
      .from(operations)
      .innerJoin(borrowers, eq(borrowers.id, operations.borrower_id))
      .where(inArray(operations.id, opIds)),
    transactionsOf(db, ids),
  ]);
  const contexts = await contextsOf(db, ops);
  const personOf = new Map(people.map((p) => [p.op, p]));
  const txsOf = new Map<number, InstallmentTransactionRow[]>();
  for (const t of txs) txsOf.set(t.installment_id, [...(txsOf.get(t.installment_id) ?? []), t]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const i = byId.get(id) as InstallmentRow;
    const ctx = contexts.get(i.credit_operation_id)!;
    const person = personOf.get(i.credit_operation_id)!;
    const s = replayOf(ctx, i, txsOf.get(i.id) ?? [], today).state;
    return {
      id: i.id,
      credit_operation_id: i.credit_operation_id,
      operation_number: operationNumber(i.credit_operation_id),
      number: i.number,
      installments_count: ctx.op.installments_count,
      due_date: i.due_date,
      payable_until: payableUntil(i.due_date),
      days_late: s.daysLate,
      band: bandOf(s.daysLate),
      value: new Decimal(i.amortization).plus(i.interest).toFixed(2),
      open_value: text(s.valueOpen),
      late_fee: text(s.charges.lateFee),
      default_interest: text(s.charges.defaultInterest),
      contract_interest: text(s.charges.contractInterest),
      amount_due: text(s.dueTotal),
      bank_short: bankShortOf(ctx, i, txsOf.get(i.id) ?? []),
      borrower_id: person.id,
      borrower_name: person.name,
      borrower_document: person.document,
      product: ctx.op.product as CreditProductId,
    };
  });
}

export interface ExpiredPageArgs extends ExpiredQuery {
  page: number;
  limit: number;
}

export async function listExpiredInstallments(db: Db, args: ExpiredPageArgs, today: string) {
  const p = plan(args, today, await borrowerOperations(db, args.filter));
  const offset = (args.page - 1) * args.limit;
  const page = await idsQuery(db, p).orderBy(...p.order).limit(args.limit).offset(offset);
  const total = await listTotal(db, p.spec, (n) => idsQuery(db, p).limit(n).as('matches'), { offset, rows: page.length, limit: args.limit });
  const items = await expiredRows(db, page.map((r) => r.id), today);
  // Every match's totals when the count is whole (at most the cap): the page itself when it holds them all.
  const all = total.capped ? null : page.length === total.count ? items : await chargedMatches(db, p, today);
  const { close, rows } = await atLastClose(db, items);
  const contacts = await withContacts(db, rows, today);
  return { items: contacts, meta: pageMeta(args.page, args.limit, total.count), capped: total.capped, as_of: today, last_close: close, totals: all && totalsOf(all) };
}

/**
 * The page's operations at the last monthly close in force (the ledger's close: stage by Res. CMN 4.966/2021,
 * provision by Res. BCB 352/2023), read for the whole page at once (the ledger's lastClosePositionsOf: the close, then
 * the page's positions in one query), never one query a row.
 */
async function atLastClose(db: Db, items: readonly ExpiredInstallment[]) {
  const { close, positions } = await lastClosePositionsOf(db, [...new Set(items.map((i) => i.credit_operation_id))]);
  const rows: Array<Omit<ExpiredInstallmentRow, 'last_contact' | 'promise'>> = items.map((i) => {
    const p = positions.get(i.credit_operation_id);
    return { ...i, at_last_close: p && close ? { month: close.month, stage: p.stage, provision: new Decimal(p.provision).toFixed(2), days_late: p.days_late } : null };
  });
  return { close: close && { month: close.month, as_of: close.as_of }, rows };
}

/**
 * Each row's operation's last contact and latest promise with its state (the contact log, contacts.ts), read for the
 * whole page at once: a fixed number of queries whatever the page's size.
 */
async function withContacts(db: Db, rows: ReadonlyArray<Omit<ExpiredInstallmentRow, 'last_contact' | 'promise'>>, today: string): Promise<ExpiredInstallmentRow[]> {
  const summaries = await contactSummariesOf(db, rows.map((r) => r.credit_operation_id), today);
  return rows.map((r) => ({ ...r, last_contact: summaries.get(r.credit_operation_id)?.last_contact ?? null, promise: summaries.get(r.credit_operation_id)?.promise ?? null }));
}

/** Every match of a list whose count is under the cap, with its charges (in chunks, as the export does). */
async function chargedMatches(db: Db, p: Plan, today: string): Promise<ExpiredInstallment[]> {
  const ids = (await idsQuery(db, p).limit(EXPIRED_INSTALLMENT_COUNT_CAP)).map((r) => r.id);
  const rows: ExpiredInstallment[] = [];
  for (let at = 0; at < ids.length; at += 500) rows.push(...(await expiredRows(db, ids.slice(at, at + 500), today)));
  return rows;
}

/** How many, what is open without charges, the charges and the amount due, summed in decimal. */
function totalsOf(rows: readonly ExpiredInstallment[]): ExpiredTotals {
  const sum = (pick: (r: ExpiredInstallment) => Decimal.Value) => rows.reduce((acc, r) => acc.plus(pick(r)), new Decimal(0)).toFixed(2);
  return {
    count: rows.length,
    open_value: sum((r) => r.open_value),
    charges: sum((r) => new Decimal(r.late_fee).plus(r.default_interest).plus(r.contract_interest)),
    amount_due: sum((r) => r.amount_due),
  };
}

/** The export's rows: the list's filters and order, charged in chunks so memory stays flat. */
export async function exportExpiredInstallments(db: Db, args: ExpiredQuery, today: string) {
  const p = plan(args, today, await borrowerOperations(db, args.filter));
  const ids = (await idsQuery(db, p).orderBy(...p.order).limit(EXPIRED_INSTALLMENT_EXPORT_MAX)).map((r) => r.id);
  const items: ExpiredInstallment[] = [];
  for (let at = 0; at < ids.length; at += 1000) items.push(...(await expiredRows(db, ids.slice(at, at + 1000), today)));
  return exportRows(items, EXPIRED_INSTALLMENT_EXPORT_COLUMNS, (row) => row);
}
