/**
 * /app/clientOperation/loan-proposal/:id — the loan proposal:
 * the borrower, the conditions, the amounts (financed, released, total
 * payable), IOF, fees, CET and the schedule as saved; "Enviar para análise"
 * (the decision, with the version read) and, while the operation is editable,
 * "Editar condições" (the building flow's conditions and simulation, saved
 * with the version).
 */
import { Button, Callout, Card, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { operationNumber } from '@shared/contract/credit-operations';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import { StaleBanner } from '@kit/StaleBanner';
import { ConditionsEditor } from './ConditionsEditor';
import { DecisionBar } from './Decision';
import { resultOfOperation } from './model';
import { OperationHeader } from './OperationHeader';
import { ResultView } from './ResultView';
import './operations.css';

export function ProposalScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useApiQuery('creditOperation.get', { id }, { enabled: valid });
  const [editing, setEditing] = useState(false);

  if (!valid) return <Callout intent="danger" data-testid="proposal-invalid">{t('creditOperations.invalidId')}</Callout>;
  if (query.error) return <Callout intent="danger" data-testid="proposal-error">{errorText(query.error, t)}</Callout>;
  const op = query.data;
  if (!op) return <Spinner />;

  return (
    <div className="screen" data-testid="proposal">
      {query.stale && <StaleBanner at={query.cachedAt} testId="proposal-stale" />}
      <OperationHeader op={op} title={t('creditOperations.proposal.title', { number: op.number || operationNumber(op.id) })} />
      {!editing && (
        <div className="op-actions">
          <DecisionBar op={op} only={['send_to_analysis']} />
          {op.editable && (
            <Button icon="edit" data-testid="proposal-edit-open" onClick={() => setEditing(true)}>
              {t('creditOperations.proposal.edit')}
            </Button>
          )}
          <div className="op-actions-spacer" />
          <Button icon="search-template" data-testid="proposal-open-analysis" onClick={() => navigate(`/app/clientOperation/analize/${op.id}`)}>
            {t('creditOperations.proposal.openAnalysis')}
          </Button>
        </div>
      )}
      {editing ? (
        <ConditionsEditor op={op} onDone={() => setEditing(false)} />
      ) : (
        <Card>
          <ResultView result={resultOfOperation(op)} testId="proposal-result" />
        </Card>
      )}
    </div>
  );
}
