/**
 * The confirmation before money moves (a proposal created, its conditions
 * replaced, a contract issued or cancelled, an operation decided): it says
 * what will happen, states the amounts as declared rows, then whatever the
 * move needs (a reason, a second approver's note, the server's refusal), and
 * waits for the server. While the call runs the dialog cannot be closed and
 * a second click does nothing, so a double click never moves money twice.
 */
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, type Intent } from '@blueprintjs/core';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyCells, type MoneyRow } from './moneyRows';
import './moneyConfirm.css';

export type { MoneyRow } from './moneyRows';

/** The amounts as a two-column table (also shown outside a dialog, e.g. a summary before confirming). */
export function MoneyRowsTable({ rows, testId }: { rows: readonly MoneyRow[]; testId: string }) {
  return (
    <HTMLTable compact className="money-confirm-amounts" data-testid={testId}>
      <tbody>
        {moneyCells(rows, testId).map((cell) => (
          <tr key={cell.key}>
            <th scope="row">{cell.label}</th>
            <td className="numeric" data-testid={cell.testId}>
              {cell.strong ? <strong>{cell.value}</strong> : cell.value}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export interface MoneyConfirmDialogProps {
  title: string;
  /** what confirming does, and to whom, said before the amounts */
  consequence: ReactNode;
  consequenceTestId?: string;
  /** said first, above everything (e.g. that the move will wait for another person's approval) */
  notice?: ReactNode;
  rows: readonly MoneyRow[];
  /** test id of the amounts table; a row with an id is `<amountsTestId>-<id>` */
  amountsTestId: string;
  /** under the amounts: what the move needs or answered (fields, notes, errors) */
  children?: ReactNode;
  /** the confirm button's colour: the kind of move (approve, refuse…) */
  intent?: Intent;
  confirmText: string;
  /** the confirm button's words while the call runs (its label when absent) */
  busyText?: string;
  confirmTestId: string;
  /** 'confirm-dialog-cancel', as every confirmation's cancel button, when absent */
  cancelTestId?: string;
  /** the caller's call is running (its mutation is pending) */
  busy?: boolean;
  /** confirming makes no sense now (e.g. the record changed meanwhile) */
  confirmDisabled?: boolean;
  /** the dialog is busy until the returned promise settles */
  onConfirm(): Promise<unknown> | void;
  onClose(): void;
}

export function MoneyConfirmDialog(props: MoneyConfirmDialogProps) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  // Set synchronously: a double click's second event comes before React re-renders with `running`.
  const started = useRef(false);
  const busy = running || (props.busy ?? false);

  const confirm = async () => {
    if (started.current) return;
    started.current = true;
    setRunning(true);
    try {
      await props.onConfirm();
    } finally {
      started.current = false;
      setRunning(false);
    }
  };

  return (
    <Dialog isOpen title={props.title} onClose={busy ? undefined : props.onClose} canOutsideClickClose={!busy}>
      <DialogBody>
        {props.notice}
        <p data-testid={props.consequenceTestId}>{props.consequence}</p>
        <MoneyRowsTable rows={props.rows} testId={props.amountsTestId} />
        {props.children}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button data-testid={props.cancelTestId ?? 'confirm-dialog-cancel'} disabled={busy} onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              intent={props.intent ?? 'primary'}
              data-testid={props.confirmTestId}
              loading={busy}
              disabled={props.confirmDisabled}
              onClick={() => void confirm()}
            >
              {busy && props.busyText ? props.busyText : props.confirmText}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
