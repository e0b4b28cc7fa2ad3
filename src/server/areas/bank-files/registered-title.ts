/**
 * Whether the bank holds a slip's title, for remittances and boletos alike
 * (one rule, as SQL fragments over a slip id):
 * - sent: an entry (01) or a due-date change (06) of the slip went out;
 * - entry rejected: the bank's last word on registering the slip (the
 *   return lines of the core's boleto-rejection.ts's REGISTRATION_KINDS, latest by
 *   occurrence date, then as imported) is movement 03, entrada rejeitada,
 *   imported after the slip's latest entry went out. The bank then holds no
 *   title under that nosso número: the next remittance sends the entry again
 *   (a new 01 under the same slip and number, so the slip the borrower holds
 *   becomes payable once registered), never a baixa or a 06 of it.
 *
 * Why on the very next remittance, not after an operator marks the cause
 * corrected: the file reads the payer's data (name, document, address) from
 * the borrower at generation, so a correction made in the borrower's record
 * goes out by itself; the remittance overview shows the entry as a resend
 * with the bank's reasons before anything is generated, and a manual
 * remittance can hold it back (hide it) while the cause is being fixed. A
 * cause that no correction of ours fixes (the account's agreement, say) is
 * rejected again, and shows again, with the new reasons.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BoletoRegistration, BoletoRejection, TitleRegistration, TitleRegistrationState } from '@shared/contract/servicing-boleto';
import type { ReturnMovementKind } from '@shared/contract/company-cnab-return';
import type { Db } from '../../db/connect';
import { ENTRY_REJECTED_KIND, ENTRY_REJECTED_MOVEMENT } from '../../domain/cnab';
import { REGISTRATION_KINDS } from '../servicing';
import { intArray } from '../../db/batch-sql';
import { closedByTheBank } from './cnab-return';

const registrationKinds = () => sql.join(REGISTRATION_KINDS.map((k) => sql`${k}`), sql`, `);

/** An entry or a due-date change of the slip went out to the bank. */
export function sentToBank(slipId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM remittance_items r WHERE r.boleto_slip_id = ${slipId} AND r.instruction IN ('entry', 'dueDateChange'))`;
}

/** The bank refused to register the slip's latest entry (see above). */
export function entryRejected(slipId: SQL): SQL {
  return sql`EXISTS (
    SELECT 1 FROM (
      SELECT rl.movement, f.created_at
        FROM return_file_lines rl JOIN return_files f ON f.id = rl.return_file_id
       WHERE rl.boleto_slip_id = ${slipId} AND rl.kind IN (${registrationKinds()})
       ORDER BY rl.occurred_on DESC NULLS LAST, rl.id DESC
       LIMIT 1
    ) last
    WHERE last.movement = ${ENTRY_REJECTED_MOVEMENT}
      AND last.created_at > (SELECT max(m.created_at) FROM remittance_items r JOIN remittances m ON m.id = r.remittance_id
                              WHERE r.boleto_slip_id = ${slipId} AND r.instruction = 'entry'))`;
}

/** The bank holds the slip's title: sent, and its entry not rejected since. */
export function heldByTheBank(slipId: SQL): SQL {
  return sql`(${sentToBank(slipId)} AND NOT ${entryRejected(slipId)})`;
}

/** How many entries of the slip went out (a resend is the next attempt). */
export function entriesSent(slipId: SQL): SQL {
  return sql`(SELECT count(*) FROM remittance_items r WHERE r.boleto_slip_id = ${slipId} AND r.instruction = 'entry')::int`;
}

/** The bank's latest 03 line of each of these slips, with its reasons and the file that carried it. */
export async function entryRejectionsOf(db: Db, slipIds: readonly number[]): Promise<Map<number, BoletoRejection>> {
  if (slipIds.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT DISTINCT ON (rl.boleto_slip_id) rl.boleto_slip_id, rl.our_number, rl.occurred_on::text AS occurred_on, rl.movement, rl.reasons,
           f.id AS return_file_id, f.file_name, f.bank_code, f.imported_on::text AS imported_on
      FROM return_file_lines rl JOIN return_files f ON f.id = rl.return_file_id
     WHERE rl.boleto_slip_id = ANY(${intArray(slipIds)}) AND rl.movement = ${ENTRY_REJECTED_MOVEMENT} AND rl.kind = ${ENTRY_REJECTED_KIND}
     ORDER BY rl.boleto_slip_id, rl.occurred_on DESC NULLS LAST, rl.id DESC`);
  const rows = (result as unknown as { rows: Array<BoletoRejection & { boleto_slip_id: number }> }).rows;
  return new Map(
    rows.map((r) => [
      Number(r.boleto_slip_id),
      { our_number: r.our_number, occurred_on: r.occurred_on, movement: r.movement, reasons: r.reasons, return_file_id: Number(r.return_file_id), file_name: r.file_name, bank_code: r.bank_code, imported_on: r.imported_on },
    ]),
  );
}

// ---------------------------------------------------------------------------
// One bank per title

/**
 * The slip's title is live at its bank: the bank holds it (sent, its entry not
 * rejected since), no baixa (02) of it went out, no later 06 of the
 * installment at the same account carried the title on (the newer slip is
 * then the live one), and no return file said the bank settled or wrote it
 * off (under its own number or the registered one it stands for).
 *
 * An installment has at most one live title at a time across the company's
 * accounts: a slip issued under another collecting account (the company
 * changed it) is not entered at its bank while a title of the installment is
 * live elsewhere — remittance.ts leaves that entry out, with the bank and
 * number holding it, and sends the old title's baixa (its slip was replaced).
 *
 * When the new entry may go: as soon as the old title's baixa went out in a
 * stored remittance, not when the old bank confirms it in a return file.
 * Why: both the baixa and the entry are our instructions; the old bank acts
 * on the baixa when the file reaches it, so the entry follows it in time.
 * Waiting for the old bank's return would leave the installment with no
 * payable title for at least one return cycle, and for good at a bank whose
 * return does not report baixas (a per-agreement choice at BB and Caixa) or
 * when return files are not imported. What is left — the borrower paying the
 * old slip between the file and the bank's processing — settles once: a
 * second payment of a paid installment is refused by the payment rules, and
 * the screen that prints a slip says when its title is not confirmed yet.
 */
export function liveTitle(slipId: SQL): SQL {
  const titleOf = sql`COALESCE((SELECT r.title_slip_id FROM remittance_items r WHERE r.boleto_slip_id = ${slipId} AND r.instruction = 'dueDateChange'), ${slipId})`;
  return sql`(${heldByTheBank(slipId)}
    AND NOT EXISTS (SELECT 1 FROM remittance_items r WHERE r.boleto_slip_id = ${slipId} AND r.instruction = 'writeOff')
    AND NOT EXISTS (SELECT 1 FROM boleto_slips o JOIN boleto_slips q ON q.installment_id = o.installment_id AND q.bank_account_id = o.bank_account_id AND q.id > o.id
                      JOIN remittance_items r ON r.boleto_slip_id = q.id AND r.instruction = 'dueDateChange'
                     WHERE o.id = ${slipId})
    AND NOT ${closedByTheBank(slipId)} AND NOT ${closedByTheBank(titleOf)})`;
}

/** What one slip's registration rests on, as read from the files (registrationOf). */
export interface RegistrationFacts {
  issued_on: string;
  /** the business day the slip's latest entry or 06 went out, and when that file was stored */
  sent_on: string | null;
  sent_at: Date | null;
  /** the business day its baixa went out */
  write_off_on: string | null;
  /** the bank's last word on the registration (its own number or the title it stands for) */
  last: { kind: ReturnMovementKind; day: string; at: Date } | null;
  /** a later 06 carried its title on */
  continued: boolean;
}

/**
 * Where one slip's title stands at its bank, and since which day (pure):
 * settled or written off by the bank (a return said so), the baixa sent, not
 * sent yet (issued), rejected (the bank's last word, after the latest entry
 * went out), confirmed by a return, or sent and not answered yet.
 */
export function registrationState(f: RegistrationFacts): { state: TitleRegistrationState; since: string } {
  const word = f.last?.kind;
  if (f.last && word === 'settled') return { state: 'settled', since: f.last.day };
  if (f.last && word === 'writtenOff') return { state: 'written_off', since: f.last.day };
  if (f.write_off_on) return { state: 'write_off_sent', since: f.write_off_on };
  if (!f.sent_on || !f.sent_at) return { state: 'issued', since: f.issued_on };
  if (f.continued) return { state: 'moved', since: f.sent_on };
  if (f.last && word === 'rejected' && f.last.at > f.sent_at) return { state: 'rejected', since: f.last.day };
  if (f.last && word === 'entryConfirmed') return { state: 'confirmed', since: f.last.day };
  return { state: 'sent', since: f.sent_on };
}

/** The states in which the bank holds the title and will take its payment. */
export const LIVE_REGISTRATION_STATES: readonly TitleRegistrationState[] = ['sent', 'confirmed'];

type Owner = { kind: 'installment'; id: number } | { kind: 'agreement'; agreementId: number };

/**
 * Every slip of the installment (or of each installment of an agreement) with where its title stands at its bank,
 * oldest first; `current` is the live one (sent or confirmed, never more than one: remittance.ts holds a second entry
 * back), `latest` the newest slip — the one a boleto prints — and `waiting` says when that newest slip's entry is held
 * back by a live title at another bank. A rejected title carries the bank's 03 line (reasons, file), so a screen says
 * why without asking again.
 */
async function registrationsOf(db: Db, owner: Owner): Promise<Map<number, TitleRegistration[]>> {
  const where = owner.kind === 'installment' ? sql`s.installment_id = ${owner.id}` : sql`s.agreement_installment_id IN (SELECT ri.id FROM renegotiation_installments ri WHERE ri.agreement_id = ${owner.agreementId})`;
  const result = await db.execute(sql`
    SELECT s.id, COALESCE(s.installment_id, s.agreement_installment_id) AS owner_id, s.bank_account_id, a.bank_code, t.our_number, s.issued_on::text AS issued_on,
           sent.sent_on, sent.sent_at, (SELECT min(m.generated_on)::text FROM remittance_items r JOIN remittances m ON m.id = r.remittance_id
                                          WHERE r.boleto_slip_id = s.id AND r.instruction = 'writeOff') AS write_off_on,
           last.kind, last.day, last.at,
           EXISTS (SELECT 1 FROM boleto_slips q JOIN remittance_items r ON r.boleto_slip_id = q.id AND r.instruction = 'dueDateChange'
                    WHERE q.installment_id = s.installment_id AND q.bank_account_id = s.bank_account_id AND q.id > s.id) AS continued
      FROM boleto_slips s
      JOIN company_bank_accounts a ON a.id = s.bank_account_id
      JOIN boleto_slips t ON t.id = COALESCE((SELECT r.title_slip_id FROM remittance_items r WHERE r.boleto_slip_id = s.id AND r.instruction = 'dueDateChange'), s.id)
      CROSS JOIN LATERAL (
        SELECT max(m.generated_on)::text AS sent_on, max(m.created_at) AS sent_at
          FROM remittance_items r JOIN remittances m ON m.id = r.remittance_id
         WHERE r.boleto_slip_id = s.id AND r.instruction IN ('entry', 'dueDateChange')
      ) sent
      LEFT JOIN LATERAL (
        SELECT rl.kind, COALESCE(rl.occurred_on, f.imported_on)::text AS day, f.created_at AS at
          FROM return_file_lines rl JOIN return_files f ON f.id = rl.return_file_id
         WHERE rl.boleto_slip_id IN (s.id, t.id) AND rl.kind IN (${registrationKinds()})
         ORDER BY rl.occurred_on DESC NULLS LAST, rl.id DESC
         LIMIT 1
      ) last ON true
     WHERE ${where}
     ORDER BY s.id`);
  type Row = { id: number; owner_id: number; bank_account_id: number; bank_code: string; our_number: string; issued_on: string; sent_on: string | null; sent_at: Date | string | null; write_off_on: string | null; kind: ReturnMovementKind | null; day: string | null; at: Date | string | null; continued: boolean };
  const rows = (result as unknown as { rows: Row[] }).rows;
  const titles = rows.map((r) => {
    const { state, since } = registrationState({
      issued_on: r.issued_on,
      sent_on: r.sent_on,
      sent_at: r.sent_at === null ? null : new Date(r.sent_at),
      write_off_on: r.write_off_on,
      last: r.kind && r.day && r.at ? { kind: r.kind, day: r.day, at: new Date(r.at) } : null,
      continued: Boolean(r.continued),
    });
    return { owner: Number(r.owner_id), title: { boleto_slip_id: Number(r.id), bank_account_id: Number(r.bank_account_id), bank_code: r.bank_code, our_number: r.our_number, state, since, rejection: null } as TitleRegistration };
  });
  const rejections = await entryRejectionsOf(db, titles.filter((t) => t.title.state === 'rejected').map((t) => t.title.boleto_slip_id));
  const byOwner = new Map<number, TitleRegistration[]>();
  for (const { owner: id, title } of titles) {
    const list = byOwner.get(id) ?? [];
    list.push({ ...title, rejection: rejections.get(title.boleto_slip_id) ?? null });
    byOwner.set(id, list);
  }
  return byOwner;
}

/** The registration answer of one installment from its slips' titles, oldest first. */
function registrationFrom(installmentId: number, titles: TitleRegistration[]): BoletoRegistration {
  const current = [...titles].reverse().find((t) => LIVE_REGISTRATION_STATES.includes(t.state)) ?? null;
  const latest = titles.at(-1) ?? null;
  const waiting = latest !== null && latest.state === 'issued' && current !== null && current.bank_account_id !== latest.bank_account_id;
  return { installment_id: installmentId, current, latest, waiting, titles };
}

/** Where an operation installment's title is registered (boleto.registration). */
export async function registrationOf(db: Db, installmentId: number): Promise<BoletoRegistration> {
  return registrationFrom(installmentId, (await registrationsOf(db, { kind: 'installment', id: installmentId })).get(installmentId) ?? []);
}

/**
 * Where each installment of an agreement has its title registered (boleto.agreementRegistration), by installment
 * number (the down payment 0 first); `installment_id` is the agreement installment's id. An installment never
 * printed has no title. Null for an unknown agreement.
 */
export async function agreementRegistrationOf(db: Db, agreementId: number): Promise<BoletoRegistration[] | null> {
  const result = await db.execute(sql`
    SELECT ri.id FROM renegotiation_agreements ag LEFT JOIN renegotiation_installments ri ON ri.agreement_id = ag.id
     WHERE ag.id = ${agreementId} ORDER BY ri.number`);
  const ids = (result as unknown as { rows: Array<{ id: number | null }> }).rows;
  if (ids.length === 0) return null;
  const titles = await registrationsOf(db, { kind: 'agreement', agreementId });
  return ids.filter((r) => r.id !== null).map((r) => registrationFrom(Number(r.id), titles.get(Number(r.id)) ?? []));
}
