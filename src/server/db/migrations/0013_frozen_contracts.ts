/**
 * A contract is frozen when it is issued. The filled text and the signatories
 * were already stored at issue, but the PDF drew the schedule (and the MPO's
 * orientation) from the live rows, so a later change to an installment moved
 * a signed contract's numbers. `frozen` keeps, from the moment of issue, the
 * amounts the PDF shows (financed, released, IOF, fees, interest, total
 * payable, rates, CET) and the whole schedule, as decimal text:
 *
 *   { amounts: { amortization, requested_amount, principal, released,
 *                iof_total, fees: [{ name, amount }], fees_total,
 *                total_interest, total_payable, monthly_rate, yearly_rate,
 *                cet_monthly, cet_yearly, installments_count,
 *                disbursement_date, first_due_date, payment_method },
 *     schedule: [{ number, due_date, payment, interest, amortization, balance }],
 *     orientation_message }
 *
 * Contracts issued before this migration are frozen here from the rows as
 * they are now: the best record there is of what was signed, and from now on
 * it no longer moves.
 *
 * The templates' heading "nº {{operacao.numero}}" named the contract by the
 * operation's number (OP-000001) while the PDF's heading carries the
 * contract's own (CCB-2026-000021): two numbers for one contract. A template
 * whose first line uses it gets {{contrato.numero}} there instead (a new
 * version; contracts already issued keep their text).
 */
export const id = '0013_frozen_contracts';

export const sql = `
ALTER TABLE issued_contracts ADD COLUMN frozen jsonb;

UPDATE issued_contracts c SET frozen = jsonb_build_object(
  'amounts', jsonb_build_object(
    'amortization', o.amortization,
    'requested_amount', o.requested_amount::text,
    'principal', o.principal::text,
    'released', o.released::text,
    'iof_total', o.iof_total::text,
    'fees', o.fees,
    'fees_total', o.fees_total::text,
    'total_interest', o.total_interest::text,
    'total_payable', o.total_payable::text,
    'monthly_rate', o.monthly_rate::text,
    'yearly_rate', round(((1 + o.monthly_rate / 100) ^ 12 - 1) * 100, 2)::text,
    'cet_monthly', o.cet_monthly::text,
    'cet_yearly', o.cet_yearly::text,
    'installments_count', o.installments_count,
    'disbursement_date', o.disbursement_date::text,
    'first_due_date', o.first_due_date::text,
    'payment_method', o.payment_method
  ),
  'schedule', COALESCE((
    SELECT jsonb_agg(jsonb_build_object(
      'number', i.number,
      'due_date', i.due_date::text,
      'payment', i.payment::text,
      'interest', i.interest::text,
      'amortization', i.amortization::text,
      'balance', i.balance::text
    ) ORDER BY i.number)
    FROM credit_operation_installments i
    WHERE i.credit_operation_id = o.id
  ), '[]'::jsonb),
  'orientation_message', CASE WHEN c.kind = 'MPO' THEN o.orientation_message END
)
FROM credit_operations o
WHERE o.id = c.credit_operation_id;

ALTER TABLE issued_contracts ALTER COLUMN frozen SET NOT NULL;

UPDATE contract_templates
SET body = regexp_replace(body, '^([^\\n]*?)nº \\{\\{\\s*operacao\\.numero\\s*\\}\\}', '\\1nº {{contrato.numero}}'),
    version = version + 1,
    updated_at = now()
WHERE body ~ '^[^\\n]*nº \\{\\{\\s*operacao\\.numero\\s*\\}\\}';
`;
