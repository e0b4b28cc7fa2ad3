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
import type { BoletoRejection } from '@shared/contract/servicing-boleto';
import type { Db } from '../../db/connect';
import { ENTRY_REJECTED_KIND, ENTRY_REJECTED_MOVEMENT } from '../../domain/cnab';
import { REGISTRATION_KINDS } from '../servicing';
import { intArray } from '../../db/batch-sql';

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
