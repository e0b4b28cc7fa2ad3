/**
 * Letters kept as issued: the payoff, discharge and annual letters are filled
 * from the company's template of their kind in force (areas/company
 * templateOf) and written to issued_letters with the template's id and
 * version, the filled title and text, and what the PDF prints beside them; the
 * activity-log entry is written in the same transaction. Printed again, a
 * letter is drawn from that row only.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { IssuedLetter } from '@shared/contract/letters';
import type { Db } from '../../db/connect';
import { logActivity, type Snapshot } from '../../platform/activity';
import { notFound } from '../../platform/http/errors';
import { templateOf, type TemplateInForce } from '../company';
import type { LetterText } from './pdf';
import { issuedLetters, type IssuedLetterKind } from './schema';

export interface LetterToIssue {
  kind: IssuedLetterKind;
  companyId: number;
  borrowerId: number;
  operationId: number | null;
  letterDay: string;
  fileName: string;
  /** the letter's text from the template in force */
  make: (template: TemplateInForce) => LetterText;
  /** what the activity log keeps of it (the day, the amount) */
  logged: Snapshot;
}

export interface Issued {
  id: number;
  text: LetterText;
  fileName: string;
}

/** Fills the kind's template in force, keeps the letter and logs it (one transaction). */
export async function issueLetter(db: Db, actorId: number, letter: LetterToIssue): Promise<Issued> {
  return db.transaction(async (tx) => {
    const template = await templateOf(tx, letter.companyId, letter.kind);
    const text = letter.make(template);
    const [row] = await tx
      .insert(issuedLetters)
      .values({
        company_id: letter.companyId,
        kind: letter.kind,
        credit_operation_id: letter.operationId,
        borrower_id: letter.borrowerId,
        letter_day: letter.letterDay,
        template_id: template.id,
        template_version: template.version,
        title: text.title,
        body: text.body,
        frozen: text.frozen,
        file_name: letter.fileName,
        issued_by: actorId,
      })
      .returning({ id: issuedLetters.id });
    await logActivity(tx, {
      actorId,
      action: `letter.${letter.kind}`,
      entity: letter.operationId === null ? 'borrower' : 'credit_operation',
      entityId: letter.operationId ?? letter.borrowerId,
      after: { kind: letter.kind, letter_id: row.id, template_version: template.version, ...letter.logged },
    });
    return { id: row.id, text, fileName: letter.fileName };
  });
}

const issuedBy = sql<string | null>`(SELECT name FROM users WHERE users.id = ${issuedLetters.issued_by})`;

/** The letters of an operation, or of a borrower (all of theirs), newest first. */
export async function listIssued(db: Db, by: { credit_operation_id?: number; borrower_id?: number }): Promise<IssuedLetter[]> {
  const where = by.credit_operation_id !== undefined ? eq(issuedLetters.credit_operation_id, by.credit_operation_id) : eq(issuedLetters.borrower_id, by.borrower_id ?? 0);
  const rows = await db.select({ row: issuedLetters, issued_by_name: issuedBy }).from(issuedLetters).where(and(where)).orderBy(desc(issuedLetters.id));
  return rows.map(({ row, issued_by_name }) => ({
    id: row.id,
    kind: row.kind,
    credit_operation_id: row.credit_operation_id,
    borrower_id: row.borrower_id,
    letter_day: row.letter_day,
    template_version: row.template_version,
    title: row.title,
    file_name: row.file_name,
    issued_by_name,
    issued_at: row.issued_at.toISOString(),
  }));
}

/** An issued letter as it was issued (404 when there is none). */
export async function issuedText(db: Db, id: number): Promise<{ text: LetterText; fileName: string; row: typeof issuedLetters.$inferSelect }> {
  const [row] = await db.select().from(issuedLetters).where(eq(issuedLetters.id, id));
  if (!row) throw notFound();
  return { text: { title: row.title, body: row.body, frozen: row.frozen }, fileName: row.file_name, row };
}
