/**
 * The borrower's other tabs: bank accounts (create / change, the payout
 * account marked), guarantors (read-only: who signs the CCB), other
 * information (POST the first time, PUT afterwards), the borrower's own
 * limits beside the company's, the simulations of the borrower's person, the
 * risk classification as the server computes it, and the credit operations
 * (each opening its analysis; "Nova operação" starts one for this borrower).
 */
import { Button, Card, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { contract, type CreditOperationSummary } from '@shared/contract';
import type { Borrower, BorrowerBankAccount, Guarantor, RiskClassification } from '@shared/contract/borrowers';
import type { ResultOf } from '@shared/contract';

type OtherInformation = ResultOf<'borrowers.otherInformation'>;
import { formatCurrency, formatDate, formatInteger, formatRate } from '@shared/format';
import { riskRatingReasonOf, riskStageReasonOf, type RiskFacts, type RiskReason } from '@shared/risk-classification';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { FormScreen, useFormScreen } from '@kit/form/FormScreen';
import { COMPANY_ID } from '../../app/company';
import { asText, formSchema, rateText } from '@kit/form/formSchema';
import { monthText, type RecordFormSchema } from '@kit/form/recordFields';
import { RecordsPanel } from '@kit/RecordsPanel';
import { RecordsTable } from '@kit/RecordsTable';
import { simulationColumns } from '../simulations/columns';
import { BORROWER_INVALIDATES } from './BorrowerForms';
import { accountText, type BankInput, borrowerBankForm } from './bankForm';

const text = (v: string | null | undefined) => v ?? '';
const staleOf = (q: { stale: boolean; cachedAt?: string }) => (q.stale ? (q.cachedAt ?? '') : null);

/* ---------- bank accounts ---------- */

export function BankAccountsTab({ borrower, loading, staleSince }: { borrower: Borrower; loading: boolean; staleSince: string | null }) {
  const { t } = useTranslation();
  const create = useApiMutation('borrowers.createBank', { invalidates: BORROWER_INVALIDATES });
  const update = useApiMutation('borrowers.updateBank', { invalidates: BORROWER_INVALIDATES });
  const form = borrowerBankForm.panel(t);
  return (
    <RecordsPanel<BorrowerBankAccount, RecordFormSchema<BankInput>>
      decl={{
        testId: 'borrower-bank',
        texts: 'borrowers.bank',
        intro: t('borrowers.bank.intro'),
        ...form,
        // The first account is the payout account unless said otherwise.
        empty: { ...form.empty, is_payout: borrower.bank_accounts.length === 0 },
        rows: borrower.bank_accounts,
        loading,
        error: null,
        staleSince,
        create: (v) => create.mutateAsync({ ...v, borrower_id: borrower.id }),
        update: (a, v) => update.mutateAsync({ ...v, borrower_id: borrower.id, id: a.id }),
        describe: (a) => ({ account: accountText(a) }),
        canEdit: true,
      }}
    />
  );
}

/* ---------- guarantors ---------- */

export function GuarantorsTab({ borrowerId }: { borrowerId: number }) {
  const { t } = useTranslation();
  const query = useApiQuery('borrowers.guarantors', { id: borrowerId });
  // A joint debtor and a shareholder may share an id: the table numbers the rows itself.
  const rows = query.data?.map((g, i) => ({ ...g, id: i + 1 }));
  return (
    <div className="screen" data-testid="borrower-guarantors">
      <p className="bp6-text-muted borrower-intro">{t('borrowers.guarantors.intro')}</p>
      <RecordsTable<Guarantor & { id: number }>
        testId="borrower-guarantors-table"
        columns={[
          { id: 'name', title: 'borrowers.guarantors.columns.name', width: 220, field: 'name' },
          { id: 'document', title: 'borrowers.guarantors.columns.document', width: 160, kind: 'document', field: 'document' },
          { id: 'source', title: 'borrowers.guarantors.columns.source', width: 150, text: (g, tr) => tr(`borrowers.guarantors.source.${g.source}`) },
          { id: 'relationship', title: 'borrowers.guarantors.columns.relationship', width: 160, field: 'relationship' },
        ]}
        rows={rows}
        loading={query.isFetching && !query.data}
        error={query.error ? errorText(query.error, t) : null}
        staleSince={staleOf(query)}
      />
    </div>
  );
}

/* ---------- other information ---------- */

const otherSchema = formSchema(contract['borrowers.updateOtherInformation'].args, {
  nullIfEmpty: ['years_in_business'],
});

function otherValues(o: OtherInformation) {
  return {
    borrower_id: o.borrower_id,
    years_in_business: asText(o.years_in_business) as unknown as number,
    has_other_loans: o.has_other_loans,
    other_loans_description: text(o.other_loans_description),
    references_text: text(o.references_text),
    notes: text(o.notes),
  };
}

export function OtherInformationTab({ borrowerId }: { borrowerId: number }) {
  const { t } = useTranslation();
  const query = useApiQuery('borrowers.otherInformation', { id: borrowerId });
  const create = useApiMutation('borrowers.createOtherInformation', { invalidates: ['borrowers.otherInformation'] });
  const update = useApiMutation('borrowers.updateOtherInformation', { invalidates: ['borrowers.otherInformation'] });
  const f = (key: string) => t(`borrowers.other.fields.${key}`);
  const screen = useFormScreen({
    testId: 'borrower-other',
    schema: otherSchema,
    defaultValues: { borrower_id: borrowerId, has_other_loans: false },
    load: { data: query.data, isLoading: query.isLoading, error: query.error, stale: query.stale, cachedAt: query.cachedAt },
    toValues: otherValues,
    savedText: t('borrowers.other.saved'),
    sections: [
      {
        id: 'other',
        fields: [
          { name: 'years_in_business', type: 'number', label: f('years_in_business') },
          { name: 'has_other_loans', type: 'switch', label: f('has_other_loans') },
          { name: 'other_loans_description', type: 'textarea', label: f('other_loans_description'), rows: 3 },
          { name: 'references_text', type: 'textarea', label: f('references_text'), rows: 3 },
          { name: 'notes', type: 'textarea', label: f('notes'), rows: 4 },
        ],
      },
    ],
    // Never saved (no updated_at): POST creates it; afterwards PUT changes it.
    save: (values) => (query.data?.updated_at ? update : create).mutateAsync({ ...values, borrower_id: borrowerId }),
  });
  return <FormScreen screen={screen} />;
}

/* ---------- parameters ---------- */

const parametersSchema = formSchema(contract['borrowers.updateParameters'].args, {
  percents: ['min_monthly_rate', 'max_monthly_rate'],
  nullIfEmpty: ['min_monthly_rate', 'max_monthly_rate', 'max_installments', 'max_value', 'tac'],
});

export function ParametersTab({ borrowerId }: { borrowerId: number }) {
  const { t } = useTranslation();
  const query = useApiQuery('borrowers.parameters', { id: borrowerId });
  const company = useApiQuery('company.parameters', { id: COMPANY_ID }).data;
  const update = useApiMutation('borrowers.updateParameters', { invalidates: ['borrowers.parameters'] });
  const f = (key: string) => t(`borrowers.parameters.fields.${key}`);
  const hint = (value: string | undefined) => (value ? t('borrowers.parameters.company', { value }) : undefined);
  const rate = (v: string | undefined) => (v ? formatRate(v) : undefined);
  const screen = useFormScreen({
    testId: 'borrower-parameters',
    schema: parametersSchema,
    defaultValues: { borrower_id: borrowerId },
    load: { data: query.data, isLoading: query.isLoading, error: query.error, stale: query.stale, cachedAt: query.cachedAt },
    toValues: (p) => ({
      borrower_id: p.borrower_id,
      min_monthly_rate: rateText(p.min_monthly_rate),
      max_monthly_rate: rateText(p.max_monthly_rate),
      max_installments: asText(p.max_installments) as unknown as number,
      max_value: text(p.max_value),
      tac: text(p.tac),
    }),
    savedText: t('borrowers.parameters.saved'),
    sections: [
      {
        id: 'limits',
        fields: [
          {
            name: 'min_monthly_rate',
            type: 'percentage',
            label: f('min_monthly_rate'),
            hint: company && t('borrowers.parameters.companyRange', { min: rate(company.min_monthly_rate), max: rate(company.max_monthly_rate) }),
          },
          { name: 'max_monthly_rate', type: 'percentage', label: f('max_monthly_rate'), hint: hint(rate(company?.max_monthly_rate)) },
          { name: 'max_installments', type: 'number', label: f('max_installments'), hint: hint(company && String(company.max_installments)) },
          { name: 'max_value', type: 'money', label: f('max_value'), hint: hint(company && formatCurrency(company.max_value)) },
          { name: 'tac', type: 'money', label: f('tac'), hint: hint(company && formatCurrency(company.tac)) },
        ],
      },
    ],
    save: (values) => update.mutateAsync({ ...values, borrower_id: borrowerId }),
  });
  return (
    <>
      <p className="bp6-text-muted borrower-intro">{t('borrowers.parameters.intro')}</p>
      <FormScreen screen={screen} />
    </>
  );
}

/* ---------- simulations ---------- */

export function SimulationsTab({ borrowerId }: { borrowerId: number }) {
  const { t } = useTranslation();
  const query = useApiQuery('borrowers.simulations', { id: borrowerId });
  return (
    <RecordsTable
      testId="borrower-simulations"
      columns={simulationColumns({ person: false, sortable: false })}
      rows={query.data}
      loading={query.isFetching && !query.data}
      error={query.error ? errorText(query.error, t) : null}
      staleSince={staleOf(query)}
    />
  );
}

/* ---------- risk classification ---------- */

export function ratingIntent(rating: RiskClassification['rating']) {
  if (rating === 'AA' || rating === 'A') return 'success' as const;
  if (rating === 'B' || rating === 'C') return 'warning' as const;
  return 'danger' as const;
}

export const stageIntentOf = (stage: RiskClassification['stage']) => (stage === '1' ? 'success' : stage === '2' ? 'warning' : 'danger');

/** What the last monthly close recorded for the borrower (worst stage, provisions' sum), beside the live stage; "sem fechamento" before any. */
function LastCloseCard({ close }: { close: RiskClassification['last_close'] }) {
  const { t } = useTranslation();
  const L = (key: string) => `borrowers.risk.lastClose.${key}`;
  if (!close) {
    return (
      <Card compact data-testid="borrower-risk-close">
        <h3 className="bp6-heading heading-as-h4 borrower-risk-title">{t(L('none'))}</h3>
        <p className="bp6-text-muted" data-testid="borrower-risk-close-none">
          {t(L('noneHint'))}
        </p>
      </Card>
    );
  }
  return (
    <Card compact data-testid="borrower-risk-close">
      {/* the month by text (MM/YYYY), never through a time zone */}
      <h3 className="bp6-heading heading-as-h4 borrower-risk-title" data-testid="borrower-risk-close-title">
        {t(L('title'), { month: monthText(close.month) })}
      </h3>
      <dl className="borrower-facts">
        <dt>{t(L('stage'))}</dt>
        <dd data-testid="borrower-risk-close-stage">
          {close.stage ? <Tag intent={stageIntentOf(close.stage)}>{t('borrowers.risk.stageValue', { stage: close.stage })}</Tag> : t(L('notHeld'))}
        </dd>
        <dt>{t(L('provision'))}</dt>
        <dd data-testid="borrower-risk-close-provision">{formatCurrency(close.provision)}</dd>
        <dt>{t(L('operations'))}</dt>
        <dd>{formatInteger(close.operations)}</dd>
      </dl>
    </Card>
  );
}

export function RiskTab({ borrowerId }: { borrowerId: number }) {
  const { t } = useTranslation();
  const query = useApiQuery('borrowers.classification', { id: borrowerId });
  const r = query.data;
  if (!r) return query.error ? <p className="field-error">{errorText(query.error, t)}</p> : null;
  const stageIntent = stageIntentOf(r.stage);
  // Worded here in the language shown (the server's rating_reason / stage_reason are its Portuguese of the same reasons); a date in the person's format.
  const reasonText = (reason: RiskReason) => t(reason.key, { ...reason.vars, ...(reason.vars.date ? { date: formatDate(String(reason.vars.date)) } : {}) });
  const facts: RiskFacts = { asOf: r.as_of, maxDaysOverdue: r.max_days_overdue, lastLossOn: r.last_loss_on };
  return (
    <div className="borrower-risk" data-testid="borrower-risk">
      <Card compact>
        <h3 className="bp6-heading heading-as-h4 borrower-risk-title">{t('borrowers.risk.rating')}</h3>
        <Tag size="large" intent={ratingIntent(r.rating)} data-testid="borrower-risk-rating">
          {r.rating}
        </Tag>
        <p data-testid="borrower-risk-rating-reason">{reasonText(riskRatingReasonOf(facts))}</p>
      </Card>
      <Card compact>
        <h3 className="bp6-heading heading-as-h4 borrower-risk-title">{t('borrowers.risk.stage')}</h3>
        <Tag size="large" intent={stageIntent} data-testid="borrower-risk-stage">
          {t('borrowers.risk.stageValue', { stage: r.stage })}
        </Tag>
        <p data-testid="borrower-risk-stage-reason">{reasonText(riskStageReasonOf(facts))}</p>
        <p className="bp6-text-muted" data-testid="borrower-risk-stage-live">
          {t('borrowers.risk.live', { date: formatDate(r.as_of) })}
        </p>
      </Card>
      <LastCloseCard close={r.last_close} />
      <Card compact>
        <dl className="borrower-facts">
          <dt>{t('borrowers.risk.maxDaysOverdue')}</dt>
          <dd data-testid="borrower-risk-days">{formatInteger(r.max_days_overdue)}</dd>
          <dt>{t('borrowers.risk.overdueInstallments')}</dt>
          <dd>{formatInteger(r.overdue_installments)}</dd>
          <dt>{t('borrowers.risk.operationsConsidered')}</dt>
          <dd>{formatInteger(r.operations_considered)}</dd>
          <dt>{t('borrowers.risk.lastLossOn')}</dt>
          <dd data-testid="borrower-risk-last-loss">{r.last_loss_on ? formatDate(r.last_loss_on) : '—'}</dd>
          <dt>{t('borrowers.risk.asOf')}</dt>
          {/* as_of is a calendar day: shown by text, never through a time zone. */}
          <dd data-testid="borrower-risk-as-of">{formatDate(r.as_of)}</dd>
        </dl>
      </Card>
    </div>
  );
}

/* ---------- credit operations ---------- */

/** A borrower's operations on one page (the list call pages; a borrower has far fewer). */
const OPERATIONS_LIMIT = 100;

export function OperationsTab({ borrowerId }: { borrowerId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useApiQuery('creditOperation.byBorrower', { id: borrowerId, page: 1, limit: OPERATIONS_LIMIT });
  const C = (key: string) => `borrowers.operations.columns.${key}`;
  return (
    <div className="screen" data-testid="borrower-operations">
      <div className="list-toolbar">
        <Button intent="success" icon="add" data-testid="borrower-new-operation" onClick={() => navigate(`/app/clientOperation/building?borrower=${borrowerId}`)}>
          {t('borrowers.operations.new')}
        </Button>
      </div>
      <RecordsTable<CreditOperationSummary>
        testId="borrower-operations-table"
        columns={[
          { id: 'number', title: C('number'), width: 120, kind: 'identifier', field: 'number', link: (o) => `/app/clientOperation/analize/${o.id}` },
          { id: 'status', title: C('status'), width: 140, kind: 'status', field: 'status', labels: 'borrowers.operations.status' },
          { id: 'product', title: C('product'), width: 180, text: (o, tr) => tr(`borrowers.operations.products.${o.product}`) },
          { id: 'principal', title: C('principal'), width: 130, kind: 'money', field: 'principal' },
          { id: 'rate', title: C('rate'), width: 100, kind: 'integer', text: (o) => formatRate(o.monthly_rate) },
          { id: 'installments', title: C('installments'), width: 90, kind: 'integer', field: 'installments_count' },
          { id: 'disbursement', title: C('disbursement'), width: 110, kind: 'date', field: 'disbursement_date' },
          { id: 'created', title: C('createdAt'), width: 110, kind: 'date', field: 'created_at' },
        ]}
        rows={query.data?.items}
        loading={query.isFetching && !query.data}
        error={query.error ? errorText(query.error, t) : null}
        staleSince={staleOf(query)}
        onRowClick={(o) => navigate(`/app/clientOperation/analize/${o.id}`)}
      />
    </div>
  );
}
