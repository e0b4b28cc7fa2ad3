/**
 * The Doc 3044 queue: events derived from the journal's postings (read in a
 * join, never written), the JSON remittance of the pending events and the
 * record of their sending. Rules and sources: ../README.md, "Doc 3044".
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { asc, sql, type SQL } from 'drizzle-orm';
import { DOC3044_FILTERS, SCR_EVENT_STATUSES, type Doc3044File, type ScrEvent, type ScrEventStatus } from '@shared/contract/regulatory-3044';
import type { Db } from '../../../db/connect';
import { badRequest, conflict, MESSAGES, notFound } from '../../../platform/http/errors';
import { logActivity } from '../../../platform/activity';
import { companies } from '../../company/schema';
import { scr3044Files, scrEventCursor, scrEvents } from '../schema-doc3044';
import {
  ACAO_ALTERACAO,
  ACAO_EXCLUSAO,
  ACAO_INCLUSAO,
  correctionAcao,
  correctionOutcome,
  isCorrection,
  type CorrectionPostingKind,
  checkDoc3044,
  DOC3044_START,
  doc3044Text,
  BREAK_EVENT_KIND,
  EVENT_POSTING_KINDS,
  eventDeadline,
  isPaymentKind,
  eventKindOf,
  ipocOf,
  ipocParts,
  isReportable,
  type Doc3044,
  type Doc3044Problem,
  type EventPostingKind,
} from './layout';

export const DOC3044_MESSAGES = {
  nothingPending: 'Não há eventos pendentes para gerar a remessa do Doc 3044.',
  invalid: (problems: readonly Doc3044Problem[]) =>
    `A remessa do Doc 3044 não passa nas regras do leiaute: ${problems
      .slice(0, 5)
      .map((p) => `${p.path} (${p.rule})`)
      .join('; ')}${problems.length > 5 ? ` e mais ${problems.length - 5}` : ''}.`,
  alreadySent: (ids: readonly number[]) => `Evento já enviado: ${ids.slice(0, 10).join(', ')}. Um evento enviado não é enviado de novo.`,
  fileAlreadySent: 'Esta remessa já foi marcada como enviada.',
  voided: (ids: readonly number[]) => `Evento anulado antes do envio: ${ids.slice(0, 10).join(', ')}. Ele não é enviado.`,
  correctionFirst: (ids: readonly number[]) =>
    `Correção de um registro ainda não enviado: ${ids.slice(0, 10).join(', ')}. Marque como enviado o registro que ela corrige antes.`,
  eventNotFound: (ids: readonly number[]) => `Evento do Doc 3044 não encontrado: ${ids.slice(0, 10).join(', ')}.`,
  fileNotFound: 'Remessa do Doc 3044 não encontrada.',
  noCnpj: 'A empresa não tem CNPJ cadastrado: o Doc 3044 identifica a instituição pela raiz do CNPJ.',
} as const;

/**
 * How far behind the cursor a refresh looks again: a posting id is drawn before its transaction commits, so a
 * posting with a lower id may become visible after a higher one was seen. Postings already turned into events are
 * skipped by the unique posting id.
 */
const LOOKBACK_POSTINGS = 2000;

const ACCOUNTS_OWED = ['loans_receivable', 'accrued_interest_receivable'];
const owedSet = sql.join(
  ACCOUNTS_OWED.map((a) => sql`${a}`),
  sql`, `,
);
const kindSet = sql.join(
  EVENT_POSTING_KINDS.map((k) => sql`${k}`),
  sql`, `,
);

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface NewPosting {
  posting_id: number;
  kind: EventPostingKind;
  credit_operation_id: number;
  business_date: string;
  bank: string;
  owed: string;
  debits: string;
  balance_after: string;
  person_type: string;
  document: string;
  product: string;
  installments_count: number;
  contract: string | null;
  company_cnpj: string | null;
  transaction_id: number | null;
  reverses_transaction_id: number | null;
  /** when the posting was written (the transaction's instant: an agreement payment's row shares it) */
  created_at: string;
}

/**
 * Turns the journal's new postings into events: idempotent (unique per posting, ON CONFLICT DO NOTHING) and safe
 * when two run at once; the cursor only moves forward. Answers how many events it added.
 */
export async function refreshEvents(db: Db): Promise<number> {
  const [cursor] = await db.select({ last: scrEventCursor.last_posting_id }).from(scrEventCursor);
  const from = Math.max(0, (cursor?.last ?? 0) - LOOKBACK_POSTINGS);
  const [top] = rowsOf<{ top: number | null }>(await db.execute(sql`SELECT max(posting_id)::int AS top FROM journal_entries WHERE posting_id > ${from}`));
  if (top?.top === null || top?.top === undefined) return 0;
  const found = rowsOf<NewPosting>(
    await db.execute(sql`
      WITH p AS (
        SELECT j.posting_id, min(j.kind) AS kind, min(j.credit_operation_id) AS credit_operation_id, min(j.business_date)::text AS business_date,
          sum(CASE WHEN j.account = 'bank' THEN (CASE WHEN j.side = 'debit' THEN j.amount ELSE -j.amount END) ELSE 0 END)::text AS bank,
          sum(CASE WHEN j.account IN (${owedSet}) THEN (CASE WHEN j.side = 'debit' THEN j.amount ELSE -j.amount END) ELSE 0 END)::text AS owed,
          sum(CASE WHEN j.side = 'debit' THEN j.amount ELSE 0 END)::text AS debits,
          min(j.transaction_id) AS transaction_id, min(j.created_at)::text AS created_at
        FROM journal_entries j
        WHERE j.posting_id > ${from} AND j.posting_id <= ${top.top} AND j.kind IN (${kindSet}) AND j.credit_operation_id IS NOT NULL
          AND j.business_date >= ${DOC3044_START}
          AND NOT EXISTS (SELECT 1 FROM scr_events e WHERE e.posting_id = j.posting_id)
        GROUP BY j.posting_id
      )
      SELECT p.*,
        (SELECT COALESCE(sum(CASE WHEN b.side = 'debit' THEN b.amount ELSE -b.amount END), 0)::text FROM journal_entries b
          WHERE b.credit_operation_id = p.credit_operation_id AND b.posting_id <= p.posting_id AND b.account IN (${owedSet})) AS balance_after,
        br.person_type, br.document, o.product, o.installments_count,
        (SELECT ic.number FROM issued_contracts ic WHERE ic.credit_operation_id = o.id ORDER BY ic.id DESC LIMIT 1) AS contract,
        c.cnpj AS company_cnpj,
        (SELECT t.reverses_id FROM installment_transactions t WHERE t.id = p.transaction_id) AS reverses_transaction_id
      FROM p
      JOIN credit_operations o ON o.id = p.credit_operation_id
      JOIN borrowers br ON br.id = o.borrower_id
      JOIN companies c ON c.id = o.company_id
      ORDER BY p.posting_id`),
  );
  const reportable = found.filter((p) => isReportable(p.kind, p.business_date));
  const rows = reportable
    .filter((p): p is NewPosting & { kind: Exclude<EventPostingKind, CorrectionPostingKind> } => !isCorrection(p.kind))
    .map((p) => {
      const parts = ipocParts({
        companyCnpj: p.company_cnpj,
        personType: p.person_type,
        document: p.document,
        product: p.product,
        installments: Number(p.installments_count),
        contract: p.contract ?? String(p.credit_operation_id),
      });
      const bank = new Decimal(p.bank);
      const owed = new Decimal(p.owed);
      // A concessão or cessão is worth what entered or left the receivable; money received or given back, the bank's amount.
      const moneyMoved = isPaymentKind(p.kind);
      // A renegotiation moves the balance from the installments to the agreement: worth the agreement's receivable (its one debit).
      const amount = p.kind === 'renegotiation' ? new Decimal(p.debits) : moneyMoved && !bank.isZero() ? bank.abs() : !owed.isZero() ? owed.abs() : new Decimal(p.debits);
      return {
        posting_id: Number(p.posting_id),
        kind: eventKindOf(p.kind, owed, p.balance_after),
        acao: ACAO_INCLUSAO,
        credit_operation_id: Number(p.credit_operation_id),
        ipoc_cnpj: parts.cnpj,
        ipoc_modality: parts.modality,
        ipoc_client_type: parts.clientType,
        ipoc_client_code: parts.clientCode,
        ipoc_contract: parts.contract,
        amount: amount.toFixed(2),
        balance_after: new Decimal(p.balance_after).toFixed(2),
        event_date: p.business_date,
        deadline: eventDeadline(p.business_date),
      };
    });
  let added = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await db
      .insert(scrEvents)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing({ target: scrEvents.posting_id })
      .returning({ id: scrEvents.id });
    added += inserted.length;
  }
  // Corrections after the events they correct (a payment and its reversal may come in the same refresh).
  for (const p of reportable) if (isCorrection(p.kind)) added += await recordCorrection(db, p as NewPosting & { kind: CorrectionPostingKind });
  await db.execute(sql`UPDATE scr_event_cursor SET last_posting_id = GREATEST(last_posting_id, ${top.top}::int) WHERE id = 1`);
  return added + (await refreshBreaks(db));
}

/**
 * The agreements broken since the 3044 began and not yet events: one event per operation of the agreement
 * (layout.ts BREAK_EVENT_KIND), worth the operation's receivable on the break day (it falls due whole), the balance
 * after the same. Unique per (break, operation): two refreshes add it once. Breaks are few; the scan is small.
 */
async function refreshBreaks(db: Db): Promise<number> {
  const found = rowsOf<Omit<NewPosting, 'posting_id' | 'kind' | 'bank' | 'owed' | 'debits' | 'transaction_id' | 'reverses_transaction_id' | 'created_at'> & { break_id: number }>(
    await db.execute(sql`
      SELECT b.id AS break_id, it.credit_operation_id, b.broken_on::text AS business_date,
        (SELECT COALESCE(sum(CASE WHEN j.side = 'debit' THEN j.amount ELSE -j.amount END), 0)::text FROM journal_entries j
          WHERE j.credit_operation_id = it.credit_operation_id AND j.business_date <= b.broken_on AND j.account IN (${owedSet})) AS balance_after,
        br.person_type, br.document, o.product, o.installments_count,
        (SELECT ic.number FROM issued_contracts ic WHERE ic.credit_operation_id = o.id ORDER BY ic.id DESC LIMIT 1) AS contract,
        c.cnpj AS company_cnpj
      FROM renegotiation_breaks b
      JOIN (SELECT DISTINCT agreement_id, credit_operation_id FROM renegotiation_items) it ON it.agreement_id = b.agreement_id
      JOIN credit_operations o ON o.id = it.credit_operation_id
      JOIN borrowers br ON br.id = o.borrower_id
      JOIN companies c ON c.id = o.company_id
      WHERE b.broken_on >= ${DOC3044_START}::date
        AND NOT EXISTS (SELECT 1 FROM scr_events e WHERE e.break_id = b.id AND e.credit_operation_id = it.credit_operation_id)
      ORDER BY b.id, it.credit_operation_id`),
  );
  if (found.length === 0) return 0;
  const rows = found.map((p) => {
    const parts = ipocParts({
      companyCnpj: p.company_cnpj,
      personType: p.person_type,
      document: p.document,
      product: p.product,
      installments: Number(p.installments_count),
      contract: p.contract ?? String(p.credit_operation_id),
    });
    const balance = Decimal.max(0, p.balance_after).toFixed(2);
    return {
      break_id: Number(p.break_id),
      kind: BREAK_EVENT_KIND,
      acao: ACAO_INCLUSAO,
      credit_operation_id: Number(p.credit_operation_id),
      ipoc_cnpj: parts.cnpj,
      ipoc_modality: parts.modality,
      ipoc_client_type: parts.clientType,
      ipoc_client_code: parts.clientCode,
      ipoc_contract: parts.contract,
      amount: balance,
      balance_after: balance,
      event_date: p.business_date,
      deadline: eventDeadline(p.business_date),
    };
  });
  const inserted = await db.insert(scrEvents).values(rows).onConflictDoNothing().returning({ id: scrEvents.id });
  return inserted.length;
}

interface CorrectedRow {
  id: number;
  kind: ScrEvent['kind'];
  credit_operation_id: number;
  ipoc_cnpj: string;
  ipoc_modality: string;
  ipoc_client_type: string;
  ipoc_client_code: string;
  ipoc_contract: string;
  amount: string;
  balance_after: string;
  event_date: string;
  in_file: boolean;
  sent: boolean;
  voided: boolean;
  excluded: boolean;
  /** the balance after the event as last stated (its latest alteração, else its own) */
  stated_balance: string;
}

/**
 * The inclusion a correction posting names, locked: a payment's reversal → the event of the payment it reverses (the
 * payment's posting carries its transaction); a re-allocation → the event of the payment re-allocated; a cession
 * undone → the operation's latest cession event before it. Null when there is none (a write-off undone swaps a
 * write-off, never an event; a payment before 2025-11-01 was never one).
 */
/**
 * The event of the agreement payment a reversal posting undoes: agreement postings carry no link to their payment, so
 * the reversal's row in renegotiation_payments is found by its transaction's instant (the row and the posting are
 * written in one transaction: the same now()) among the agreements covering the operation, then the payment it
 * reverses, then that payment's posting on the same operation (written with it, the same instant).
 */
function agreementPaymentReversed(p: NewPosting): SQL {
  return sql`e.posting_id IN (
    SELECT j.posting_id FROM journal_entries j
     WHERE j.kind = 'renegotiation_payment' AND j.credit_operation_id = ${p.credit_operation_id} AND j.posting_id < ${p.posting_id}
       AND j.created_at = (SELECT pay.created_at FROM renegotiation_payments rv JOIN renegotiation_payments pay ON pay.id = rv.reverses_id
                            WHERE rv.kind = 'reversal' AND rv.created_at = ${p.created_at}::timestamptz
                              AND rv.agreement_id IN (SELECT ri.agreement_id FROM renegotiation_items ri WHERE ri.credit_operation_id = ${p.credit_operation_id})
                            ORDER BY rv.id DESC LIMIT 1))`;
}

async function correctedEvent(tx: Db, p: NewPosting & { kind: CorrectionPostingKind }): Promise<CorrectedRow | null> {
  const target =
    p.kind === 'cession_reversal'
      ? sql`e.credit_operation_id = ${p.credit_operation_id} AND e.kind = 'cession' AND e.posting_id < ${p.posting_id}`
      : p.kind === 'renegotiation_payment_reversal'
        ? agreementPaymentReversed(p)
        : (() => {
          const payment = p.kind === 'reversal' ? p.reverses_transaction_id : p.transaction_id;
          if (payment === null || payment === undefined) return null;
            return sql`e.posting_id IN (SELECT j.posting_id FROM journal_entries j WHERE j.transaction_id = ${payment} AND j.kind IN ('payment', 'prepayment'))`;
          })();
  if (target === null) return null;
  const [row] = rowsOf<CorrectedRow>(
    await tx.execute(sql`
      SELECT e.id, e.kind, e.credit_operation_id, e.ipoc_cnpj, e.ipoc_modality, e.ipoc_client_type, e.ipoc_client_code, e.ipoc_contract,
             e.amount::text AS amount, e.balance_after::text AS balance_after, e.event_date::text AS event_date,
             e.file_id IS NOT NULL AS in_file, e.sent_at IS NOT NULL AS sent, e.voided_by IS NOT NULL AS voided,
             EXISTS (SELECT 1 FROM scr_events x WHERE x.corrects_id = e.id AND x.acao = ${ACAO_EXCLUSAO}) AS excluded,
             COALESCE((SELECT a.balance_after FROM scr_events a WHERE a.corrects_id = e.id AND a.acao = ${ACAO_ALTERACAO} AND a.voided_by IS NULL ORDER BY a.id DESC LIMIT 1), e.balance_after)::text AS stated_balance
        FROM scr_events e
       WHERE e.acao = ${ACAO_INCLUSAO} AND ${target}
       ORDER BY e.posting_id DESC LIMIT 1
       FOR UPDATE OF e`),
  );
  return row ?? null;
}

/**
 * A correction posting's record (tipo de ação 2 exclusão, 3 alteração), naming the record it corrects, with that
 * record's identity (IPOC, date, kind, amount) and the deadline of five business days from the correction; an
 * alteração states the balance after the event as it now stands. An exclusão of a record that never left voids both.
 * Nothing when there is no record to correct, or it is void or already excluded. Answers 1 when a row was added.
 */
async function recordCorrection(db: Db, p: NewPosting & { kind: CorrectionPostingKind }): Promise<number> {
  const acao = correctionAcao(p.kind);
  const owed = new Decimal(p.owed);
  if (acao === ACAO_ALTERACAO && owed.isZero()) return 0; // a re-allocation between income accounts moves no balance
  return db.transaction(async (tx) => {
    const corrected = await correctedEvent(tx, p);
    if (!corrected || corrected.voided || corrected.excluded) return 0;
    if (p.kind === 'cession_reversal' && !owed.abs().eq(corrected.amount)) {
      // Part of the cession undone (some of its installments): an event of its own, as the cession was (not an exclusão).
      const [own] = await tx
        .insert(scrEvents)
        .values({
          posting_id: Number(p.posting_id),
          kind: 'cession_reversal',
          acao: ACAO_INCLUSAO,
          credit_operation_id: Number(corrected.credit_operation_id),
          ipoc_cnpj: corrected.ipoc_cnpj,
          ipoc_modality: corrected.ipoc_modality,
          ipoc_client_type: corrected.ipoc_client_type,
          ipoc_client_code: corrected.ipoc_client_code,
          ipoc_contract: corrected.ipoc_contract,
          amount: owed.abs().toFixed(2),
          balance_after: new Decimal(p.balance_after).toFixed(2),
          event_date: p.business_date,
          deadline: eventDeadline(p.business_date),
        })
        .onConflictDoNothing({ target: scrEvents.posting_id })
        .returning({ id: scrEvents.id });
      return own ? 1 : 0;
    }
    const [row] = await tx
      .insert(scrEvents)
      .values({
        posting_id: Number(p.posting_id),
        kind: corrected.kind,
        acao,
        credit_operation_id: Number(corrected.credit_operation_id),
        ipoc_cnpj: corrected.ipoc_cnpj,
        ipoc_modality: corrected.ipoc_modality,
        ipoc_client_type: corrected.ipoc_client_type,
        ipoc_client_code: corrected.ipoc_client_code,
        ipoc_contract: corrected.ipoc_contract,
        amount: new Decimal(corrected.amount).toFixed(2),
        balance_after: (acao === ACAO_ALTERACAO ? new Decimal(corrected.stated_balance).plus(owed) : new Decimal(corrected.balance_after)).toFixed(2),
        event_date: corrected.event_date,
        deadline: eventDeadline(p.business_date),
        corrects_id: Number(corrected.id),
      })
      .onConflictDoNothing({ target: scrEvents.posting_id })
      .returning({ id: scrEvents.id });
    if (!row) return 0;
    if (correctionOutcome(acao, { inFile: corrected.in_file, sent: corrected.sent }) === 'void') {
      // Neither left: the event, its pending alterations and this exclusão are void (none is sent).
      await tx.execute(sql`UPDATE scr_events SET voided_by = ${row.id} WHERE voided_by IS NULL AND sent_at IS NULL AND (id = ${row.id} OR id = ${Number(corrected.id)} OR corrects_id = ${Number(corrected.id)})`);
    }
    return 1;
  });
}

const STATUS_SQL = (today: string): SQL =>
  sql`CASE WHEN e.voided_by IS NOT NULL THEN 'void' WHEN e.sent_at IS NOT NULL THEN 'sent' WHEN e.deadline < ${today}::date THEN 'late' ELSE 'pending' END`;

/** pending: not sent and not void (late ones included); late: pending past the deadline; sent; void. */
function statusCondition(status: ScrEventStatus | undefined, today: string): SQL {
  if (status === undefined) return sql`TRUE`;
  if (status === SCR_EVENT_STATUSES[0]) return sql`e.sent_at IS NULL AND e.voided_by IS NULL`;
  return sql`(${STATUS_SQL(today)}) = ${status}`;
}

/** A correction goes out only after the record it corrects was sent. */
const CORRECTED_SENT = sql`(e.corrects_id IS NULL OR EXISTS (SELECT 1 FROM scr_events c WHERE c.id = e.corrects_id AND c.sent_at IS NOT NULL))`;

type ListArgs = {
  page: number;
  limit: number;
  sort?: { field?: string | null } | null;
  filter?: { status?: ScrEventStatus; from?: string; to?: string; credit_operation_id?: number } | null;
};

interface EventRow {
  id: number;
  posting_id: number | null;
  kind: ScrEvent['kind'];
  status: ScrEventStatus;
  acao: number;
  credit_operation_id: number;
  borrower_name: string;
  ipoc_cnpj: string;
  ipoc_modality: string;
  ipoc_client_type: string;
  ipoc_client_code: string;
  ipoc_contract: string;
  amount: string;
  balance_after: string;
  event_date: string;
  deadline: string;
  days_late: number;
  file_id: number | null;
  sent_at: string | null;
  sent_by_name: string | null;
  corrects_id: number | null;
}

const ipocOfRow = (r: Pick<EventRow, 'ipoc_cnpj' | 'ipoc_modality' | 'ipoc_client_type' | 'ipoc_client_code' | 'ipoc_contract'>) =>
  ipocOf({ cnpj: r.ipoc_cnpj, modality: r.ipoc_modality, clientType: r.ipoc_client_type, clientCode: r.ipoc_client_code, contract: r.ipoc_contract });

function eventView(r: EventRow): ScrEvent {
  return {
    id: Number(r.id),
    posting_id: r.posting_id === null ? null : Number(r.posting_id),
    kind: r.kind,
    status: r.status,
    acao: Number(r.acao),
    credit_operation_id: Number(r.credit_operation_id),
    borrower_name: r.borrower_name,
    ipoc: ipocOfRow(r),
    amount: new Decimal(r.amount).toFixed(2),
    balance_after: new Decimal(r.balance_after).toFixed(2),
    event_date: r.event_date,
    deadline: r.deadline,
    days_late: Number(r.days_late),
    file_id: r.file_id === null ? null : Number(r.file_id),
    sent_at: r.sent_at,
    sent_by_name: r.sent_by_name,
    corrects_id: r.corrects_id === null ? null : Number(r.corrects_id),
  };
}

const EVENT_COLUMNS = (today: string) => sql`
  e.id, e.posting_id, e.kind, ${STATUS_SQL(today)} AS status, e.acao, e.credit_operation_id, br.name AS borrower_name,
  e.ipoc_cnpj, e.ipoc_modality, e.ipoc_client_type, e.ipoc_client_code, e.ipoc_contract, e.amount::text AS amount,
  e.balance_after::text AS balance_after, e.event_date::text AS event_date, e.deadline::text AS deadline,
  CASE WHEN e.sent_at IS NULL AND e.voided_by IS NULL AND e.deadline < ${today}::date THEN (${today}::date - e.deadline) ELSE 0 END AS days_late, e.corrects_id,
  e.file_id, to_char(e.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS sent_at, u.name AS sent_by_name`;
const EVENT_FROM = sql`scr_events e JOIN credit_operations o ON o.id = e.credit_operation_id JOIN borrowers br ON br.id = o.borrower_id LEFT JOIN users u ON u.id = e.sent_by`;

/** The queue, refreshed first: by deadline then id, with the counts of the whole queue. */
export async function listEvents(db: Db, args: ListArgs, today: string) {
  const unknown = Object.keys(args.filter ?? {}).find((name) => !(DOC3044_FILTERS as readonly string[]).includes(name));
  if (unknown !== undefined) throw badRequest(MESSAGES.unknownFilter(unknown), `filter.${unknown}`);
  if (args.sort?.field) throw badRequest(MESSAGES.unknownSort(args.sort.field), 'sort.field');
  await refreshEvents(db);
  const f = args.filter ?? {};
  const conditions: SQL[] = [statusCondition(f.status, today)];
  if (f.from) conditions.push(sql`e.event_date >= ${f.from}::date`);
  if (f.to) conditions.push(sql`e.event_date <= ${f.to}::date`);
  if (f.credit_operation_id !== undefined) conditions.push(sql`e.credit_operation_id = ${f.credit_operation_id}`);
  const where = sql.join(conditions, sql` AND `);
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM scr_events e WHERE ${where}`));
  const page = rowsOf<EventRow>(
    await db.execute(sql`SELECT ${EVENT_COLUMNS(today)} FROM ${EVENT_FROM} WHERE ${where} ORDER BY e.deadline, e.id LIMIT ${args.limit} OFFSET ${(args.page - 1) * args.limit}`),
  );
  const [totals] = rowsOf<{ pending: number; late: number; sent: number }>(
    await db.execute(sql`SELECT count(*) FILTER (WHERE sent_at IS NULL AND voided_by IS NULL)::int AS pending,
      count(*) FILTER (WHERE sent_at IS NULL AND voided_by IS NULL AND deadline < ${today}::date)::int AS late,
      count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent FROM scr_events`),
  );
  return {
    items: page.map(eventView),
    meta: { currentPage: args.page, pageSize: args.limit, totalItems: Number(n), totalPages: Math.max(1, Math.ceil(Number(n) / args.limit)) },
    totals: { pending: Number(totals.pending), late: Number(totals.late), sent: Number(totals.sent) },
    as_of: today,
  };
}

/**
 * dataHoraRemessa: the lender's business date with São Paulo's wall-clock time of `now` and its offset (Brazil keeps
 * −03:00 all year since Decreto 9.772/2019 ended daylight saving time).
 */
export function remittanceInstant(today: string, now: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${today}T${parts.hour}:${parts.minute}:${parts.second}-03:00`;
}

interface FileRow {
  id: number;
  generated_on: string;
  remittance_at: string;
  event_count: number;
  sha256: string;
  created_by_name: string | null;
  sent_at: string | null;
  sent_by_name: string | null;
  pending_count: number;
}

const FILE_SELECT = sql`SELECT f.id, f.generated_on::text AS generated_on, f.remittance_at, f.event_count, f.sha256, cu.name AS created_by_name,
  to_char(f.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS sent_at, su.name AS sent_by_name,
  (SELECT count(*)::int FROM scr_events e WHERE e.file_id = f.id AND e.sent_at IS NULL AND e.voided_by IS NULL) AS pending_count
  FROM scr_3044_files f LEFT JOIN users cu ON cu.id = f.created_by LEFT JOIN users su ON su.id = f.sent_by`;

function fileView(r: FileRow): Doc3044File {
  return { ...r, id: Number(r.id), event_count: Number(r.event_count), pending_count: Number(r.pending_count) };
}

export async function listFiles(db: Db): Promise<Doc3044File[]> {
  return rowsOf<FileRow>(await db.execute(sql`${FILE_SELECT} ORDER BY f.id DESC LIMIT 50`)).map(fileView);
}

export async function loadFile(db: Db, fileId: number): Promise<Doc3044File> {
  const [row] = rowsOf<FileRow>(await db.execute(sql`${FILE_SELECT} WHERE f.id = ${fileId}`));
  if (!row) throw notFound(DOC3044_MESSAGES.fileNotFound);
  return fileView(row);
}

/** The stored text of a file and its name. */
export async function fileContent(db: Db, fileId: number): Promise<{ text: string; name: string }> {
  const [row] = rowsOf<{ content: string; generated_on: string; id: number }>(
    await db.execute(sql`SELECT content, generated_on::text AS generated_on, id FROM scr_3044_files WHERE id = ${fileId}`),
  );
  if (!row) throw notFound(DOC3044_MESSAGES.fileNotFound);
  return { text: row.content, name: `doc3044-${row.generated_on}-${String(row.id).padStart(4, '0')}.json` };
}

/**
 * The remittance of every pending event dated up to the business date, checked before it is stored (409 naming the rules that fail); the events
 * carry the file's id. Runs in the caller's transaction.
 */
export async function generateFile(tx: Db, actorId: number, today: string, now: Date): Promise<number> {
  await refreshEvents(tx);
  // One generation at a time: the pending events are taken under a lock on them.
  const pending = rowsOf<EventRow>(
    await tx.execute(
      sql`SELECT ${EVENT_COLUMNS(today)} FROM ${EVENT_FROM} WHERE e.sent_at IS NULL AND e.voided_by IS NULL AND e.event_date <= ${today}::date AND ${CORRECTED_SENT} ORDER BY e.event_date, e.id FOR UPDATE OF e`,
    ),
  );
  if (pending.length === 0) throw conflict(DOC3044_MESSAGES.nothingPending);
  const [company] = await tx.select({ cnpj: companies.cnpj }).from(companies).orderBy(asc(companies.id)).limit(1);
  const cnpjIF = (company?.cnpj ?? '').replace(/\D/g, '').slice(0, 8);
  const doc: Doc3044 = {
    cnpjIF,
    dataHoraRemessa: remittanceInstant(today, now),
    operacoes: pending.map((r) => ({
      acao: Number(r.acao),
      ipoc: ipocOfRow(r),
      saldoDevedor: new Decimal(r.balance_after).toFixed(2),
      dataEvento: r.event_date,
      tipoEvento: r.kind,
      valorEvento: new Decimal(r.amount).toFixed(2),
    })),
  };
  const problems = checkDoc3044(doc);
  if (problems.length > 0) throw conflict(DOC3044_MESSAGES.invalid(problems));
  const text = doc3044Text(doc);
  const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
  const [file] = await tx
    .insert(scr3044Files)
    .values({ company_id: 1, generated_on: today, remittance_at: doc.dataHoraRemessa, content: text, sha256, event_count: pending.length, created_by: actorId })
    .returning({ id: scr3044Files.id });
  await tx.execute(sql`UPDATE scr_events SET file_id = ${file.id} WHERE sent_at IS NULL AND id IN (${sql.join(
    pending.map((p) => sql`${Number(p.id)}`),
    sql`, `,
  )})`);
  await logActivity(tx, { actorId, action: 'doc3044.generate', entity: 'scr_3044_file', entityId: file.id, after: { id: file.id, event_count: pending.length, sha256 } });
  return file.id;
}

/** Records events as sent (named, or every event of a file), by whom and when. Runs in the caller's transaction. */
export async function markSent(tx: Db, actorId: number, input: { eventIds?: readonly number[]; fileId?: number }, now: Date): Promise<number> {
  let ids: number[];
  if (input.fileId !== undefined) {
    const [file] = rowsOf<{ id: number; sent_at: string | null }>(await tx.execute(sql`SELECT id, sent_at::text FROM scr_3044_files WHERE id = ${input.fileId} FOR UPDATE`));
    if (!file) throw notFound(DOC3044_MESSAGES.fileNotFound);
    if (file.sent_at !== null) throw conflict(DOC3044_MESSAGES.fileAlreadySent, 'file_id');
    const events = rowsOf<{ id: number }>(await tx.execute(sql`SELECT id FROM scr_events WHERE file_id = ${input.fileId} AND sent_at IS NULL AND voided_by IS NULL ORDER BY id FOR UPDATE`));
    ids = events.map((e) => Number(e.id));
    await tx.execute(sql`UPDATE scr_3044_files SET sent_at = ${now.toISOString()}::timestamptz, sent_by = ${actorId} WHERE id = ${input.fileId}`);
  } else {
    const wanted = [...new Set(input.eventIds ?? [])].sort((a, b) => a - b);
    const found = rowsOf<{ id: number; sent: boolean; voided: boolean; held: boolean }>(
      await tx.execute(sql`SELECT e.id, e.sent_at IS NOT NULL AS sent, e.voided_by IS NOT NULL AS voided, NOT ${CORRECTED_SENT} AS held FROM scr_events e WHERE e.id IN (${sql.join(
        wanted.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY e.id FOR UPDATE OF e`),
    );
    const known = new Set(found.map((r) => Number(r.id)));
    const missing = wanted.filter((id) => !known.has(id));
    if (missing.length > 0) throw notFound(DOC3044_MESSAGES.eventNotFound(missing));
    const sent = found.filter((r) => r.sent).map((r) => Number(r.id));
    if (sent.length > 0) throw conflict(DOC3044_MESSAGES.alreadySent(sent), 'event_ids');
    const voided = found.filter((r) => r.voided).map((r) => Number(r.id));
    if (voided.length > 0) throw conflict(DOC3044_MESSAGES.voided(voided), 'event_ids');
    const held = found.filter((r) => r.held).map((r) => Number(r.id));
    if (held.length > 0) throw conflict(DOC3044_MESSAGES.correctionFirst(held), 'event_ids');
    ids = wanted;
  }
  if (ids.length > 0) {
    await tx.execute(sql`UPDATE scr_events SET sent_at = ${now.toISOString()}::timestamptz, sent_by = ${actorId} WHERE sent_at IS NULL AND id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  }
  await logActivity(tx, {
    actorId,
    action: 'doc3044.mark-sent',
    entity: input.fileId !== undefined ? 'scr_3044_file' : 'scr_event',
    entityId: input.fileId ?? ids[0] ?? null,
    after: { file_id: input.fileId ?? null, event_count: ids.length, event_ids: ids.slice(0, 200).join(','), sent_at: now.toISOString() },
  });
  return ids.length;
}
