/**
 * Demo boletos: issued through the boleto service (the one the desk's "Boleto"
 * and "Carnê" buttons call), so the demo has recorded slips with their nosso
 * números taken from the collecting account in order, as a real run leaves
 * them. Two operations on time get their carnê; the first of them has title
 * data on its next installment (document number, protest after 5 days and a
 * note) saved before the carnê, so its slip prints them; one overdue
 * installment gets its updated slip, due today with the charges so far.
 *
 * A small step on purpose: a carnê is one transaction and the PDFs are not
 * drawn (the service records the slips; the PDF is drawn when someone asks).
 */
import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import type { Actor } from '../areas/operations';
import { issueBoleto, issueCarne } from '../areas/boletos';
import { saveTitle } from '../areas/collection';
import { creditOperationInstallments } from '../areas/operations/schema';
import type { Db } from './connect';

export interface BoletoSeedPlan {
  /** disbursed operations paid on time: two of them with installments still to fall due get a carnê */
  carne: readonly number[];
  /** overdue operations: the first one's oldest open installment gets an updated slip */
  overdue: readonly number[];
}

/** The operation's installments still to be paid on its current schedule, in order. */
async function openInstallments(db: Db, operationId: number, from?: string): Promise<{ id: number }[]> {
  const i = creditOperationInstallments;
  return db
    .select({ id: i.id })
    .from(i)
    .where(and(eq(i.credit_operation_id, operationId), isNull(i.paid_on), isNull(i.superseded_in), ...(from ? [gte(i.due_date, from)] : [])))
    .orderBy(asc(i.number));
}

/**
 * Issues slips as of `today`: two carnês and the first overdue operation's
 * updated slip; answers how many slips were recorded.
 */
export async function seedBoletos(db: Db, desk: Actor, plan: BoletoSeedPlan, today: string): Promise<number> {
  let slips = 0;
  // The two with the fewest installments still to fall due (at least two, so each is a carnê): the seed stays quick.
  const open = [];
  for (const id of plan.carne) open.push({ id, count: (await openInstallments(db, id, today)).length });
  const carne = open
    .filter((o) => o.count >= 2)
    .sort((a, b) => a.count - b.count || a.id - b.id)
    .slice(0, 2)
    .map((o) => o.id);
  const [titled] = carne;
  if (titled !== undefined) {
    const [next] = await openInstallments(db, titled, today);
    const title = { id: titled, installment: next.id, version: 0, document_number: `NF-${String(titled).padStart(6, '0')}`, protest_days: 5, note: 'Após 30 dias do vencimento, pagar somente na Crédito Popular.' };
    await db.transaction((tx) => saveTitle(tx, desk, title, today));
  }
  for (const id of carne) slips += (await db.transaction((tx) => issueCarne(tx, desk, id, today))).length;
  for (const id of plan.overdue) {
    const [oldest] = await openInstallments(db, id);
    if (!oldest) continue;
    await db.transaction((tx) => issueBoleto(tx, desk, oldest.id, today));
    slips++;
    break;
  }
  return slips;
}
