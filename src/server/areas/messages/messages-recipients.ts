/**
 * Turns a broadcast's recipient selection into the list of addresses it
 * reaches on a channel: active entrepreneurs (not removed, not erased)
 * matching the filters, or the valid entries of a pasted list. The preview
 * and the creation use the same function, so the count confirmed is the
 * count queued.
 */
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { RecipientSelection } from '@shared/contract/index';
import { isValidEmail } from '@shared/format';
import { normaliseBrazilianPhone, parseRecipientList, type MessageChannel } from '@shared/phone';
import { Role } from '@shared/roles';
import { isSolicitationStatus } from '@shared/solicitation-status';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { badRequest } from '../../platform/http/errors';
import { broadcastRecipients } from './messages-schema';

export interface ResolvedRecipient {
  user_id: number | null;
  name: string | null;
  contact: string;
}

export interface ResolvedSelection {
  recipients: ResolvedRecipient[];
  invalid: string[];
  withoutContact: number;
}

export const UNKNOWN_SOLICITATION_STATUS = 'situação de solicitação desconhecida';

export async function resolveSelection(db: Db, channel: MessageChannel, selection: RecipientSelection): Promise<ResolvedSelection> {
  if (selection.mode === 'list') {
    const parsed = parseRecipientList(selection.entries, channel);
    return { recipients: parsed.valid.map((contact) => ({ user_id: null, name: null, contact })), invalid: parsed.invalid, withoutContact: 0 };
  }
  const conditions: SQL[] = [eq(users.role_id, Role.USER), eq(users.active, true), isNull(users.deleted_at), isNull(users.anonymised_at)];
  if (selection.solicitation_status) {
    // Entrepreneurs with at least one live (not deleted) solicitation in that status.
    const status = selection.solicitation_status;
    if (!isSolicitationStatus(status)) throw badRequest(UNKNOWN_SOLICITATION_STATUS, 'selection.solicitation_status');
    conditions.push(
      sql`EXISTS (SELECT 1 FROM solicitations s WHERE s.user_id = ${users.id} AND s.status = ${status} AND s.deleted_at IS NULL)`,
    );
  }
  if (selection.state) conditions.push(eq(sql`upper(${users.state})`, selection.state.toUpperCase()));
  if (selection.city) conditions.push(eq(sql`lower(${users.city})`, selection.city.toLowerCase()));
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.id));
  const out: ResolvedSelection = { recipients: [], invalid: [], withoutContact: 0 };
  const seen = new Set<string>();
  for (const row of rows) {
    const raw = channel === 'sms' ? row.phone : row.email;
    if (!raw) {
      out.withoutContact++;
      continue;
    }
    const contact = channel === 'sms' ? normaliseBrazilianPhone(raw) : isValidEmail(raw) ? raw.toLowerCase() : null;
    if (!contact) {
      out.invalid.push(`${row.name} (${raw})`);
      continue;
    }
    if (seen.has(contact)) continue;
    seen.add(contact);
    out.recipients.push({ user_id: row.id, name: row.name, contact });
  }
  return out;
}

/** What an LGPD erase leaves in place of a recipient's address (the row stays: the history keeps its count and status). */
export const ERASED_CONTACT = 'anonimizado';

/**
 * LGPD erase: broadcast recipients that were this person (by account, or by
 * their e-mail/phone in a pasted list) lose the name and the address.
 */
export async function eraseFromBroadcasts(db: Db, person: { id: number; email: string; phone: string | null }): Promise<void> {
  const contacts = [person.email.toLowerCase(), normaliseBrazilianPhone(person.phone)].filter((c): c is string => !!c);
  await db
    .update(broadcastRecipients)
    .set({ name: null, contact: ERASED_CONTACT })
    .where(or(eq(broadcastRecipients.user_id, person.id), inArray(broadcastRecipients.contact, contacts)));
}
