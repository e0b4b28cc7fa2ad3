/** Small reads of other areas' tables the renegotiation needs (reads only). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { borrowers } from '../borrowers/schema';
import { notFound } from '../../platform/http/errors';
import { OPEN_MESSAGES } from './open-amounts';

/** The borrower's company (404 when there is no such borrower). */
export async function companyOfBorrower(db: Db, borrowerId: number): Promise<number> {
  const [row] = await db.select({ company: borrowers.company_id }).from(borrowers).where(eq(borrowers.id, borrowerId));
  if (!row) throw notFound(OPEN_MESSAGES.borrowerNotFound);
  return row.company;
}
