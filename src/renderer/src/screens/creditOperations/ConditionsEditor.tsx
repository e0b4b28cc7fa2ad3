/**
 * "Editar condições" of a proposal: the building flow's conditions and
 * simulation steps over the saved operation, then PUT /creditOperation/:id
 * with the version the edit started from. A confirmation states the new
 * amounts; the screen waits for the server; a stale version (someone changed
 * the operation meanwhile) says so and offers a reload instead of saving over
 * it.
 */
import { Button, Callout, Card, Dialog, DialogBody, DialogFooter, H2 } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditOperation } from '../../../../shared/contract/credit-operations';
import { isApiError } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { UnsavedChangesPrompt } from '../../components/form/UnsavedChangesPrompt';
import { ConditionsFields } from './ConditionsFields';
import { AmountsTable, StaleCallout, useRefreshOperation } from './Decision';
import { conditionsBody, conditionsOf } from './model';
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
  const busy = useRef(false);
  const borrower = { id: op.borrower_id, person_type: op.person_type };

  const save = async () => {
    if (busy.current || !simulated) return;
    busy.current = true;
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
    } finally {
      busy.current = false;
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
        <Dialog isOpen title={t('creditOperations.proposal.confirmEditTitle')} onClose={update.isPending ? undefined : () => setConfirming(false)} canOutsideClickClose={!update.isPending}>
          <DialogBody>
            <p>{t('creditOperations.proposal.confirmEditText', { number: op.number })}</p>
            <AmountsTable
              principal={simulated.result.principal}
              released={simulated.result.released}
              totalPayable={simulated.result.totalPayable}
              plots={simulated.result.installments.length}
              firstPayment={simulated.result.installments[0]?.payment}
              firstDue={simulated.result.installments[0]?.dueDate}
              testId={`${TEST_ID}-confirm-amounts`}
            />
            {failure && (
              <Callout intent="danger" data-testid={`${TEST_ID}-save-error`}>
                {failure}
              </Callout>
            )}
            {stale && <StaleCallout testId={`${TEST_ID}-confirm-stale`} onReload={() => void refresh().then(onDone)} />}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button data-testid="confirm-dialog-cancel" disabled={update.isPending} onClick={() => setConfirming(false)}>
                  {t('common.cancel')}
                </Button>
                <Button intent="primary" data-testid={`${TEST_ID}-confirm`} loading={update.isPending} disabled={stale} onClick={() => void save()}>
                  {t('creditOperations.proposal.saveEdit')}
                </Button>
              </>
            }
          />
        </Dialog>
      )}
      <UnsavedChangesPrompt state={{ dirty: form.formState.isDirty, saved, readOnly: false }} />
    </Card>
  );
}
