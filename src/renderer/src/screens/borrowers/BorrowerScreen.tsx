/**
 * /app/clientOperation/view/:id — one borrower's credit file. The header
 * names the borrower (document, PF/PJ, risk rating); the tabs, the chosen
 * one kept in the URL (?tab=), are the registration data, the company data,
 * the bank accounts, one tab per sub-record kind of the contract's
 * BORROWER_RECORD_KINDS (generated), the guarantors, other information, the
 * borrower's limits, simulations, risk classification and operations. Only
 * the open tab is mounted: each form has its own leave prompt.
 */
import { Callout, Card, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Borrower } from '@shared/contract/borrowers';
import { formatCpfCnpj } from '@shared/documents';
import { formatDate } from '@shared/format';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import { usePageInfo } from '../../app/SystemState';
import { StaleBanner } from '@kit/StaleBanner';
import { BorrowerBusinessForm, BorrowerDataForm } from './BorrowerForms';
import { BankAccountsTab, GuarantorsTab, OperationsTab, OtherInformationTab, ParametersTab, ratingIntent, RiskTab, SimulationsTab } from './BorrowerPanels';
import { BorrowerRecordsTab } from './BorrowerRecordsTab';
import { AnnualDeclarationCard } from '../letters/AnnualDeclarationCard';
import { BORROWER_TABS, isRecordKind, type BorrowerTab } from './tabs';
import './borrowers.css';

function RiskBadge({ id }: { id: number }) {
  const { t } = useTranslation();
  const risk = useApiQuery('borrowers.classification', { id }).data;
  if (!risk) return null;
  return (
    <Tag size="large" intent={ratingIntent(risk.rating)} icon="shield" title={t('borrowers.record.riskTitle')} data-testid="borrower-header-risk" data-rating={risk.rating}>
      {t('borrowers.record.risk', { rating: risk.rating })}
    </Tag>
  );
}

function Header({ b }: { b: Borrower }) {
  const { t } = useTranslation();
  return (
    <Card compact className="borrower-header" data-testid="borrower-header">
      <div className="borrower-header-who">
        <h2 className="borrower-header-name" data-testid="borrower-name">
          {b.name}
        </h2>
        <div className="borrower-header-tags">
          <Tag minimal data-testid="borrower-document">
            {formatCpfCnpj(b.document)}
          </Tag>
          <Tag minimal data-testid="borrower-person-type">
            {t(`borrowers.personType.${b.person_type}`)}
          </Tag>
          {!b.active && <Tag intent="warning">{t('borrowers.record.inactive')}</Tag>}
          <span className="bp6-text-muted">
            {[
              b.trade_name,
              t('borrowers.record.since', { date: formatDate(b.created_at) }),
              b.solicitation_id ? t('borrowers.record.fromSolicitation', { id: b.solicitation_id }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </div>
      </div>
      <RiskBadge id={b.id} />
    </Card>
  );
}

export function BorrowerScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useApiQuery('borrowers.get', { id }, { enabled: valid });
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') ?? '';
  const tab: BorrowerTab = (BORROWER_TABS as readonly string[]).includes(tabParam) ? (tabParam as BorrowerTab) : 'data';
  const b = query.data;
  usePageInfo(undefined, b?.name ?? t('borrowers.record.title'));

  if (!valid) return <Callout intent="danger" data-testid="borrower-error">{t('borrowers.record.notFound')}</Callout>;
  if (!b && query.isLoading) return <Spinner />;
  if (!b) {
    return (
      <Callout intent="danger" data-testid="borrower-error">
        {query.error ? errorText(query.error, t) : t('borrowers.record.notFound')}
      </Callout>
    );
  }
  const load = { data: b, isLoading: false, error: null, stale: query.stale, cachedAt: query.cachedAt };
  const staleSince = query.stale ? (query.cachedAt ?? '') : null;

  const panel = (which: BorrowerTab): JSX.Element => {
    if (isRecordKind(which)) return <BorrowerRecordsTab kind={which} borrowerId={b.id} />;
    switch (which) {
      case 'data':
        return <BorrowerDataForm borrower={b} load={load} />;
      case 'business':
        return <BorrowerBusinessForm borrower={b} load={load} />;
      case 'bank':
        return <BankAccountsTab borrower={b} loading={query.isFetching} staleSince={staleSince} />;
      case 'guarantors':
        return <GuarantorsTab borrowerId={b.id} />;
      case 'other':
        return <OtherInformationTab borrowerId={b.id} />;
      case 'parameters':
        return <ParametersTab borrowerId={b.id} />;
      case 'simulations':
        return <SimulationsTab borrowerId={b.id} />;
      case 'risk':
        return <RiskTab borrowerId={b.id} />;
      default:
        return (
          <>
            <OperationsTab borrowerId={b.id} />
            <AnnualDeclarationCard borrowerId={b.id} />
          </>
        );
    }
  };

  return (
    <div className="screen borrower-record" data-testid="borrower-screen" data-person-type={b.person_type}>
      {query.stale && <StaleBanner at={query.cachedAt} testId="borrower-stale" />}
      <Header b={b} />
      <Tabs
        id="borrower-tabs"
        selectedTabId={tab}
        renderActiveTabPanelOnly
        onChange={(next) => {
          const copy = new URLSearchParams(params);
          if (next === 'data') copy.delete('tab');
          else copy.set('tab', String(next));
          setParams(copy, { replace: true });
        }}
      >
        {BORROWER_TABS.map((which) => (
          <Tab key={which} id={which} title={t(`borrowers.tabs.${which}`)} data-testid={`borrower-tab-${which}`} panel={panel(which)} />
        ))}
      </Tabs>
    </div>
  );
}
