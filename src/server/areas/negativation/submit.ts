/**
 * Sending one installment to the bureau. Checks, in Portuguese and saying what to fix: the installment exists and is
 * still owed and collected; its title does not declare protest (then the notary, not the bureau); it is at least N
 * days late (the title's "negativar após N dias", domain/servicing/title-after-due.ts, else 30); the borrower's
 * address is complete (the bureau mails the prior notice there: CDC art. 43 §2; STJ Súmula 359); it is not already
 * sent. The record is inserted first (the partial unique index refuses a second open record of the installment, so
 * of two submits at once only one reaches the provider), then the provider is called and its protocol stored, in one
 * transaction: a provider's failure leaves nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { NegativationRow } from '@shared/contract/negativation';
import { NEGATIVATION_DEFAULT_DAYS, NEGATIVATION_SUBMITTED } from '@shared/negativation';
import type { Db } from '../../db/connect';
import { logActivity } from '../../platform/activity';
import { conflict, HttpError, notFound } from '../../platform/http/errors';
import { titleAfterDue } from '../../domain/servicing/title-after-due';
import type { Actor } from '../operations';
import { negativationEvents, negativationRecords } from './schema';
import { missingAddressFields, openInstallment, recordOf, rowsOf } from './reads';
import { NEGATIVATION_MESSAGES } from './messages';
import { NegativationProviderError, type NegativationProvider } from './provider';

interface Subject {
  installment_id: number;
  number: number;
  credit_operation_id: number;
  borrower_id: number;
  name: string;
  document: string;
  payment: string;
  due_date: string;
  days_late: number;
  open: boolean;
  protest_days: number | null;
  negativation_days: number | null;
  cep: string | null;
  address: string | null;
  address_number: string | null;
  address_complement: string | null;
  city: string | null;
  state: string | null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: string }).code === '23505') return true;
  return false;
}

export async function submitInstallment(db: Db, provider: NegativationProvider, actor: Actor, installmentId: number, today: string): Promise<NegativationRow> {
  const [s] = rowsOf<Subject>(
    await db.execute(sql`
      SELECT i.id AS installment_id, i.number, i.credit_operation_id, o.borrower_id, b.name, b.document, i.payment::text AS payment,
        to_char(i.due_date, 'YYYY-MM-DD') AS due_date, (${today}::date - i.due_date) AS days_late, (${openInstallment('i')}) AS open,
        t.protest_days, t.negativation_days, b.cep, b.address, b.address_number, b.address_complement, b.city, b.state
      FROM credit_operation_installments i
      JOIN credit_operations o ON o.id = i.credit_operation_id
      JOIN borrowers b ON b.id = o.borrower_id
      LEFT JOIN installment_titles t ON t.installment_id = i.id
      WHERE i.id = ${installmentId}`),
  );
  if (!s) throw notFound(NEGATIVATION_MESSAGES.installmentNotFound);
  if (!s.open) throw conflict(NEGATIVATION_MESSAGES.notOpen, 'installment_id');
  const terms = titleAfterDue({ protest_days: s.protest_days, negativation_days: s.negativation_days });
  if (terms.kind === 'protest') throw conflict(NEGATIVATION_MESSAGES.protest(terms.days), 'installment_id');
  const after = terms.kind === 'negativation' ? terms.days : NEGATIVATION_DEFAULT_DAYS;
  if (Number(s.days_late) < after)
    throw conflict(NEGATIVATION_MESSAGES.tooEarly(Math.max(0, Number(s.days_late)), after, s.due_date), 'installment_id');
  const missing = missingAddressFields(s);
  if (missing.length) throw conflict(NEGATIVATION_MESSAGES.addressMissing(missing), 'address');
  const id = await db.transaction(async (tx) => {
    let recordId: number;
    try {
      const [row] = await tx
        .insert(negativationRecords)
        .values({ installment_id: s.installment_id, credit_operation_id: s.credit_operation_id, borrower_id: s.borrower_id, amount: s.payment, due_date: s.due_date, provider: provider.name, status: NEGATIVATION_SUBMITTED, submitted_on: today, created_by: actor.id })
        .returning({ id: negativationRecords.id });
      recordId = row.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(NEGATIVATION_MESSAGES.alreadySent, 'installment_id');
      throw error;
    }
    let protocol: string;
    try {
      ({ protocol } = await provider.submit({
        document: s.document.replace(/[^0-9A-Za-z]/g, ''),
        name: s.name,
        address: { cep: s.cep ?? '', street: s.address ?? '', number: s.address_number, complement: s.address_complement, city: s.city ?? '', state: s.state ?? '' },
        reference: `parcela-${s.installment_id}`,
        amount: s.payment,
        dueDate: s.due_date,
        date: today,
      }));
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (error instanceof NegativationProviderError) throw new HttpError(502, NEGATIVATION_MESSAGES.providerFailed(text), undefined, 'provider-error');
      throw error;
    }
    await tx.update(negativationRecords).set({ protocol }).where(eq(negativationRecords.id, recordId));
    await tx.insert(negativationEvents).values({ record_id: recordId, kind: NEGATIVATION_SUBMITTED, business_date: today, detail: `protocolo ${protocol}`, actor_id: actor.id });
    await logActivity(tx, {
      actorId: actor.id,
      action: 'negativation.submit',
      entity: 'negativation',
      entityId: recordId,
      after: { status: NEGATIVATION_SUBMITTED, installment_id: s.installment_id, amount: s.payment, protocol, business_date: today },
    });
    return recordId;
  });
  return recordOf(db, id, today);
}
