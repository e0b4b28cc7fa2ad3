/**
 * An agreement's installments on its view, as collected on the business
 * date: each one's status (open, partially paid, late, paid — the server's
 * one function), what is paid and what is due today; for a person the
 * contract lets pay (`renegotiation.pay`), a pay action on an agreed
 * agreement's open installment, confirmed with the amounts (what is due by
 * part and the payment); the payments with a reversal of the last one of an
 * installment (`renegotiation.reversePayment`), confirmed with a reason. A
 * broken agreement says when, why and the balance that fell due. The down
 * payment is installment 0 ("Entrada"). Each open installment of an agreed
 * agreement has the boleto's save and view buttons of the operation's
 * installments (PdfButtons, `boleto.agreementSlip`): the slip carries the
 * installment's Pix charge code (QR and copia-e-cola) when the company chose
 * a Pix provider, and beside a printed slip the warning while its bank has
 * not confirmed the title; below the schedule, where each installment's slips
 * stand at the bank (`boleto.agreementRegistration`).
 */
import { Button, Callout, Card, FormGroup, H3, HTMLSelect, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import type { RenegotiationAgreement } from '@shared/contract/renegotiation';
import { formatCurrency, formatDate } from '@shared/format';
import { hasProfilePermission, type RoleId } from '@shared/roles';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../app/session';
import { MoneyConfirmDialog } from '@kit/MoneyConfirmDialog';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { PdfButtons } from '../servicing/boleto/BoletoButton';
import { AgreementRegistration, AgreementUnregisteredWarning } from '../servicing/boleto/BoletoRegistration';
import './renegotiation.css';
import { FieldInput, type FieldDecl } from '@kit/form/FieldInput';
import { useKitForm } from '@kit/form/useKitForm';
import type { z } from 'zod';

const PAY_ROLES = contract['renegotiation.pay'].access as readonly RoleId[];
/** The payment's amount, date and reference on the screen kit's fields (the amount typed as the language writes it). */
const paySchema = contract['renegotiation.pay'].args.pick({ amount: true, paid_on: true, reference: true });
type PayValues = z.input<typeof paySchema>;
const COMPANY_ID = 1;

type Installment = RenegotiationAgreement['collection']['installments'][number];
type Payment = RenegotiationAgreement['collection']['payments'][number];

const INTENT = { open: 'none', partially_paid: 'primary', late: 'danger', paid: 'success' } as const;

/** The payments that may be reversed: each installment's last standing payment. */
export function reversible(payments: readonly Payment[]): Set<number> {
  const last = new Map<number, Payment>();
  for (const p of payments) {
    if (p.kind !== 'payment' || p.reversed) continue;
    const seen = last.get(p.installment_id);
    if (!seen || p.paid_on > seen.paid_on || (p.paid_on === seen.paid_on && p.id > seen.id)) last.set(p.installment_id, p);
  }
  return new Set([...last.values()].map((p) => p.id));
}

export function AgreementInstallments({ agreement }: { agreement: RenegotiationAgreement }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canPay = agreement.status === 'agreed' && hasProfilePermission(user?.role_id as RoleId | undefined, PAY_ROLES);
  const banks = useApiQuery('company.banks', { id: COMPANY_ID }, { enabled: canPay });
  const pay = useApiMutation('renegotiation.pay', { invalidates: ['renegotiation.get'] });
  const reverse = useApiMutation('renegotiation.reversePayment', { invalidates: ['renegotiation.get'] });
  const c = agreement.collection;
  const [paying, setPaying] = useState<Installment | null>(null);
  const [bank, setBank] = useState('');
  const payFields: FieldDecl<PayValues>[] = [
    { name: 'amount', type: 'money', label: t('renegotiation.collect.amount'), testId: 'reneg-pay-amount' },
    { name: 'paid_on', type: 'date', label: t('renegotiation.collect.paidOn'), testId: 'reneg-pay-date' },
    { name: 'reference', type: 'text', label: t('renegotiation.collect.reference'), testId: 'reneg-pay-reference' },
  ];
  const payKit = useKitForm({ schema: paySchema, defaultValues: { amount: '', paid_on: c.as_of, reference: '' }, labels: Object.fromEntries(payFields.map((d) => [d.name, d.label])) });
  const form = payKit.form.watch();
  const [confirming, setConfirming] = useState(false);
  const [reversing, setReversing] = useState<Payment | null>(null);
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(() => newIdempotencyKey());
  const [failure, setFailure] = useState<string | null>(null);
  const activeBanks = (banks.data ?? []).filter((b) => b.active);
  // While a reversal waits for another person, no other is asked (one at a time per agreement).
  const mayReverse = c.pending_reversal ? new Set<number>() : reversible(c.payments);
  const numberOf = new Map(c.installments.map((i) => [i.id, i.number]));

  const open = (i: Installment) => {
    setFailure(null);
    setPaying(i);
    payKit.form.reset({ amount: i.due_total, paid_on: c.as_of, reference: '' });
    setBank(String(activeBanks[0]?.id ?? ''));
    setKey(newIdempotencyKey());
  };

  const confirmPay = async () => {
    if (!paying) return;
    try {
      const parsed = paySchema.parse(form);
      await pay.mutateAsync({ id: agreement.id, idempotency_key: key, installment_id: paying.id, ...parsed, reference: parsed.reference || undefined, bank_account_id: Number(bank) });
      setPaying(null);
    } catch (error) {
      setFailure(errorText(error, t));
    }
    setConfirming(false);
    setKey(newIdempotencyKey());
  };

  const confirmReverse = async () => {
    if (!reversing) return;
    try {
      await reverse.mutateAsync({ id: agreement.id, payment_id: reversing.id, idempotency_key: key, reason });
    } catch (error) {
      setFailure(errorText(error, t));
    }
    setReversing(null);
    setReason('');
    setKey(newIdempotencyKey());
  };

  return (
    <Card data-testid="reneg-collect">
      <H3>{t('renegotiation.collect.title')}</H3>
      {c.broken && (
        <Callout intent="danger" data-testid="reneg-broken">
          {t('renegotiation.collect.broken', { date: formatDate(c.broken.broken_on), reason: c.broken.reason, remaining: formatCurrency(c.broken.remaining) })}
        </Callout>
      )}
      {agreement.status === 'agreed' && <p>{t('renegotiation.collect.noBoleto')}</p>}
      <p data-testid="reneg-collect-totals">
        {t('renegotiation.collect.totals', {
          paid: formatCurrency(c.value_paid),
          open: formatCurrency(c.value_open),
          total: formatCurrency(new Decimal(agreement.total_payable).plus(agreement.down_payment).toFixed(2)),
          charges: formatCurrency(c.charges_paid),
        })}
      </p>
      <HTMLTable compact striped data-testid="reneg-agreement-schedule">
        <thead>
          <tr>
            <th>{t('renegotiation.collect.columns.number')}</th>
            <th>{t('renegotiation.collect.columns.dueDate')}</th>
            <th className="numeric">{t('renegotiation.collect.columns.payment')}</th>
            <th>{t('renegotiation.collect.columns.status')}</th>
            <th>{t('renegotiation.collect.columns.daysLate')}</th>
            <th className="numeric">{t('renegotiation.collect.columns.paid')}</th>
            <th className="numeric">{t('renegotiation.collect.columns.due')}</th>
            {(agreement.status === 'agreed' || canPay) && <th>{t('renegotiation.collect.columns.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {c.installments.map((i) => (
            <tr key={i.id} data-testid={`reneg-inst-${i.number}`}>
              <td>{i.number === 0 ? t('renegotiation.collect.entry') : i.number}</td>
              <td>{i.due_now === i.due_date ? formatDate(i.due_date) : `${formatDate(i.due_now)} (${formatDate(i.due_date)})`}</td>
              <td className="numeric">{formatCurrency(i.payment)}</td>
              <td>
                <Tag intent={INTENT[i.status]} data-testid={`reneg-inst-status-${i.number}`} data-status={i.status}>
                  {t(`renegotiation.collect.status.${i.status}`)}
                </Tag>
              </td>
              <td>{i.days_late}</td>
              <td className="numeric">{formatCurrency(i.paid)}</td>
              <td className="numeric">{formatCurrency(i.due_total)}</td>
              {(agreement.status === 'agreed' || canPay) && (
                // The slip's buttons and the payment's share one cell that wraps: side by side they ran past the card at 1024 px.
                <td>
                  {i.status !== 'paid' && (
                    <div className="reneg-row-actions">
                      {agreement.status === 'agreed' && (
                        <PdfButtons
                          name="boleto.agreementSlip"
                          args={{ x: i.id }}
                          labels={{ download: t('boleto.download'), view: t('boleto.view'), title: t('boleto.viewTitle') }}
                          testId={`reneg-boleto-${i.number}`}
                          small
                          notice={<AgreementUnregisteredWarning agreementId={agreement.id} installmentId={i.id} />}
                        />
                      )}
                      {canPay && <Button small text={t('renegotiation.collect.pay')} onClick={() => open(i)} data-testid={`reneg-pay-${i.number}`} />}
                    </div>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {agreement.status === 'agreed' && (
        <AgreementRegistration agreementId={agreement.id} numberOf={numberOf} labelOf={(n) => (n === 0 ? t('renegotiation.collect.entry') : String(n))} />
      )}
      {paying && (
        <Card data-testid="reneg-pay-form">
          <H3>{t('renegotiation.collect.payTitle', { number: paying.number })}</H3>
          {payFields.slice(0, 2).map((decl) => (
            <FieldInput key={decl.name} control={payKit.form.control} decl={decl} testId={decl.testId ?? decl.name} />
          ))}
          <FormGroup label={t('renegotiation.collect.bank')} labelFor="reneg-pay-bank">
            <HTMLSelect id="reneg-pay-bank" value={bank} onChange={(e) => setBank(e.target.value)} data-testid="reneg-pay-bank">
              {activeBanks.map((b) => (
                <option key={b.id} value={String(b.id)}>
                  {`${b.bank_code} ${b.agency}/${b.account}`}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FieldInput control={payKit.form.control} decl={payFields[2]} testId="reneg-pay-reference" />
          <Button intent="primary" text={t('renegotiation.collect.confirm')} onClick={() => void payKit.form.handleSubmit(() => setConfirming(true))()} disabled={!bank} data-testid="reneg-pay-submit" />{' '}
          <Button text={t('common.cancel')} onClick={() => setPaying(null)} />
        </Card>
      )}
      {failure && (
        <Callout intent="danger" data-testid="reneg-collect-error">
          {failure}
        </Callout>
      )}
      {c.payments.length > 0 && (
        <>
          <H3>{t('renegotiation.collect.payments')}</H3>
          <HTMLTable compact striped data-testid="reneg-payments">
            <thead>
              <tr>
                <th>{t('renegotiation.collect.paymentColumns.number')}</th>
                <th>{t('renegotiation.collect.paymentColumns.paidOn')}</th>
                <th className="numeric">{t('renegotiation.collect.paymentColumns.amount')}</th>
                <th className="numeric">{t('renegotiation.collect.paymentColumns.charges')}</th>
                <th className="numeric">{t('renegotiation.collect.paymentColumns.interest')}</th>
                <th className="numeric">{t('renegotiation.collect.paymentColumns.principal')}</th>
                <th>{t('renegotiation.collect.paymentColumns.state')}</th>
              </tr>
            </thead>
            <tbody>
              {c.payments.map((p) => (
                <tr key={p.id} data-testid={`reneg-payment-${p.id}`}>
                  <td>{numberOf.get(p.installment_id) ?? p.number}</td>
                  <td>{formatDate(p.paid_on)}</td>
                  <td className="numeric">{formatCurrency(p.amount)}</td>
                  <td className="numeric">{formatCurrency(new Decimal(p.late_fee).plus(p.default_interest).toFixed(2))}</td>
                  <td className="numeric">{formatCurrency(p.interest)}</td>
                  <td className="numeric">{formatCurrency(p.principal)}</td>
                  <td>
                    {p.kind === 'reversal' ? t('renegotiation.collect.reversal') : p.reversed ? t('renegotiation.collect.reversed') : t('renegotiation.collect.standing')}
                    <PaymentOrigin payment={p} />
                    {canPay && mayReverse.has(p.id) && (
                      <>
                        {' '}
                        <Button small intent="danger" minimal text={t('renegotiation.collect.reverse')} onClick={() => setReversing(p)} data-testid={`reneg-reverse-${p.id}`} />
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
      {confirming && paying && (
        <MoneyConfirmDialog
          title={t('renegotiation.collect.payTitle', { number: paying.number })}
          consequence={t('renegotiation.collect.payText')}
          rows={[
            { label: t('renegotiation.collect.dueLateCharges'), amount: paying.due_late_charges, id: 'charges' },
            { label: t('renegotiation.collect.dueInterest'), amount: paying.due_interest, id: 'interest' },
            { label: t('renegotiation.collect.duePrincipal'), amount: paying.due_principal, id: 'principal' },
            { label: t('renegotiation.collect.dueTotal'), amount: paying.due_total, id: 'due' },
            { label: t('renegotiation.collect.payAmount'), amount: form.amount ?? '', strong: true, id: 'amount' },
          ]}
          amountsTestId="reneg-pay-amounts"
          intent="primary"
          confirmText={t('renegotiation.collect.confirm')}
          confirmTestId="reneg-pay-confirm"
          busy={pay.isPending}
          onConfirm={confirmPay}
          onClose={() => setConfirming(false)}
        />
      )}
      {reversing && (
        <MoneyConfirmDialog
          title={t('renegotiation.collect.reverseTitle', { amount: formatCurrency(reversing.amount) })}
          consequence={t('renegotiation.collect.reverseText')}
          rows={[{ label: t('renegotiation.collect.payAmount'), amount: reversing.amount, strong: true, id: 'amount' }]}
          amountsTestId="reneg-reverse-amounts"
          intent="danger"
          confirmText={t('renegotiation.collect.reverse')}
          confirmTestId="reneg-reverse-confirm"
          confirmDisabled={reason.trim().length < 3}
          busy={reverse.isPending}
          onConfirm={confirmReverse}
          onClose={() => setReversing(null)}
        >
          <FormGroup label={t('renegotiation.collect.reverseReason')} labelFor="reneg-reverse-reason">
            <InputGroup id="reneg-reverse-reason" value={reason} onChange={(e) => setReason(e.target.value)} data-testid="reneg-reverse-reason" />
          </FormGroup>
        </MoneyConfirmDialog>
      )}
    </Card>
  );
}

/**
 * Where a payment's money came from when it is not simply the bank's credit: a suspense item applied (its reversal
 * gives the money back to suspense) and what the settlement tolerance posted to rounding differences.
 */
function PaymentOrigin({ payment }: { payment: RenegotiationAgreement['collection']['payments'][number] }) {
  const { t } = useTranslation();
  const rounding = new Decimal(payment.rounding_difference);
  return (
    <>
      {payment.from_suspense && (
        <Tag minimal className="reneg-payment-note" data-testid={`reneg-payment-suspense-${payment.id}`}>
          {t('renegotiation.collect.fromSuspense')}
        </Tag>
      )}
      {!rounding.isZero() && (
        <Tag minimal className="reneg-payment-note" data-testid={`reneg-payment-rounding-${payment.id}`}>
          {t(rounding.isPositive() ? 'renegotiation.collect.roundingShort' : 'renegotiation.collect.roundingOver', { amount: formatCurrency(rounding.abs().toFixed(2)) })}
        </Tag>
      )}
    </>
  );
}
