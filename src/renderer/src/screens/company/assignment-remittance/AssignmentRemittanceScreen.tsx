/**
 * An assignee bank's assignment remittances
 * (/app/company-operation/banks/:bankCode/assignment-remittances): pick the
 * assignee account of that bank and the cession date, see the cessions and
 * installments the file will carry with their totals
 * (assignmentRemittance.overview), generate the CNAB 444 file behind a
 * confirmation that states the amounts — and, when a file of that day exists,
 * a first question whether to generate another (numbered next) — and the
 * account's files, each downloaded again byte for byte
 * (assignmentRemittance.file, saved to disk by the main process).
 */
import { Button, Callout, FormGroup, HTMLSelect, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import type { AssignmentRemittanceCession, AssignmentRemittanceItem, AssignmentRemittanceSummary } from '@shared/contract/company-assignment-remittance';
import { formatCurrency, formatDate } from '@shared/format';
import { bridge } from '../../../api/client';
import { ApiError, errorText } from '../../../api/errors';
import { useApiMutation, useApiQuery } from '../../../api/hooks';
import { useToast } from '../../../app/toaster';
import { COMPANY_ID } from '../../../app/company';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { MoneyConfirmDialog } from '@kit/MoneyConfirmDialog';
import { RecordsTable } from '@kit/RecordsTable';
import { RoleGate } from '@kit/RoleGate';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { AssigneeStatementPanel } from './AssigneeStatementPanel';
import { CustodianReturnPanel } from './CustodianReturnPanel';
import { DateTextInput } from '@kit/form/DateTextInput';
import { isIsoDay } from '@kit/form/localeText';

type ItemRow = AssignmentRemittanceItem & { id: number };
type CessionRow = AssignmentRemittanceCession & { id: number };
/** Where generating stands: asking whether to make another file of the day, or confirming the amounts (again: a further file). */
type Step = { kind: 'another' } | { kind: 'confirm'; key: string; again: boolean };

function useFileDownload() {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const run = async (bankCode: string, id: number) => {
    setBusy(id);
    try {
      const result = await bridge().files.download('assignmentRemittance.file', { bankCode, remittanceId: id }, {});
      if (result.error) toast.failure(errorText(new ApiError(result), t));
      else if (result.data) setSaved(result.data.path);
    } catch {
      toast.failure();
    } finally {
      setBusy(null);
    }
  };
  return { busy, saved, run };
}

export function AssignmentRemittanceScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const bankCode = useParams().bankCode ?? '';
  const list = useApiQuery('company.assignmentAccounts', { id: COMPANY_ID });
  const accounts = (list.data ?? []).filter((a) => a.bank_code === bankCode && a.active);
  const [accountId, setAccountId] = useState<number | null>(null);
  const [date, setDate] = useState('');
  const account = accountId ?? accounts[0]?.id ?? null;
  const overview = useApiQuery(
    'assignmentRemittance.overview',
    { bankCode, ...(date ? { date } : {}), ...(account !== null ? { assignment_account_id: account } : {}) },
    { enabled: account !== null },
  );
  const generate = useApiMutation('assignmentRemittance.generate', { invalidates: ['assignmentRemittance.overview'] });
  const [step, setStep] = useState<Step | null>(null);
  const files = useFileDownload();

  const data = overview.data;
  const pending = data?.pending;
  const items: ItemRow[] = (pending?.items ?? []).map((i) => ({ ...i, id: i.cession_item_id }));
  const cessions: CessionRow[] = (pending?.cessions ?? []).map((c) => ({ ...c, id: c.cession_id }));

  const start = () => {
    if (data && data.generated_for_date > 0) setStep({ kind: 'another' });
    else setStep({ kind: 'confirm', key: newIdempotencyKey(), again: false });
  };

  return (
    <div className="company-remittance" data-testid="assignment-remittance">
      <h2>{t('assignmentRemittance.title', { bank: bankCode })}</h2>
      <p className="bp6-text-muted">{t('assignmentRemittance.intro')}</p>
      {list.data && accounts.length === 0 ? (
        <NonIdealState icon="bank-account" description={t('assignmentRemittance.noAccount')} />
      ) : (
        <>
          <div className="company-remittance-pick">
            <FormGroup label={t('assignmentRemittance.account')} labelFor="assignment-remittance-account">
              <HTMLSelect
                id="assignment-remittance-account"
                data-testid="assignment-remittance-account"
                value={account ?? ''}
                onChange={(e) => setAccountId(Number(e.currentTarget.value))}
                options={accounts.map((a) => ({ value: a.id, label: `${a.assignee_name} — ${a.agency} / ${a.account}${a.account_digit ? `-${a.account_digit}` : ''}` }))}
              />
            </FormGroup>
            <FormGroup label={t('assignmentRemittance.date')} labelFor="assignment-remittance-date">
              <DateTextInput id="assignment-remittance-date" value={date || data?.date || ''} onChange={(v) => isIsoDay(v) && setDate(v)} />
            </FormGroup>
          </div>
          {overview.error && <Callout intent="danger">{errorText(overview.error, t)}</Callout>}
          {files.saved && (
            <Callout intent="success" icon="tick" data-testid="assignment-remittance-saved" className="export-result">
              {t('assignmentRemittance.saved', { path: files.saved })}
            </Callout>
          )}
          {!data && !overview.error && account !== null && <Spinner />}
          {data && pending && (
            <>
              <h3>{t('assignmentRemittance.pendingTitle', { number: data.next_number })}</h3>
              <p data-testid="assignment-remittance-totals">
                {pending.installment_count === 0
                  ? t('assignmentRemittance.nothing')
                  : t('assignmentRemittance.totals', {
                      cessions: pending.cession_count,
                      installments: pending.installment_count,
                      face: formatCurrency(pending.face_value),
                      present: formatCurrency(pending.present_value),
                    })}
              </p>
              {data.generated_for_date > 0 && (
                <Callout intent="warning" data-testid="assignment-remittance-already">
                  {t('assignmentRemittance.already', { count: data.generated_for_date })}
                </Callout>
              )}
              <h4>{t('assignmentRemittance.cessionsTitle')}</h4>
              <RecordsTable<CessionRow>
                testId="assignment-remittance-cessions"
                loading={false}
                rows={cessions}
                columns={[
                  { id: 'number', title: 'assignmentRemittance.columns.cession', width: 90, kind: 'integer', field: 'number' },
                  { id: 'date', title: 'assignmentRemittance.columns.cessionDate', width: 110, kind: 'date', text: (r) => formatDate(r.cession_date) },
                  { id: 'count', title: 'assignmentRemittance.columns.installments', width: 90, kind: 'integer', field: 'installment_count' },
                  { id: 'face', title: 'assignmentRemittance.columns.faceValue', width: 120, kind: 'money', field: 'face_value' },
                  { id: 'present', title: 'assignmentRemittance.columns.presentValue', width: 120, kind: 'money', field: 'present_value' },
                ]}
              />
              <h4>{t('assignmentRemittance.itemsTitle')}</h4>
              <RecordsTable<ItemRow>
                testId="assignment-remittance-items"
                loading={overview.isFetching && !data}
                rows={items}
                columns={[
                  { id: 'reference', title: 'assignmentRemittance.columns.reference', width: 130, kind: 'identifier', field: 'reference' },
                  { id: 'cession', title: 'assignmentRemittance.columns.cession', width: 80, kind: 'integer', field: 'cession_number' },
                  { id: 'borrower', title: 'assignmentRemittance.columns.borrower', width: 200, field: 'borrower_name' },
                  { id: 'due_date', title: 'assignmentRemittance.columns.dueDate', width: 100, kind: 'date', text: (r) => formatDate(r.due_date) },
                  { id: 'face', title: 'assignmentRemittance.columns.faceValue', width: 110, kind: 'money', field: 'face_value' },
                  { id: 'present', title: 'assignmentRemittance.columns.presentValue', width: 110, kind: 'money', field: 'present_value' },
                ]}
              />
              <RoleGate roles={contract['assignmentRemittance.generate'].access}>
                <Button intent="primary" icon="export" data-testid="assignment-remittance-generate" disabled={pending.installment_count === 0} onClick={start}>
                  {t('assignmentRemittance.generate')}
                </Button>
              </RoleGate>
              <ConfirmDialog
                isOpen={step?.kind === 'another'}
                title={t('assignmentRemittance.anotherTitle')}
                confirmText={t('assignmentRemittance.anotherConfirm')}
                intent="warning"
                onConfirm={() => setStep({ kind: 'confirm', key: newIdempotencyKey(), again: true })}
                onClose={() => setStep(null)}
              >
                <p data-testid="assignment-remittance-another">{t('assignmentRemittance.anotherText', { count: data.generated_for_date, next: data.generated_for_date + 1 })}</p>
              </ConfirmDialog>
              {step?.kind === 'confirm' && account !== null && (
                <MoneyConfirmDialog
                  title={t('assignmentRemittance.confirmTitle', { number: data.next_number })}
                  consequence={t('assignmentRemittance.confirmConsequence', { date: formatDate(data.date) })}
                  amountsTestId="assignment-remittance-confirm-amounts"
                  rows={[
                    { label: t('assignmentRemittance.confirmFace', { count: pending.installment_count }), amount: pending.face_value, id: 'face' },
                    { label: t('assignmentRemittance.confirmPresent'), amount: pending.present_value, strong: true, id: 'present' },
                  ]}
                  confirmText={t('assignmentRemittance.confirm')}
                  busyText={t('assignmentRemittance.generating')}
                  confirmTestId="assignment-remittance-confirm"
                  busy={generate.isPending}
                  onConfirm={async () => {
                    try {
                      const summary = await generate.mutateAsync({ bankCode, date: data.date, assignment_account_id: account, again: step.again, idempotency_key: step.key });
                      setStep(null);
                      await files.run(bankCode, summary.id);
                    } catch (error) {
                      toast.failure(errorText(error, t));
                    }
                  }}
                  onClose={() => setStep(null)}
                />
              )}
              <h3>{t('assignmentRemittance.historyTitle')}</h3>
              <RecordsTable<AssignmentRemittanceSummary>
                testId="assignment-remittance-history"
                loading={false}
                rows={data.history}
                columns={[
                  { id: 'number', title: 'assignmentRemittance.columns.number', width: 70, kind: 'integer', field: 'number' },
                  { id: 'cession_date', title: 'assignmentRemittance.columns.cessionDate', width: 110, kind: 'date', text: (r) => formatDate(r.cession_date) },
                  { id: 'day_sequence', title: 'assignmentRemittance.columns.daySequence', width: 80, kind: 'integer', field: 'day_sequence' },
                  { id: 'generated_on', title: 'assignmentRemittance.columns.generatedOn', width: 100, kind: 'date', text: (r) => formatDate(r.generated_on) },
                  { id: 'installments', title: 'assignmentRemittance.columns.installments', width: 80, kind: 'integer', field: 'installment_count' },
                  { id: 'face', title: 'assignmentRemittance.columns.faceValue', width: 110, kind: 'money', field: 'face_value' },
                  { id: 'present', title: 'assignmentRemittance.columns.presentValue', width: 110, kind: 'money', field: 'present_value' },
                  { id: 'actor', title: 'assignmentRemittance.columns.actor', width: 140, text: (r) => r.actor_name ?? '' },
                  { id: 'file', title: 'assignmentRemittance.columns.file', width: 130, kind: 'identifier', field: 'file_name' },
                ]}
                actions={{
                  title: t('assignmentRemittance.actions'),
                  render: (r) => (
                    <Button small icon="download" loading={files.busy === r.id} data-testid={`assignment-remittance-download-${r.id}`} onClick={() => void files.run(bankCode, r.id)}>
                      {t('assignmentRemittance.download')}
                    </Button>
                  ),
                }}
              />
              {account !== null && <CustodianReturnPanel key={`custodian-${account}`} bankCode={bankCode} accountId={account} />}
              {account !== null && <AssigneeStatementPanel key={account} accountId={account} today={data.date} />}
            </>
          )}
        </>
      )}
    </div>
  );
}
