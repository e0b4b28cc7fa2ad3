/**
 * The contact log of an operation and the promises to pay it carried
 * (contract shared/contract/collections-contacts.ts; README.md has the rules).
 *
 * - logContact: one contact (and its promise) in the caller's transaction,
 *   with its activity log entry; rows are only ever inserted (migration 0053's
 *   triggers refuse the rest).
 * - contactLog: the operation's log, newest first, each promise with its
 *   state on the business date (promise-state.ts).
 * - contactSummariesOf: for the overdue list's page, each operation's last
 *   contact and latest promise with its state, in four queries for the whole
 *   page whatever its size (never one per row).
 * Payments are read through collection's index (transactionsOf), never its tables.
 */
import Decimal from 'decimal.js';
import { desc, eq, inArray } from 'drizzle-orm';
import { formatDate } from '@shared/format';
import { instantMs } from '@shared/contract/common';
import { PROMISE_GRACE_BUSINESS_DAYS, PROMISE_MAX_DAYS_AHEAD, type ContactChannel, type ContactDirection, type ContactOutcome } from '@shared/contacts';
import type { Contact, PromiseView } from '@shared/contract/collections-contacts';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { creditOperationInstallments, creditOperations } from '../operations/schema';
import { conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { addDays } from '../../domain/servicing/business-days';
import { transactionsOf } from '../collection';
import { disbursementOf } from '../servicing';
import { promiseStateOf, promiseWindowEnd, type DatedPayment } from './promise-state';
import { collectionContacts, paymentPromises, type CollectionContactRow, type PaymentPromiseRow } from './schema';

export const CONTACT_MESSAGES = {
  operationNotFound: 'Operação de crédito não encontrada.',
  contactInFuture: 'Campo contacted_at: o contato não pode estar no futuro.',
  contactTooOld: 'Campo contacted_at: registre contatos de até 30 dias atrás.',
  promisePast: (today: string) => `Campo promise.promised_on: a data prometida não pode ser anterior a hoje (${formatDate(today)}).`,
  promiseTooFar: (last: string) => `Campo promise.promised_on: a data prometida pode ser no máximo ${PROMISE_MAX_DAYS_AHEAD} dias à frente (até ${formatDate(last)}).`,
  notReleased: 'Campo promise: a operação ainda não foi liberada; não há parcela a prometer.',
} as const;

/** How far back a contact may be logged, and how far ahead of the server's clock (clock skew) it may read. */
const MAX_BACK_MS = 30 * 24 * 60 * 60 * 1000;
const SKEW_MS = 5 * 60 * 1000;

export interface ContactInput {
  operationId: number;
  channel: ContactChannel;
  direction: ContactDirection;
  outcome: ContactOutcome;
  note: string | null;
  contactedAt: string | null;
  promise: { promised_on: string; amount: string } | null;
}

/** Logs one contact (and its promise) in `tx`; answers its id. */
export async function logContact(tx: Db, actorId: number, input: ContactInput, today: string, now: Date): Promise<number> {
  const [op] = await tx.select({ id: creditOperations.id }).from(creditOperations).where(eq(creditOperations.id, input.operationId));
  if (!op) throw notFound(CONTACT_MESSAGES.operationNotFound);
  const at = input.contactedAt === null ? now.getTime() : instantMs(input.contactedAt);
  if (at === null || at > now.getTime() + SKEW_MS) throw conflict(CONTACT_MESSAGES.contactInFuture, 'contacted_at');
  if (at < now.getTime() - MAX_BACK_MS) throw conflict(CONTACT_MESSAGES.contactTooOld, 'contacted_at');
  if (input.promise) {
    const last = addDays(today, PROMISE_MAX_DAYS_AHEAD);
    if (input.promise.promised_on < today) throw conflict(CONTACT_MESSAGES.promisePast(today), 'promise.promised_on');
    if (input.promise.promised_on > last) throw conflict(CONTACT_MESSAGES.promiseTooFar(last), 'promise.promised_on');
    if (!(await disbursementOf(tx, input.operationId))) throw conflict(CONTACT_MESSAGES.notReleased, 'promise');
  }
  const [contact] = await tx
    .insert(collectionContacts)
    .values({
      credit_operation_id: input.operationId,
      channel: input.channel,
      direction: input.direction,
      outcome: input.outcome,
      note: input.note,
      contacted_at: new Date(at),
      actor_id: actorId,
    })
    .returning({ id: collectionContacts.id });
  const amount = input.promise ? new Decimal(input.promise.amount).toFixed(2) : null;
  if (input.promise && amount) {
    await tx.insert(paymentPromises).values({ contact_id: contact.id, credit_operation_id: input.operationId, made_on: today, promised_on: input.promise.promised_on, amount });
  }
  await logActivity(tx, {
    actorId,
    action: 'collection-contact.log',
    entity: 'collection_contact',
    entityId: contact.id,
    // The note stays out of the log: it may hold what the borrower said about themselves.
    after: { credit_operation_id: input.operationId, channel: input.channel, outcome: input.outcome, promised_on: input.promise?.promised_on ?? null, amount },
  });
  return contact.id;
}

/** Each operation's standing payments (reversed ones and the reversals left out), read through collection's index. */
async function standingPaymentsOf(db: Db, operationIds: readonly number[]): Promise<Map<number, DatedPayment[]>> {
  const out = new Map<number, DatedPayment[]>();
  if (operationIds.length === 0) return out;
  const rows = await db
    .select({ id: creditOperationInstallments.id })
    .from(creditOperationInstallments)
    .where(inArray(creditOperationInstallments.credit_operation_id, [...operationIds]));
  const txs = await transactionsOf(db, rows.map((r) => r.id));
  const reversed = new Set(txs.map((t) => t.reverses_id).filter((id): id is number => id !== null));
  for (const t of txs) {
    if (t.reverses_id !== null || reversed.has(t.id)) continue;
    out.set(t.credit_operation_id, [...(out.get(t.credit_operation_id) ?? []), { paid_on: t.paid_on, amount: t.amount }]);
  }
  return out;
}

function promiseView(p: PaymentPromiseRow, payments: readonly DatedPayment[], today: string): PromiseView {
  const windowEnd = promiseWindowEnd(p.promised_on);
  const { state, paid } = promiseStateOf(p, windowEnd, payments, today);
  return { id: p.id, made_on: p.made_on, promised_on: p.promised_on, amount: new Decimal(p.amount).toFixed(2), window_end: windowEnd, paid: paid.toFixed(2), state };
}

function contactView(c: CollectionContactRow & { actor_name: string | null }, promise: PromiseView | null): Contact {
  return {
    id: c.id,
    credit_operation_id: c.credit_operation_id,
    channel: c.channel,
    direction: c.direction,
    outcome: c.outcome,
    note: c.note,
    contacted_at: c.contacted_at.toISOString(),
    actor_id: c.actor_id,
    actor_name: c.actor_name,
    created_at: c.created_at.toISOString(),
    promise,
  };
}

/** The operation's contact log, newest first (by when the contact happened, then as logged), promises with their state. */
export async function contactLog(db: Db, operationId: number, today: string) {
  const [op] = await db.select({ id: creditOperations.id }).from(creditOperations).where(eq(creditOperations.id, operationId));
  if (!op) throw notFound(CONTACT_MESSAGES.operationNotFound);
  const contacts = await db
    .select({ contact: collectionContacts, actor_name: users.name })
    .from(collectionContacts)
    .leftJoin(users, eq(users.id, collectionContacts.actor_id))
    .where(eq(collectionContacts.credit_operation_id, operationId))
    .orderBy(desc(collectionContacts.contacted_at), desc(collectionContacts.id));
  const promises = await db.select().from(paymentPromises).where(eq(paymentPromises.credit_operation_id, operationId));
  const payments = promises.length > 0 ? ((await standingPaymentsOf(db, [operationId])).get(operationId) ?? []) : [];
  const byContact = new Map(promises.map((p) => [p.contact_id, promiseView(p, payments, today)]));
  return {
    as_of: today,
    grace_business_days: PROMISE_GRACE_BUSINESS_DAYS,
    items: contacts.map((r) => contactView({ ...r.contact, actor_name: r.actor_name }, byContact.get(r.contact.id) ?? null)),
  };
}

export interface ContactSummary {
  last_contact: { contacted_at: string; outcome: ContactOutcome; channel: ContactChannel } | null;
  promise: PromiseView | null;
}

/**
 * For a page of operations: the last contact of each (by when it happened) and its latest promise (the last made)
 * with its state, in four queries whatever the page's size (DISTINCT ON over the two tables' operation indexes,
 * then the payments of the operations that have a promise).
 */
export async function contactSummariesOf(db: Db, operationIds: readonly number[], today: string): Promise<Map<number, ContactSummary>> {
  const out = new Map<number, ContactSummary>();
  if (operationIds.length === 0) return out;
  const ids = [...new Set(operationIds)];
  const lastContacts = await db
    .selectDistinctOn([collectionContacts.credit_operation_id], {
      op: collectionContacts.credit_operation_id,
      contacted_at: collectionContacts.contacted_at,
      outcome: collectionContacts.outcome,
      channel: collectionContacts.channel,
    })
    .from(collectionContacts)
    .where(inArray(collectionContacts.credit_operation_id, ids))
    .orderBy(collectionContacts.credit_operation_id, desc(collectionContacts.contacted_at), desc(collectionContacts.id));
  const latestPromises = await db
    .selectDistinctOn([paymentPromises.credit_operation_id])
    .from(paymentPromises)
    .where(inArray(paymentPromises.credit_operation_id, ids))
    .orderBy(paymentPromises.credit_operation_id, desc(paymentPromises.id));
  const payments = await standingPaymentsOf(db, latestPromises.map((p) => p.credit_operation_id));
  const contactOf = new Map(lastContacts.map((c) => [c.op, c]));
  const promiseOf = new Map(latestPromises.map((p) => [p.credit_operation_id, p]));
  for (const id of ids) {
    const c = contactOf.get(id);
    const p = promiseOf.get(id);
    out.set(id, {
      last_contact: c ? { contacted_at: c.contacted_at.toISOString(), outcome: c.outcome, channel: c.channel } : null,
      promise: p ? promiseView(p, payments.get(id) ?? [], today) : null,
    });
  }
  return out;
}

