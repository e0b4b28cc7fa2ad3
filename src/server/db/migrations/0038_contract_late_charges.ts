/**
 * Late charges only as the contract states them.
 *
 * Res. CMN 4.882/2020 lets a lender charge remuneratory interest during delay only where the contract provides it.
 * The CCB and MPO templates said only "multa de 2% e juros de mora de 1% ao mês", yet servicing charged the
 * contract's rate per day on top. From here on the late-charge terms are part of the frozen contract and servicing
 * reads them from it:
 *
 * - company_parameters.remuneratory_interest_in_delay (false): whether contracts issued from now on state
 *   remuneratory interest during delay (the contract's rate compounded pro rata die). A contract states it only
 *   when this is on at issue and its template prints {{encargos.juros_remuneratorios}} (operations'
 *   late-charge-terms.ts). A parameter change still waiting for its second administrator was asked against values
 *   without this field: approving it cancels it as stale (409), and it is asked again.
 *
 * - issued_contracts.frozen.late_charges, for every contract issued before: multa and mora as frozen (or, where
 *   they were not frozen yet, as the release kept them, else the company's now); remuneratory 'none' — their text
 *   stated multa and mora only, so the safest reading of the law is that nothing else runs; contract_monthly_percent
 *   the contract's rate; late_days_from 'payable_until' — a due date on a weekend or bank holiday moves to the next
 *   business day and the days late count from it (Código Civil art. 132 §1), their text saying nothing otherwise.
 *
 * - disbursements.remuneratory, late_days_from (copied from the frozen contract at release) and legacy_until. An
 *   operation released before this migration keeps, up to its last recorded payment or reversal (legacy_until),
 *   what it was charged then — 1/30 of the contract's rate a day, days late from the printed due date for an
 *   installment whose moved due date came before that day — so every payment already recorded keeps its split,
 *   its postings stay right and no recorded payment turns into more than was due; after that day it is charged
 *   multa and mora only, as its contract states (domain/servicing/late-charges.ts). Remuneratory interest a
 *   borrower already paid is not returned by this migration (it is in the books as posted); an operation with no
 *   recorded payment is charged multa and mora only from its first day late. Disbursements are immutable
 *   (migration 0036): the trigger is set aside for this one statement only.
 */
export const id = '0038_contract_late_charges';

export const sql = /* sql */ `
ALTER TABLE company_parameters
  ADD COLUMN remuneratory_interest_in_delay boolean NOT NULL DEFAULT false;

UPDATE issued_contracts c SET frozen = c.frozen || jsonb_build_object('late_charges', jsonb_build_object(
  'late_fee_percent', COALESCE(c.frozen->'late_charges'->>'late_fee_percent', d.late_fee_percent::text, p.late_fee_percent::text, '2'),
  'default_interest_monthly_percent', COALESCE(c.frozen->'late_charges'->>'default_interest_monthly_percent', d.default_interest_monthly_percent::text, p.default_interest_monthly_percent::text, '1'),
  'remuneratory', 'none',
  'contract_monthly_percent', c.frozen->'amounts'->>'monthly_rate',
  'late_days_from', 'payable_until'
))
FROM issued_contracts c2
LEFT JOIN disbursements d ON d.credit_operation_id = c2.credit_operation_id
LEFT JOIN company_parameters p ON p.company_id = c2.company_id
WHERE c2.id = c.id;

ALTER TABLE disbursements
  ADD COLUMN remuneratory text NOT NULL DEFAULT 'none' CHECK (remuneratory IN ('none', 'compound_daily', 'simple_daily')),
  ADD COLUMN late_days_from text NOT NULL DEFAULT 'payable_until' CHECK (late_days_from IN ('payable_until', 'due_date')),
  ADD COLUMN legacy_until date;

ALTER TABLE disbursements DISABLE TRIGGER disbursements_immutable;
UPDATE disbursements d SET legacy_until = t.last_day
FROM (SELECT credit_operation_id, max(paid_on) AS last_day FROM installment_transactions GROUP BY credit_operation_id) t
WHERE t.credit_operation_id = d.credit_operation_id;
ALTER TABLE disbursements ENABLE TRIGGER disbursements_immutable;
`;
