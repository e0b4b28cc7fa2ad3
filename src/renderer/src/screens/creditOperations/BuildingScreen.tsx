/**
 * /app/clientOperation/building: the operation built in steps —
 * 1 the borrower (?borrower=ID preselects; ?solicitation=ID is remembered as
 * the origin), 2 the product and conditions, 3 the simulation (the server's
 * schedule, IOF, fees, CET and totals), 4 the confirmation. The proposal is
 * created pessimistically, as every money change is: a dialog states the amounts, the
 * idempotency key is drawn once per confirmed proposal (a retry of the same
 * confirmation reuses it, so it never creates two), and the screen waits for
 * the server before opening the proposal. Going back keeps every input;
 * leaving with something typed asks first.
 */
import { Button, Callout, Card, H2, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { contractKindOf, type CreditProductId } from '@shared/contract/credit-operations';
import { formatCpfCnpj } from '@shared/documents';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { UnsavedChangesPrompt } from '@kit/form/UnsavedChangesPrompt';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { MoneyConfirmDialog, MoneyRowsTable } from '@kit/MoneyConfirmDialog';
import { ConditionsFields } from './ConditionsFields';
import { amountRows, buildingPreset, conditionsBody, initialConditions, localToday, matchesBorrower, percentText, simulatedAmounts, withoutTac } from './model';
import { ResultView } from './ResultView';
import { Steps } from './Steps';
import { useConditions } from './useConditions';
import './operations.css';

const STEP_IDS = ['borrower', 'conditions', 'simulation', 'confirm'] as const;
const MAX_SHOWN = 50;
const TEST_ID = 'building';

type PickerBorrower = { id: number; name: string; document: string; person_type: 'PF' | 'PJ' };

function BorrowerPicker({ chosen, onChoose }: { chosen: number | null; onChoose(b: PickerBorrower): void }) {
  const { t } = useTranslation();
  const all = useApiQuery('borrowers.all', {});
  const [search, setSearch] = useState('');
  const shown = useMemo(() => (all.data ?? []).filter((b) => matchesBorrower(b, search)).slice(0, MAX_SHOWN), [all.data, search]);
  return (
    <div data-testid={`${TEST_ID}-borrower-picker`}>
      <label htmlFor="building-borrower-search" className="bp6-label">
        {t('creditOperations.building.borrowerSearch')}
      </label>
      <InputGroup
        id="building-borrower-search"
        data-testid={`${TEST_ID}-borrower-search`}
        leftIcon="search"
        placeholder={t('creditOperations.building.borrowerSearchPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {all.isLoading && <Spinner size={20} />}
      {all.error && <Callout intent="danger">{errorText(all.error, t)}</Callout>}
      {all.data && shown.length === 0 && <p className="bp6-text-muted">{t('creditOperations.building.noBorrowers')}</p>}
      {shown.length > 0 && (
        <div className="op-borrowers" tabIndex={0} role="region" aria-label={t('creditOperations.building.chooseBorrower')}>
          <HTMLTable compact striped interactive>
            <thead>
              <tr>
                <th scope="col">{t('creditOperations.summary.borrower')}</th>
                <th scope="col">{t('creditOperations.summary.document')}</th>
                <th scope="col">{t('creditOperations.summary.personType')}</th>
                <th scope="col">
                  <span className="op-sr-only">{t('creditOperations.building.choose')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((b) => (
                <tr key={b.id} data-testid={`${TEST_ID}-borrower-${b.id}`} onClick={() => onChoose(b)}>
                  <td>{b.name}</td>
                  <td>{formatCpfCnpj(b.document)}</td>
                  <td>
                    <Tag minimal>{b.person_type}</Tag>
                  </td>
                  <td>
                    {chosen === b.id ? (
                      <Tag intent="success" icon="tick">
                        {t('creditOperations.building.selected')}
                      </Tag>
                    ) : (
                      <Button size="small" aria-label={`${t('creditOperations.building.choose')}: ${b.name}`} onClick={() => onChoose(b)}>
                        {t('creditOperations.building.choose')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}

export function BuildingScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preset = useMemo(() => buildingPreset(params), [params]);
  const [step, setStep] = useState(0);
  const [borrowerId, setBorrowerId] = useState<number | null>(preset.borrowerId);
  const [picked, setPicked] = useState<PickerBorrower | null>(null);
  const borrower = useApiQuery('borrowers.get', { id: borrowerId ?? 0 }, { enabled: !!borrowerId });
  const parameters = useApiQuery('company.parameters', { id: 1 });
  const today = useMemo(() => localToday(), []);
  const conditions = useConditions(initialConditions(undefined, today));
  const { form } = conditions;
  const create = useApiMutation('creditOperation.create', { invalidates: ['creditOperation.list', 'creditOperation.byBorrower', 'creditOperation.borrowerActive'] });
  const [confirming, setConfirming] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [stepError, setStepError] = useState<string | null>(null);
  // One key per confirmed proposal (its conditions): a retry of the same confirmation reuses it.
  const proposalKey = useRef<{ conditions: string; key: string } | null>(null);

  // The company's defaults (fees, rate, financed IOF) arrive after the form exists: applied while nothing was typed.
  const defaultsApplied = useRef(false);
  useEffect(() => {
    if (!parameters.data || defaultsApplied.current || form.formState.isDirty) return;
    defaultsApplied.current = true;
    form.reset(initialConditions(parameters.data, today));
  }, [parameters.data, form, today]);

  const chosen = borrower.data
    ? { id: borrower.data.id, name: borrower.data.name, document: borrower.data.document, person_type: borrower.data.person_type, simples_nacional: borrower.data.simples_nacional }
    : picked && picked.id === borrowerId
      ? { ...picked, simples_nacional: undefined }
      : null;

  const steps = STEP_IDS.map((id) => ({ id, label: t(`creditOperations.steps.${id}`) }));
  const simulated = conditions.simulated;

  const next = async () => {
    setStepError(null);
    if (step === 0) {
      if (!chosen) return setStepError(t('creditOperations.building.borrowerRequired'));
      // A person is never charged a TAC: the company's suggested one goes.
      if (chosen.person_type === 'PF') form.setValue('fees', withoutTac(form.getValues('fees')));
      return setStep(1);
    }
    if (step === 1 && chosen) {
      const made = await conditions.run(chosen);
      if (made) setStep(2);
      return;
    }
    if (step === 2) setStep(3);
  };

  const openConfirm = () => {
    if (!simulated) return;
    if (proposalKey.current?.conditions !== simulated.key) proposalKey.current = { conditions: simulated.key, key: newIdempotencyKey() };
    setCreateError(null);
    setConfirming(true);
  };

  const confirm = async () => {
    if (!simulated || !chosen || !proposalKey.current) return;
    setCreateError(null);
    try {
      setSaved(true);
      const op = await create.mutateAsync({
        ...conditionsBody(simulated.conditions),
        borrower_id: chosen.id,
        ...(preset.solicitationId ? { solicitation_id: preset.solicitationId } : {}),
        idempotency_key: proposalKey.current.key,
      });
      toast.success(t('creditOperations.building.created', { number: op.number }));
      navigate(`/app/clientOperation/loan-proposal/${op.id}`);
    } catch (e) {
      setSaved(false);
      const text = conditions.place(e);
      if (text === null) {
        // A condition the server refused: back to the conditions, the message on its field.
        setConfirming(false);
        setStep(1);
      } else setCreateError(text);
    }
  };

  const dirty = form.formState.isDirty || (borrowerId !== null && borrowerId !== preset.borrowerId);
  const product = simulated?.conditions.product as CreditProductId | undefined;

  return (
    <div className="screen" data-testid={TEST_ID}>
      <Steps steps={steps} current={step} onOpen={setStep} testId={`${TEST_ID}-steps`} />
      {preset.solicitationId && (
        <Tag minimal icon="link" data-testid={`${TEST_ID}-solicitation`}>
          {t('creditOperations.building.solicitation', { id: preset.solicitationId })}
        </Tag>
      )}
      {chosen && step > 0 && (
        <p data-testid={`${TEST_ID}-chosen`}>
          <strong>{chosen.name}</strong> · {formatCpfCnpj(chosen.document)} · <Tag minimal>{t(`creditOperations.personTypes.${chosen.person_type}`)}</Tag>
          {chosen.simples_nacional && <Tag minimal>{t('creditOperations.building.simplesNacional')}</Tag>}
        </p>
      )}
      <Card>
        {step === 0 && (
          <section aria-label={steps[0].label}>
            <H2 className="heading-as-h4">{t('creditOperations.building.chooseBorrower')}</H2>
            {chosen && (
              <Callout intent="success" icon="person" data-testid={`${TEST_ID}-borrower-chosen`}>
                <strong>{chosen.name}</strong> · {formatCpfCnpj(chosen.document)} · {t(`creditOperations.personTypes.${chosen.person_type}`)}
              </Callout>
            )}
            <BorrowerPicker
              chosen={borrowerId}
              onChoose={(b) => {
                // The guarantees ticked were another borrower's.
                if (b.id !== borrowerId) form.setValue('secured_guarantee_ids', []);
                setPicked(b);
                setBorrowerId(b.id);
                setStepError(null);
              }}
            />
          </section>
        )}
        {step === 1 && chosen && (
          <section aria-label={steps[1].label}>
            <H2 className="heading-as-h4">{steps[1].label}</H2>
            <ConditionsFields form={form} borrowerId={chosen.id} testId={TEST_ID} />
          </section>
        )}
        {step === 2 && simulated && (
          <section aria-label={steps[2].label}>
            <ResultView result={simulated.result} testId={`${TEST_ID}-result`} title={steps[2].label} />
          </section>
        )}
        {step === 3 && simulated && chosen && (
          <section aria-label={steps[3].label} data-testid={`${TEST_ID}-summary`}>
            <H2 className="heading-as-h4">{steps[3].label}</H2>
            <HTMLTable compact className="op-facts-table">
              <tbody>
                <tr>
                  <th scope="row">{t('creditOperations.summary.borrower')}</th>
                  <td>
                    {chosen.name} · {formatCpfCnpj(chosen.document)}
                  </td>
                </tr>
                <tr>
                  <th scope="row">{t('creditOperations.summary.product')}</th>
                  <td>
                    {product ? `${t(`creditOperations.products.${product}`)} (${contractKindOf(product)})` : ''}
                  </td>
                </tr>
                <tr>
                  <th scope="row">{t('creditOperations.summary.amortization')}</th>
                  <td>{t(`creditOperations.amortization.${simulated.conditions.amortization}`)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('creditOperations.summary.rate')}</th>
                  <td>{t('creditOperations.summary.rateValue', { rate: percentText(simulated.conditions.monthly_rate) })}</td>
                </tr>
              </tbody>
            </HTMLTable>
            <MoneyRowsTable rows={amountRows(simulatedAmounts(simulated.result), t)} testId={`${TEST_ID}-amounts`} />
          </section>
        )}
        {(stepError || conditions.error) && (
          <Callout intent="danger" data-testid={`${TEST_ID}-error`}>
            {stepError ?? conditions.error}
          </Callout>
        )}
        <div className="op-actions form-actions">
          {step > 0 && (
            <Button icon="arrow-left" data-testid={`${TEST_ID}-previous`} onClick={() => setStep(step - 1)}>
              {t('creditOperations.building.previous')}
            </Button>
          )}
          <div className="op-actions-spacer" />
          {step < 3 && (
            <Button intent="primary" rightIcon="arrow-right" data-testid={`${TEST_ID}-next`} loading={conditions.running} onClick={() => void next()}>
              {step === 1 ? t('creditOperations.building.simulate') : t('creditOperations.building.next')}
            </Button>
          )}
          {step === 3 && (
            <Button intent="success" icon="tick" data-testid={`${TEST_ID}-create`} onClick={openConfirm}>
              {t('creditOperations.building.create')}
            </Button>
          )}
        </div>
      </Card>

      {confirming && simulated && chosen && (
        <MoneyConfirmDialog
          title={t('creditOperations.building.confirmTitle')}
          consequence={t('creditOperations.building.confirmText', { borrower: chosen.name })}
          rows={amountRows(simulatedAmounts(simulated.result), t)}
          amountsTestId={`${TEST_ID}-confirm-amounts`}
          intent="success"
          confirmText={t('creditOperations.building.confirmButton')}
          busyText={t('creditOperations.building.creating')}
          confirmTestId={`${TEST_ID}-confirm`}
          busy={create.isPending}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        >
          {createError && (
            <Callout intent="danger" data-testid={`${TEST_ID}-create-error`}>
              <p>{createError}</p>
              <p className="bp6-text-muted">{t('creditOperations.building.retryHint')}</p>
            </Callout>
          )}
        </MoneyConfirmDialog>
      )}
      <UnsavedChangesPrompt state={{ dirty, saved, readOnly: false }} />
    </div>
  );
}
