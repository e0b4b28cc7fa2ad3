/**
 * Whether the bank rejected the installment's boleto, read from the return
 * files (return_file_lines: what the bank said, kept as it said it) rather
 * than a flag kept beside the slip: the bank's last line about the
 * registration of any of the installment's slips (entry confirmed, rejected,
 * settled, written off; by occurrence date, then as imported) decides, and
 * only a rejection is answered. A file imported after the day asked does not
 * count yet.
 */
import { sql } from 'drizzle-orm';
import type { BoletoRejection } from '@shared/contract/servicing-boleto';
import type { ReturnMovementKind } from '@shared/contract/company-cnab-return';
import type { Db } from '../../db/connect';

/** The movements that say where the registration stands (other movements, like a changed due date, do not). */
export const REGISTRATION_KINDS: readonly ReturnMovementKind[] = ['entryConfirmed', 'rejected', 'settled', 'writtenOff'];

interface LastWord {
  kind: ReturnMovementKind;
  our_number: string;
  occurred_on: string | null;
  movement: string;
  reasons: Array<{ code: string; words: string }>;
  return_file_id: number;
  file_name: string;
  bank_code: string;
  imported_on: string;
}

export async function boletoRejectionOf(db: Db, installmentId: number, asOf: string): Promise<BoletoRejection | null> {
  const result = await db.execute(sql`
    SELECT rl.kind, rl.our_number, rl.occurred_on::text AS occurred_on, rl.movement, rl.reasons,
           f.id AS return_file_id, f.file_name, f.bank_code, f.imported_on::text AS imported_on
      FROM boleto_slips s
      JOIN return_file_lines rl ON rl.boleto_slip_id = s.id
      JOIN return_files f ON f.id = rl.return_file_id
     WHERE s.installment_id = ${installmentId}
       AND rl.kind IN (${sql.join(REGISTRATION_KINDS.map((k) => sql`${k}`), sql`, `)})
       AND f.imported_on <= ${asOf}::date
     ORDER BY rl.occurred_on DESC NULLS LAST, rl.id DESC
     LIMIT 1`);
  const [last] = (result as unknown as { rows: LastWord[] }).rows;
  if (!last || last.kind !== 'rejected') return null;
  return {
    our_number: last.our_number,
    occurred_on: last.occurred_on,
    movement: last.movement,
    reasons: last.reasons,
    return_file_id: Number(last.return_file_id),
    file_name: last.file_name,
    bank_code: last.bank_code,
    imported_on: last.imported_on,
  };
}
