/**
 * /app/company-operation — the lender's setup (the spec's
 * "Company" calls), in tabs whose choice is kept in the URL (?tab=), so a reload
 * or the back button returns to it: the company's data, its legal
 * representatives and witnesses, the operating parameters, the IOF rates by
 * period, the bank accounts, the assignees' accounts, the contract
 * templates, the contracts issued from them and the Pix provider (administrators only). Every panel user reads; administrators change (the contract's
 * roles). Only the open tab is mounted; switching away from unsaved edits
 * asks first (TabLeaveGuard), as leaving the page does.
 */
import { Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { contract } from '@shared/contract';
import { RoleGate } from '@kit/RoleGate';
import { RenegotiationLimitsForm } from '../renegotiation/RenegotiationLimitsForm';
import { useApiQuery } from '../../api/hooks';
import { CompanyDataForm } from './CompanyDataForm';
import { AssignmentAccountsPanel, BanksPanel, IofPanel, RepresentativesPanel, WitnessesPanel } from './CompanyRecords';
import { ContractTemplates } from './ContractTemplates';
import { COMPANY_ID } from '../../app/company';
import { IssuedContractsPanel } from './IssuedContracts';
import { ParametersForm } from './ParametersForm';
import { PixSettingsPanel } from './PixSettingsPanel';
import { useCanChangeCompany } from './access';
import { COMPANY_TABS, type CompanyTab } from './tabs';
import { TabLeaveGuard, useTabGuard } from './TabLeaveGuard';
import './company.css';


export function CompanyOperationScreen() {
  return (
    <TabLeaveGuard>
      <CompanyTabs />
    </TabLeaveGuard>
  );
}

function CompanyTabs() {
  const { t } = useTranslation();
  const guard = useTabGuard();
  // The Pix provider is the administrators' alone (the contract's pix.settings): others do not see its tab.
  const admin = useCanChangeCompany();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') ?? '';
  const tab: CompanyTab = (COMPANY_TABS as readonly string[]).includes(tabParam) && (tabParam !== 'pix' || admin) ? (tabParam as CompanyTab) : 'company';
  const query = useApiQuery('company.get', { id: COMPANY_ID });
  const load = {
    company: query.data,
    loading: query.isFetching && !query.data,
    error: query.error,
    staleSince: query.stale ? (query.cachedAt ?? '') : null,
  };
  const panel = (id: CompanyTab) => {
    switch (id) {
      case 'company':
        return <CompanyDataForm load={{ data: query.data, isLoading: query.isLoading, error: query.error, stale: query.stale, cachedAt: query.cachedAt }} />;
      case 'representatives':
        return <RepresentativesPanel load={load} />;
      case 'witnesses':
        return <WitnessesPanel load={load} />;
      case 'parameters':
        return (
          <>
            <ParametersForm />
            <RenegotiationLimitsForm />
          </>
        );
      case 'iof':
        return <IofPanel />;
      case 'banks':
        return <BanksPanel />;
      case 'assignment':
        return <AssignmentAccountsPanel />;
      case 'contracts':
        return <ContractTemplates />;
      case 'issued':
        return <IssuedContractsPanel />;
      case 'pix':
        return <PixSettingsPanel />;
    }
  };
  return (
    <div className="screen company-setup" data-testid="company-setup">
      <RoleGate roles={contract['report.iof'].access}>
        <p className="company-reports-links">
          <Link to="/app/company-operation/reports/iof" data-testid="company-report-iof-link">
            {t('reports.link')}
          </Link>
          <Link to="/app/company-operation/reports/operations" data-testid="company-report-operations-link">
            {t('reports.operations.link')}
          </Link>
          <Link to="/app/company-operation/reports/parameterized" data-testid="company-report-parameterized-link">
            {t('reports.parameterized.link')}
          </Link>
        </p>
      </RoleGate>
      <Tabs
        id="company-tabs"
        selectedTabId={tab}
        renderActiveTabPanelOnly
        onChange={(next) =>
          guard(() => {
            // A fresh query for the next tab: one tab's list state (page, filters) means nothing to another.
            const copy = new URLSearchParams();
            if (next === 'company') copy.delete('tab');
            else copy.set('tab', String(next));
            setParams(copy, { replace: true });
          })
        }
        large
      >
        {COMPANY_TABS.filter((id) => id !== 'pix' || admin).map((id) => (
          <Tab key={id} id={id} title={t(`company.tabs.${id}`)} data-testid={`company-tab-${id}`} panel={panel(id)} />
        ))}
      </Tabs>
    </div>
  );
}
