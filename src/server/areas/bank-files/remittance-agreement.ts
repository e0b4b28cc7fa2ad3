/**
 * An agreement's slips in the CNAB 240 remittance (renegotiation's agreement installments, the down payment its
 * installment 0; boletos' agreement-slip.ts issues them): the same file, account lock, NSA, checks and items as the
 * operations' titles (remittance.ts), with the agreement's own state deciding what goes out.
 *
 * - entry (01): a slip of the account issued up to the cut-off day, never sent (or whose entry the bank rejected: a
 *   resend under the same nosso número), the newest of its agreement installment at any of the company's accounts,
 *   whose installment still owes something and whose agreement did not break after it was issued;
 * - baixa (02): a sent slip (not written off, not settled or written off by the bank itself: closedByTheBank) whose
 *   installment was paid outside the bank (Pix, by hand, suspense) — reason `paid` —, whose agreement broke
 *   (renegotiation's break rule: the slip was issued before the break day or is due after it, so it asks what no
 *   longer stands; reason `broken`), or that a newer slip of the installment replaced (`replaced`, also one issued
 *   under another collecting account: one bank per title);
 * - one bank per title: an entry whose installment has a live title at another account (registered-title.ts
 *   liveTitle) is held back until that title's baixa went out, as an operation's.
 * No due-date change (06) for an agreement: a newer slip goes out as baixa plus entry. An agreement is never
 * cancelled once agreed (refused or withdrawn ones have no slip), so no other reason applies. The manual remittance
 * picks operation installments only: an agreement's slips go in the automatic file.
 * The state of each installment (paid, the break day) is renegotiation's (agreementTitleStates, its book on the
 * business date); this module reads the slips, items and return lines it owns or joins.
 */
import { sql } from 'drizzle-orm';
import { TITLE_OWNER_KINDS } from '@shared/enums';
import type { Db } from '../../db/connect';
import { agreementTitleStates } from '../renegotiation';
import { closedByTheBank } from './cnab-return';
import { entryRejected, liveTitle } from './registered-title';
import type { CandidateRow } from './remittance';

const AGREEMENT = TITLE_OWNER_KINDS[1];

interface AgreementSlipRow extends Omit<CandidateRow, 'gone'> {
  written_off: boolean;
  newest: boolean;
  closed: boolean;
  agreement_installment_id: number;
  agreement_id: number;
}

/** The agreement slips of the account a file would carry up to `date` (held-back entries included: see heldBack). */
export async function agreementCandidatesOf(db: Db, accountId: number, date: string, today: string): Promise<CandidateRow[]> {
  const result = await db.execute(sql`
    SELECT s.id AS slip_id, s.agreement_installment_id, ri.agreement_id, s.credit_operation_id, ri.number, s.sequence::text AS sequence, s.our_number,
           s.amount::text AS amount, s.due_date::text AS due_date, s.issued_on::text AS issued_on,
           b.name AS payer_name, b.document AS payer_document, b.address, b.address_number, b.neighborhood, b.cep, b.city, b.state,
           x.at_bank AND NOT y.resend AS sent, y.resend, x.entries_sent, x.written_off,
           s.id = (SELECT max(n.id) FROM boleto_slips n WHERE n.agreement_installment_id = s.agreement_installment_id) AS newest,
           ${closedByTheBank(sql`s.id`)} AS closed,
           other.id AS held_by, other.bank_code AS held_bank, other.our_number AS held_our_number
      FROM boleto_slips s
      JOIN renegotiation_installments ri ON ri.id = s.agreement_installment_id
      JOIN renegotiation_agreements ag ON ag.id = ri.agreement_id
      JOIN borrowers b ON b.id = ag.borrower_id
     CROSS JOIN LATERAL (
       SELECT COALESCE(bool_or(r.instruction = 'entry'), false) AS at_bank,
              COALESCE(bool_or(r.instruction = 'writeOff'), false) AS written_off,
              count(*) FILTER (WHERE r.instruction = 'entry')::int AS entries_sent
         FROM remittance_items r WHERE r.boleto_slip_id = s.id
     ) x
     CROSS JOIN LATERAL (SELECT CASE WHEN x.at_bank THEN ${entryRejected(sql`s.id`)} ELSE false END AS resend) y
      LEFT JOIN LATERAL (
        SELECT p.id, a.bank_code, p.our_number
          FROM boleto_slips p JOIN company_bank_accounts a ON a.id = p.bank_account_id
         WHERE p.agreement_installment_id = s.agreement_installment_id AND p.bank_account_id <> s.bank_account_id AND ${liveTitle(sql`p.id`)}
         ORDER BY p.id DESC LIMIT 1
      ) other ON true
     WHERE s.bank_account_id = ${accountId} AND s.kind = ${AGREEMENT} AND s.issued_on <= ${date}::date
     ORDER BY s.id`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r) => ({
    ...(r as unknown as AgreementSlipRow),
    slip_id: Number(r.slip_id),
    agreement_installment_id: Number(r.agreement_installment_id),
    agreement_id: Number(r.agreement_id),
    credit_operation_id: Number(r.credit_operation_id),
    number: Number(r.number),
    entries_sent: Number(r.entries_sent),
    held_by: r.held_by === null ? null : Number(r.held_by),
    sent: r.sent === true,
    resend: r.resend === true,
    written_off: r.written_off === true,
    newest: r.newest === true,
    closed: r.closed === true,
  }));
  if (rows.length === 0) return [];
  // The installments' state on the business date (a file cut at an earlier day still writes off what was paid since).
  const states = await agreementTitleStates(db, rows.map((r) => r.agreement_installment_id), today);
  const out: CandidateRow[] = [];
  for (const r of rows) {
    const state = states.get(r.agreement_installment_id);
    const broken = state?.brokenOn != null && (r.issued_on < state.brokenOn || r.due_date > state.brokenOn);
    const gone: CandidateRow['gone'] = state?.paid ? 'paid' : broken ? 'broken' : !r.newest ? 'replaced' : null;
    const candidate: CandidateRow = {
      slip_id: r.slip_id,
      installment_id: null,
      agreement: { installmentId: r.agreement_installment_id, agreementId: r.agreement_id, terms: state?.terms ?? null },
      credit_operation_id: r.credit_operation_id,
      number: r.number,
      sequence: String(r.sequence),
      our_number: r.our_number,
      amount: r.amount,
      due_date: r.due_date,
      issued_on: r.issued_on,
      payer_name: r.payer_name,
      payer_document: r.payer_document,
      address: r.address,
      address_number: r.address_number,
      neighborhood: r.neighborhood,
      cep: r.cep,
      city: r.city,
      state: r.state,
      late_fee_percent: null,
      default_interest_monthly_percent: null,
      gone,
      sent: r.sent,
      moved_from_bank: false,
      title_slip_id: r.slip_id,
      resend: r.resend,
      entries_sent: r.entries_sent,
      // Only an entry of the newest slip waits for another bank's baixa.
      held_by: !r.sent && gone === null ? r.held_by : null,
      held_bank: r.held_bank,
      held_our_number: r.held_our_number,
    };
    if (!r.sent && gone === null) out.push(candidate);
    else if (r.sent && !r.written_off && gone !== null && !r.closed) out.push(candidate);
  }
  return out;
}
