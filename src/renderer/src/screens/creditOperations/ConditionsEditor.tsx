/**
 * "Editar condições" of a proposal: the building flow's conditions and
 * simulation steps over the saved operation, then PUT /creditOperation/:id
 * with the version the edit started from. A confirmation states the new
 * amounts; the screen waits for the server; a stale version (someone changed
 * the operation meanwhile) says so and offers a reload instead of saving over
 * it.
 */
import { Button, Callout, Card, H2 } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditOperation } from '@shared/contract/credit-operations';
import { isApiError } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { UnsavedChangesPrompt } from '@kit/form/UnsavedChangesPrompt';
import { MoneyConfirmDialog } from '@kit/MoneyConfirmDialog';
import { ConditionsFields } from './ConditionsFields';
import { StaleCallout, useRefreshOperation } from './Decision';
import { amountRows, conditionsBody, conditionsOf, simulatedAmounts } from './model';
import { ResultView } from './ResultView';
import { useConditions } from './useConditions';

const TEST_ID = 'proposal-edit';

export function ConditionsEditor({ op, onDone }: { op: CreditOperation; onDone(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshOperation();
  const conditions = useConditions(conditionsOf(op));
  const { form, simulated, outdated } = conditions;
  const update = useApiMutation('creditOperation.update');
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState(false);
  const borrower = { id: op.borrower_id, person_type: op.person_type };

  const save = async () => {
    if (!simulated) return;
    setFailure(null);
    try {
      setSaved(true);
      const answer = await update.mutateAsync({ id: op.id, version: op.version, ...conditionsBody(simulated.conditions) });
      toast.success(t('creditOperations.proposal.saved', { number: answer.number }));
      await refresh();
      onDone();
    } catch (e) {
      setSaved(false);
      if (isApiError(e) && e.status === 409) {
        setStale(true);
        setFailure(null);
      } else {
        const text = conditions.place(e);
        if (text === null) setConfirming(false);
        else setFailure(text);
      }
    }
  };

  return (
    <Card data-testid={TEST_ID}>
      <H2 className="heading-as-h4">{t('creditOperations.proposal.edit')}</H2>
      <p className="bp6-text-muted">{t('creditOperations.proposal.editHint')}</p>
      <ConditionsFields form={form} borrowerId={op.borrower_id} testId={TEST_ID} />
      {conditions.error && (
        <Callout intent="danger" data-testid={`${TEST_ID}-error`}>
          {conditions.error}
        </Callout>
      )}
      {stale && <StaleCallout testId={`${TEST_ID}-stale`} onReload={() => void refresh().then(onDone)} />}
      <div className="op-actions form-actions">
        <Button icon="cross" data-testid={`${TEST_ID}-cancel`} disabled={update.isPending} onClick={onDone}>
          {t('creditOperations.proposal.cancelEdit')}
        </Button>
        <div className="op-actions-spacer" />
        <Button icon="calculator" data-testid={`${TEST_ID}-simulate`} loading={conditions.running} onClick={() => void conditions.run(borrower)}>
          {t('creditOperations.building.simulate')}
        </Button>
        <Button
          intent="primary"
          icon="floppy-disk"
          data-testid={`${TEST_ID}-save`}
          disabled={!simulated || outdated || stale}
          onClick={() => {
            setFailure(null);
            setConfirming(true);
          }}
        >
          {t('creditOperations.proposal.saveEdit')}
        </Button>
      </div>
      {simulated && outdated && (
        <Callout intent="warning" data-testid={`${TEST_ID}-outdated`}>
          {t('creditOperations.building.simulationOutdated')}
        </Callout>
      )}
      {simulated && !outdated && <ResultView result={simulated.result} testId={`${TEST_ID}-result`} title={t('creditOperations.steps.simulation')} />}
      {confirming && simulated && (
        <MoneyConfirmDialog
          title={t('creditOperations.proposal.confirmEditTitle')}
          consequence={t('creditOperations.proposal.confirmEditText', { number: op.number })}
          rows={amountRows(simulatedAmounts(simulated.result), t)}
          amountsTestId={`${TEST_ID}-confirm-amounts`}
          confirmText={t('creditOperations.proposal.saveEdit')}
          confirmTestId={`${TEST_ID}-confirm`}
          busy={update.isPending}
          confirmDisabled={stale}
          onConfirm={save}
          onClose={() => setConfirming(false)}
        >
          {failure && (
            <Callout intent="danger" data-testid={`${TEST_ID}-save-error`}>
              {failure}
            </Callout>
          )}
          {stale && <StaleCallout testId={`${TEST_ID}-confirm-stale`} onReload={() => void refresh().then(onDone)} />}
        </MoneyConfirmDialog>
      )}
      <UnsavedChangesPrompt state={{ dirty: form.formState.isDirty, saved, readOnly: false }} />
    </Card>
  );
}
