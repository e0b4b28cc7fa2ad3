/**
 * /app/entrepreneurs/:form — one entrepreneur (':form' is their id; people
 * register themselves in the applicant's app, so there is no 'new'). Tabs,
 * the chosen one kept in the URL (?tab=): registration data (personal and
 * business data, one form), bank accounts, access (administrators), and the
 * person's simulations and solicitations. Every tab stays mounted, so edits
 * survive a tab switch and the form's leave prompt covers them.
 */
import { Callout, Spinner, Tab, Tabs } from '@blueprintjs/core';
import './entrepreneurs.css';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { formatDate } from '@shared/format';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import { usePageInfo } from '../../app/SystemState';
import { parseFormParam } from '../users/formParam';
import { AccountPanel } from './AccountPanel';
import { BankAccountsPanel } from './BankAccountsPanel';
import { ClientInfoForm } from './ClientInfoForm';
import { PersonSimulations, PersonSolicitations } from './PersonRecords';

const TABS = ['data', 'bank', 'account', 'simulations', 'solicitations'] as const;
type TabId = (typeof TABS)[number];

export function EntrepreneurScreen() {
  const { t } = useTranslation();
  const target = parseFormParam(useParams().form);
  const id = target.mode === 'edit' ? target.id : 0;
  const query = useApiQuery('users.entrepreneur', { id }, { enabled: id > 0 });
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabId = (TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as TabId) : 'data';
  const person = query.data;
  usePageInfo(undefined, person?.name ?? t('entrepreneurs.record.title'));

  if (target.mode !== 'edit') return <Callout intent="danger" data-testid="entrepreneur-invalid">{t('errors.notFound')}</Callout>;
  if (!person && query.isLoading) return <Spinner />;
  if (!person) {
    return (
      <Callout intent="danger" data-testid="entrepreneur-load-error">
        {query.error ? errorText(query.error, t) : t('errors.notFound')}
      </Callout>
    );
  }
  const load = { data: person, isLoading: false, error: null, stale: query.stale, cachedAt: query.cachedAt };
  const staleSince = query.stale ? (query.cachedAt ?? '') : null;

  return (
    <div className="screen entrepreneur-record" data-testid="entrepreneur-screen">
      {/* The page header already names the person. */}
      <p className="bp6-text-muted" data-testid="entrepreneur-summary">
        {person.email} · {t('entrepreneurs.record.since', { date: formatDate(person.created_at) })}
      </p>
      <Tabs
        id="entrepreneur-tabs"
        selectedTabId={tab}
        onChange={(next) => {
          const copy = new URLSearchParams(params);
          if (next === 'data') copy.delete('tab');
          else copy.set('tab', String(next));
          setParams(copy, { replace: true });
        }}
        large
      >
        <Tab id="data" title={t('entrepreneurs.tabs.personal')} data-testid="entrepreneur-tab-data" panel={<ClientInfoForm id={person.id} load={load} />} />
        <Tab id="bank" title={t('entrepreneurs.tabs.bank')} data-testid="entrepreneur-tab-bank" panel={<BankAccountsPanel person={person} loading={query.isFetching} staleSince={staleSince} />} />
        <Tab id="account" title={t('entrepreneurs.tabs.account')} data-testid="entrepreneur-tab-account" panel={<AccountPanel person={person} />} />
        <Tab id="simulations" title={t('entrepreneurs.tabs.simulations')} data-testid="entrepreneur-tab-simulations" panel={<PersonSimulations id={person.id} />} />
        <Tab id="solicitations" title={t('entrepreneurs.tabs.solicitations')} data-testid="entrepreneur-tab-solicitations" panel={<PersonSolicitations id={person.id} />} />
      </Tabs>
    </div>
  );
}
