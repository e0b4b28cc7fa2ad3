/**
 * /app/clientOperation/analize/:id — the analysis of an operation:
 * the compact operation header on top (titled by what the operation is
 * now: an analysis until decided, then the operation), the decision bar (the moves the
 * server offers the person now: approve, refuse and return with a reason,
 * cancel with a reason, send to analysis; each confirmed with the amounts and
 * waited for), and tabs kept in the URL (?tab=): management, complement,
 * other operations, timeline, messages, contract and schedule, and
 * servicing's installments (or the release) and journal; the contract tab
 * also gives the borrower's statements and letters.
 */
import { Button, Callout, Card, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import { StaleBanner } from '@kit/StaleBanner';
import { usePageInfo } from '../../app/SystemState';
import { ComplementPanel, ManagementPanel, MessagesPanel, OthersPanel, TimelinePanel } from './AnalysisPanels';
import { ContractPanel } from './ContractPanel';
import { InstallmentsTab } from '../servicing/InstallmentsTab';
import { JournalTab } from '../servicing/JournalTab';
import { LettersPanel } from '../letters/LettersPanel';
import { CessionTab } from '../servicing/cession/CessionTab';
import { DecisionBar } from './Decision';
import { ANALYSIS_TABS, analysisTabOf, analysisTitleKey, resultOfOperation, type AnalysisTab } from './model';
import { OperationHeader } from './OperationHeader';
import { AmountsFacts, CostsCards, ScheduleTable } from './ResultView';
import './operations.css';

export function AnalysisScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [params, setParams] = useSearchParams();
  const tab = analysisTabOf(params.get('tab'));
  const query = useApiQuery('creditOperation.get', { id }, { enabled: valid });
  // The page's title follows the operation: "Operação" once decided, not "Análise".
  const decided = query.data ? analysisTitleKey(query.data.status) === 'creditOperations.analysis.titleDecided' : false;
  const decidedTitle = decided ? t('creditOperations.analysis.crumbDecided') : undefined;
  usePageInfo(undefined, decidedTitle, decidedTitle);

  if (!valid) return <Callout intent="danger" data-testid="analysis-invalid">{t('creditOperations.invalidId')}</Callout>;
  if (query.error) return <Callout intent="danger" data-testid="analysis-error">{errorText(query.error, t)}</Callout>;
  const op = query.data;
  if (!op) return <Spinner />;
  const result = resultOfOperation(op);

  const panel = (key: AnalysisTab) => {
    switch (key) {
      case 'management':
        return <ManagementPanel op={op} />;
      case 'complement':
        return <ComplementPanel op={op} />;
      case 'others':
        return <OthersPanel op={op} />;
      case 'timeline':
        return <TimelinePanel op={op} />;
      case 'messages':
        return <MessagesPanel op={op} />;
      case 'contract':
        return (
          <>
            <ContractPanel op={op} />
            <LettersPanel op={op} />
          </>
        );
      case 'schedule':
        return (
          <>
            <CostsCards result={result} testId="analysis-result" />
            <ScheduleTable result={result} testId="analysis-result" />
          </>
        );
      case 'installments':
        return <InstallmentsTab op={op} />;
      case 'cession':
        return <CessionTab op={op} />;
      case 'journal':
        return <JournalTab op={op} />;
    }
  };

  return (
    <div className="screen" data-testid="analysis">
      {query.stale && <StaleBanner at={query.cachedAt} testId="analysis-stale" />}
      <OperationHeader
        op={op}
        title={t(analysisTitleKey(op.status), { number: op.number })}
        details={<AmountsFacts result={result} testId="analysis-result" />}
        actions={
          <>
            <DecisionBar op={op} />
            <Button icon="document-open" data-testid="analysis-open-proposal" onClick={() => navigate(`/app/clientOperation/loan-proposal/${op.id}`)}>
              {t('creditOperations.analysis.openProposal')}
            </Button>
          </>
        }
      />
      <Card compact>
        <Tabs
          id="analysis-tabs"
          className="op-analysis-tabs"
          selectedTabId={tab}
          renderActiveTabPanelOnly
          onChange={(next) => {
            const copy = new URLSearchParams(params);
            if (next === 'management') copy.delete('tab');
            else copy.set('tab', String(next));
            setParams(copy, { replace: true });
          }}
        >
          {ANALYSIS_TABS.map((key) => (
            <Tab key={key} id={key} title={t(`creditOperations.analysis.tabs.${key}`)} data-testid={`analysis-tab-${key}`} panel={panel(key)} />
          ))}
        </Tabs>
      </Card>
    </div>
  );
}
