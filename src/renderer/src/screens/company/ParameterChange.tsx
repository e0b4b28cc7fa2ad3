/**
 * A change of the company's parameters waiting for another administrator
 * (four eyes: every parameter is money, COMPANY_FOUR_EYES_PARAMETERS): who
 * asked and when (the kit's ApprovalFacts, as a credit approval shows it), each
 * parameter it changes with the value in force and the one asked for, and the
 * answers the person reading may give — approve or refuse (with a reason) for
 * another administrator, withdraw (with a reason) for the one who asked, who
 * is told it went to someone else. The confirmation is the servicing
 * decisions' dialog (ReasonMoneyDialog) with the same rows; a refusal of the
 * server (the parameters changed since: the change was cancelled) stays in
 * it, and closing it reads the parameters again.
 */
import { Button, Callout } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_FOUR_EYES_PARAMETERS, type FourEyesParameter, type ParameterChange, type ParameterValues } from '@shared/contract';
import { formatCurrency, formatRate } from '@shared/format';
import { ApprovalFacts } from '@kit/ApprovalFacts';
import { MoneyRowsTable, type MoneyRow } from '@kit/MoneyConfirmDialog';
import { kebab } from '@kit/form/FieldInput';
import { useApiMutation } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { COMPANY_ID } from '../../app/company';
import { ReasonMoneyDialog, type ReasonRule } from '../servicing/ReasonMoneyDialog';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One parameter's value in words, by its kind. */
export function parameterText(name: FourEyesParameter, values: ParameterValues, t: Translate): string {
  const value = values[name];
  switch (COMPANY_FOUR_EYES_PARAMETERS[name]) {
    case 'money':
      return formatCurrency(value as string);
    case 'percent':
      return formatRate(value as string);
    case 'switch':
      return t(value ? 'common.yes' : 'common.no');
    case 'fees': {
      const fees = value as ParameterValues['other_fees'];
      return fees.length ? fees.map((f) => `${f.name} ${formatCurrency(f.amount)}`).join('; ') : t('company.parameters.noFees');
    }
    default:
      return String(value);
  }
}

/** The change as rows: each parameter it changes, in force → asked for. */
export function changeRows(change: ParameterChange, t: Translate): MoneyRow[] {
  return change.changed.map((name) => ({
    label: t(`company.parameters.fields.${name}`),
    text: t('company.parameters.change.fromTo', { from: parameterText(name, change.before, t), to: parameterText(name, change.proposed, t) }),
    id: kebab(name),
  }));
}

type Answer = 'approve' | 'refuse' | 'withdraw';

/** An optional note when approving; a reason, recorded, when refusing or withdrawing. */
function reasonRule(answer: Answer, k: (key: string) => string): ReasonRule {
  return answer === 'approve'
    ? { label: k('note'), hint: k('noteHint'), minLength: 0, tooShort: '' }
    : { label: k('reason'), hint: k('reasonHint'), minLength: 1, tooShort: k('reasonRequired') };
}

/** What a four-eyes change panel needs: the request, its rows, where its answer goes and the texts of its answers. */
export interface ChangePanelProps {
  request: ParameterChange['request'];
  askedByYou: boolean;
  rows: MoneyRow[];
  /** `<testId>-approve`, `-refuse`, `-withdraw`, `-sent`, `-rows`, `-approval`; the dialog's `<decidePrefix>-…` */
  testId: string;
  decidePrefix: string;
  headingLevel?: 2 | 3;
  /** the answer's own texts (`approveTitle`, `approveText`, `approveDone`, … of each answer) */
  answerText(key: string): string;
  send(approve: boolean, reason: string | null): Promise<unknown>;
  /** the query read again when the dialog closes (a refusal of the server leaves the screen behind) */
  queryKey: string;
}

/** A change waiting for another administrator: who asked, what it changes, approve / refuse / withdraw. */
export function ChangeApprovalPanel({ request, askedByYou, rows, testId, decidePrefix, headingLevel = 2, answerText, send, queryKey }: ChangePanelProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const k = (key: string, options?: Record<string, unknown>) => t(`company.parameters.change.${key}`, options);
  return (
    <section className="company-parameter-change" data-testid={testId}>
      <ApprovalFacts
        approval={request}
        testId={`${testId}-approval`}
        headingLevel={headingLevel}
        texts={{ title: k('title'), maker: k('maker'), nextRoles: (roles) => k('nextRoles', { roles }), youCan: k('youCan') }}
      />
      {askedByYou && (
        <Callout intent="primary" icon="send-message" data-testid={`${testId}-sent`}>
          {k('sent')}
        </Callout>
      )}
      <p className="company-parameter-change-intro">{k('intro')}</p>
      <MoneyRowsTable rows={rows} testId={`${testId}-rows`} />
      <div className="form-actions company-parameter-change-actions">
        {request.can_check && (
          <>
            <Button intent="success" icon="tick" data-testid={`${testId}-approve`} onClick={() => setAnswer('approve')}>
              {k('approve')}
            </Button>
            <Button icon="cross" data-testid={`${testId}-refuse`} onClick={() => setAnswer('refuse')}>
              {k('refuse')}
            </Button>
          </>
        )}
        {askedByYou && (
          <Button icon="undo" data-testid={`${testId}-withdraw`} onClick={() => setAnswer('withdraw')}>
            {k('withdraw')}
          </Button>
        )}
      </div>
      {answer && (
        <ReasonMoneyDialog
          testPrefix={decidePrefix}
          title={answerText(`${answer}Title`)}
          consequence={answerText(`${answer}Text`)}
          rows={rows}
          intent={answer === 'approve' ? 'success' : 'primary'}
          confirmText={k(answer)}
          reason={reasonRule(answer, k)}
          send={(reason) => send(answer === 'approve', reason)}
          onDone={() => {
            toast.success(answerText(`${answer}Done`));
            setAnswer(null);
          }}
          onClose={() => {
            setAnswer(null);
            // A refusal of the server (the change decided or cancelled meanwhile) leaves the screen behind: read it again.
            void client.invalidateQueries({ queryKey: [queryKey] });
          }}
        />
      )}
    </section>
  );
}

export function ParameterChangePanel({ change }: { change: ParameterChange }) {
  const { t } = useTranslation();
  const decide = useApiMutation('company.decideParameters', { invalidates: ['company.parameters'] });
  return (
    <ChangeApprovalPanel
      request={change.request}
      askedByYou={change.asked_by_you}
      rows={changeRows(change, t)}
      testId="company-parameters-change"
      decidePrefix="company-parameters-decide"
      answerText={(key) => t(`company.parameters.change.${key}`)}
      send={(approve, reason) => decide.mutateAsync({ id: COMPANY_ID, approve, reason })}
      queryKey="company.parameters"
    />
  );
}
