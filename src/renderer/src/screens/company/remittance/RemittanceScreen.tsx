/**
 * A bank's CNAB 240 remittances (/app/company-operation/banks/:bankCode/remessa):
 * pick the company's account of that bank and the cut-off date, see what the
 * next file carries with its totals (remittance.overview), generate it behind
 * a confirmation that states the amounts (remittance.generate, one
 * idempotency key per confirmed intent), and the account's files with a
 * download that saves the stored bytes again (remittance.file, written to
 * disk by the main process) beside its report (PDF, Excel). Declarations on the kit: RecordsTable columns
 * and MoneyConfirmDialog rows.
 */
import { Button, Callout, FormGroup, HTMLSelect, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import type { RemittanceBankCode, RemittanceCandidate, RemittanceSummary } from '@shared/contract/company-remittance';
import { formatCurrency, formatDate } from '@shared/format';
import { errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { COMPANY_ID } from '../../../app/company';
import { MoneyConfirmDialog } from '@kit/MoneyConfirmDialog';
import { RecordsTable } from '@kit/RecordsTable';
import type { Translate } from '@kit/list/columns';
import { RoleGate } from '@kit/RoleGate';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { RemittanceFileButtons, useRemittanceFiles } from './RemittanceFileActions';
import { DateTextInput } from '@kit/form/DateTextInput';
import { isIsoDay } from '@kit/form/localeText';

type PendingRow = RemittanceCandidate & { id: number };

/** The instruction in words: a baixa with its reason, a resend with the bank's rejection (date and reasons). */
function instructionText(r: RemittanceCandidate, tr: Translate): string {
  const instruction = tr(`remittance.instructions.${r.instruction}`);
  if (r.reason) return `${instruction} (${tr(`remittance.reasons.${r.reason}`)})`;
  if (r.resend) {
    const reasons = r.resend.reasons.map((x) => `${x.code} ${x.words}`).join('; ') || r.resend.movement;
    return `${instruction} — ${tr('remittance.resend', { date: r.resend.occurred_on ? formatDate(r.resend.occurred_on) : r.resend.imported_on, reasons })}`;
  }
  return instruction;
}

export function RemittanceScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const bankCode = useParams().bankCode ?? '';
  // The route's code as the contract types it; another code is answered by the server with a 400 naming bankCode.
  const bank = bankCode as RemittanceBankCode;
  const banks = useApiQuery('company.banks', { id: COMPANY_ID });
  // Active accounts first; an inactive one stays listed: a title it registered still gets its baixa there (one bank per title).
  const accounts = (banks.data ?? []).filter((b) => b.bank_code === bankCode).sort((a, b) => Number(b.active) - Number(a.active));
  const [accountId, setAccountId] = useState<number | null>(null);
  const [date, setDate] = useState('');
  const account = accountId ?? accounts[0]?.id ?? null;
  const overview = useApiQuery(
    'remittance.overview',
    { bankCode: bank, ...(date ? { date } : {}), ...(account !== null ? { bank_account_id: account } : {}) },
    { enabled: account !== null },
  );
  const generate = useApiMutation('remittance.generate', { invalidates: ['remittance.overview'] });
  const [confirming, setConfirming] = useState<string | null>(null);
  const files = useRemittanceFiles(bank);
  const saved = files.saved;

  const data = overview.data;
  const pending = data?.pending;
  const rows: PendingRow[] = (pending?.items ?? []).map((i) => ({ ...i, id: i.boleto_slip_id }));

  return (
    <div className="company-remittance" data-testid="remittance">
      <h2>{t('remittance.title', { bank: bankCode })}</h2>
      <p className="bp6-text-muted">
        {t('remittance.intro')} <Link to={`/app/company-operation/cnab-integration/${bankCode}`} data-testid="remittance-import-return">{t('remittance.importReturn')}</Link>
      </p>
      {banks.data && accounts.length === 0 ? (
        <NonIdealState icon="bank-account" description={t('remittance.noAccount')} />
      ) : (
        <>
          <div className="company-remittance-pick">
            <FormGroup label={t('remittance.account')} labelFor="remittance-account">
              <HTMLSelect
                id="remittance-account"
                data-testid="remittance-account"
                value={account ?? ''}
                onChange={(e) => setAccountId(Number(e.currentTarget.value))}
                options={accounts.map((a) => {
                  const label = `${a.agency} / ${a.account}${a.account_digit ? `-${a.account_digit}` : ''}`;
                  return { value: a.id, label: a.active ? label : t('remittance.inactiveAccount', { account: label }) };
                })}
              />
            </FormGroup>
            <FormGroup label={t('remittance.date')} labelFor="remittance-date">
              <DateTextInput id="remittance-date" value={date || data?.date || ''} onChange={(v) => isIsoDay(v) && setDate(v)} />
            </FormGroup>
          </div>
          {overview.error && <Callout intent="danger">{errorText(overview.error, t)}</Callout>}
          {saved && (
            <Callout intent="success" icon="tick" data-testid="remittance-saved" className="export-result">
              {t(saved.report ? 'remittance.reportSaved' : 'remittance.saved', { path: saved.path })}
            </Callout>
          )}
          {!data && !overview.error && account !== null && <Spinner />}
          {data && pending && (
            <>
              <h3>{t('remittance.pendingTitle', { nsa: data.next_nsa })}</h3>
              <p data-testid="remittance-totals">
                {pending.slip_count === 0
                  ? t('remittance.nothing')
                  : t('remittance.totals', {
                      entries: pending.entry_count,
                      entryTotal: formatCurrency(pending.entry_total),
                      writeOffs: pending.write_off_count,
                      writeOffTotal: formatCurrency(pending.write_off_total),
                      total: formatCurrency(pending.total),
                    })}
              </p>
              <RecordsTable<PendingRow>
                testId="remittance-pending"
                loading={overview.isFetching && !data}
                rows={rows}
                columns={[
                  { id: 'reference', title: 'remittance.columns.reference', width: 130, kind: 'identifier', field: 'reference' },
                  {
                    id: 'instruction',
                    title: 'remittance.columns.instruction',
                    width: 150,
                    text: (r, tr) => instructionText(r, tr),
                  },
                  { id: 'our_number', title: 'remittance.columns.ourNumber', width: 150, kind: 'identifier', field: 'our_number' },
                  { id: 'payer', title: 'remittance.columns.payer', width: 200, field: 'payer_name' },
                  { id: 'due_date', title: 'remittance.columns.dueDate', width: 100, kind: 'date', text: (r) => formatDate(r.due_date) },
                  { id: 'amount', title: 'remittance.columns.amount', width: 110, kind: 'money', field: 'amount' },
                ]}
              />
              {data.held_back.length > 0 && (
                <Callout intent="primary" icon="time" title={t('remittance.heldBackTitle')} data-testid="remittance-held-back">
                  <ul>
                    {data.held_back.map((h) => (
                      <li key={h.boleto_slip_id} data-testid={`remittance-held-${h.installment_id}`}>
                        {t('remittance.heldBack', { reference: h.reference, payer: h.payer_name, bank: h.held_at.bank_code, ourNumber: h.held_at.our_number })}
                      </li>
                    ))}
                  </ul>
                </Callout>
              )}
              <RoleGate roles={contract['remittance.generate'].access}>
                <Button intent="primary" icon="export" data-testid="remittance-generate" disabled={pending.slip_count === 0} onClick={() => setConfirming(newIdempotencyKey())}>
                  {t('remittance.generate')}
                </Button>
              </RoleGate>
              {confirming && account !== null && (
                <MoneyConfirmDialog
                  title={t('remittance.confirmTitle', { nsa: data.next_nsa })}
                  consequence={t('remittance.confirmConsequence')}
                  amountsTestId="remittance-confirm-amounts"
                  rows={[
                    { label: t('remittance.confirmEntries', { count: pending.entry_count }), amount: pending.entry_total, id: 'entries' },
                    { label: t('remittance.confirmWriteOffs', { count: pending.write_off_count }), amount: pending.write_off_total, id: 'writeOffs' },
                    { label: t('remittance.confirmTotal'), amount: pending.total, strong: true, id: 'total' },
                  ]}
                  confirmText={t('remittance.confirm')}
                  busyText={t('remittance.generating')}
                  confirmTestId="remittance-confirm"
                  busy={generate.isPending}
                  onConfirm={async () => {
                    try {
                      const summary = await generate.mutateAsync({ bankCode: bank, date: data.date, bank_account_id: account, idempotency_key: confirming });
                      setConfirming(null);
                      await files.run({ id: summary.id, what: 'file' });
                    } catch (error) {
                      toast.failure(errorText(error, t));
                    }
                  }}
                  onClose={() => setConfirming(null)}
                />
              )}
              <h3>{t('remittance.historyTitle')}</h3>
              <RecordsTable<RemittanceSummary>
                testId="remittance-history"
                loading={false}
                rows={data.history}
                columns={[
                  { id: 'nsa', title: 'remittance.columns.nsa', width: 60, kind: 'integer', field: 'nsa' },
                  { id: 'generated_on', title: 'remittance.columns.generatedOn', width: 100, kind: 'date', text: (r) => formatDate(r.generated_on) },
                  { id: 'cutoff', title: 'remittance.columns.cutoff', width: 100, kind: 'date', text: (r) => formatDate(r.cutoff_date) },
                  { id: 'slips', title: 'remittance.columns.slips', width: 70, kind: 'integer', field: 'slip_count' },
                  { id: 'total', title: 'remittance.columns.total', width: 110, kind: 'money', field: 'total' },
                  { id: 'actor', title: 'remittance.columns.actor', width: 140, text: (r) => r.actor_name ?? '' },
                  { id: 'file', title: 'remittance.columns.file', width: 150, kind: 'identifier', field: 'file_name' },
                ]}
                actions={{
                  title: t('remittance.actions'),
                  render: (r) => <RemittanceFileButtons id={r.id} files={files} />,
                }}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}
