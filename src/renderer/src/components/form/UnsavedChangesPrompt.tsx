/**
 * Asks before a form with unsaved changes is left through the app's
 * navigation (menu, breadcrumbs, back). Closing the window is not intercepted:
 * in Electron a cancelled beforeunload silently keeps the window open with no
 * question shown, which is worse than losing the edit.
 */
import { Alert } from '@blueprintjs/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { afterLeaveAnswer, shouldConfirmLeave, type FormLeaveState, type LeaveAnswer } from './unsaved';

export function UnsavedChangesPrompt({ state }: { state: FormLeaveState }) {
  const { t } = useTranslation();
  // The blocker reads the state of the moment the navigation starts.
  const latest = useRef(state);
  latest.current = state;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => shouldConfirmLeave(latest.current, currentLocation, nextLocation));
  const answer = (a: LeaveAnswer) => {
    if (blocker.state !== 'blocked') return;
    if (afterLeaveAnswer(a) === 'proceed') blocker.proceed();
    else blocker.reset();
  };
  return (
    <Alert
      isOpen={blocker.state === 'blocked'}
      intent="warning"
      icon="warning-sign"
      cancelButtonText={t('form.unsaved.stay')}
      confirmButtonText={t('form.unsaved.leave')}
      onCancel={() => answer('stay')}
      onConfirm={() => answer('leave')}
      className="unsaved-changes-alert"
    >
      <p data-testid="unsaved-changes-prompt">
        <strong>{t('form.unsaved.title')}</strong>
      </p>
      <p>{t('form.unsaved.text')}</p>
    </Alert>
  );
}
