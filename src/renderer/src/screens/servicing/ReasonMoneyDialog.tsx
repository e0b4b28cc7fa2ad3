/**
 * A money move that goes with a reason (a reversal, a write-off, its undoing,
 * a second person's answer): the confirmation with the amounts, the reason
 * field, and the server's answer. The reason is checked before anything is
 * sent (required with a least length, or optional as an approver's note);
 * the dialog keeps one idempotency key for its life, so confirming again
 * after a lost answer never moves money twice. A refusal of the server about
 * the reason shows on the field, any other in the dialog.
 *
 * Test ids follow `testPrefix`: `-consequence`, `-amounts`, `-reason`,
 * `-confirm`, `-error`.
 */
import { Callout, type Intent } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../api/errors';
import { NoteField } from '@kit/form/NoteField';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { MoneyConfirmDialog, type MoneyRow } from '@kit/MoneyConfirmDialog';

export interface ReasonRule {
  label: string;
  hint: string;
  /** 0: optional (sent as null when empty) */
  minLength: number;
  /** said when the reason is missing or shorter than minLength */
  tooShort: string;
}

type Translate = (key: string) => string;

/** A second person's answer: a note when approving, a required reason when refusing. */
export function decisionReasonRule(approve: boolean, t: Translate): ReasonRule {
  return approve
    ? { label: t('servicing.decide.note'), hint: t('servicing.decide.noteHint'), minLength: 0, tooShort: '' }
    : { label: t('servicing.decide.reason'), hint: t('servicing.decide.reasonHint'), minLength: 1, tooShort: t('servicing.decide.reasonRequired') };
}

/** An installment or operation move's reason: at least five characters (the contract's rule). */
export function moveReasonRule(t: Translate): ReasonRule {
  return { label: t('servicing.moves.dialog.reason'), hint: t('servicing.moves.dialog.reasonHint'), minLength: 5, tooShort: t('servicing.moves.dialog.reasonShort') };
}

export interface ReasonMoneyDialogProps<R> {
  testPrefix: string;
  title: string;
  consequence: ReactNode;
  rows: readonly MoneyRow[];
  intent: Intent;
  confirmText: string;
  busyText?: string;
  reason: ReasonRule;
  /** sends the move; rejects with the server's refusal */
  send(reason: string | null, idempotencyKey: string): Promise<R>;
  onDone(result: R): void;
  onClose(): void;
  /** shown between the amounts and the reason */
  children?: ReactNode;
  /** said first, above the amounts (that the move will wait for another person's approval) */
  notice?: ReactNode;
}

export function ReasonMoneyDialog<R>(props: ReasonMoneyDialogProps<R>) {
  const { t } = useTranslation();
  const [key] = useState(() => newIdempotencyKey());
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { testPrefix: p, reason: rule } = props;

  const confirm = async () => {
    const text = reason.trim();
    if (rule.minLength > 0 && text.length < rule.minLength) {
      setReasonError(rule.tooShort);
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      const result = await props.send(text || null, key);
      props.onDone(result);
    } catch (e) {
      if (isApiError(e) && e.field === 'reason') setReasonError(errorText(e, t));
      else setFailure(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <MoneyConfirmDialog
      title={props.title}
      consequence={props.consequence}
      consequenceTestId={`${p}-consequence`}
      notice={props.notice}
      rows={props.rows}
      amountsTestId={`${p}-amounts`}
      intent={props.intent}
      confirmText={props.confirmText}
      busyText={props.busyText}
      confirmTestId={`${p}-confirm`}
      busy={busy}
      onConfirm={confirm}
      onClose={props.onClose}
    >
      {props.children}
      <NoteField
        id={`${p}-reason`}
        label={rule.label}
        hint={rule.hint}
        invalidText={reasonError ?? ''}
        invalid={reasonError !== null}
        rows={3}
        maxLength={1000}
        value={reason}
        disabled={busy}
        onChange={(text) => {
          setReason(text);
          setReasonError(null);
        }}
      />
      {failure && (
        <Callout intent="danger" data-testid={`${p}-error`}>
          {failure}
        </Callout>
      )}
    </MoneyConfirmDialog>
  );
}
