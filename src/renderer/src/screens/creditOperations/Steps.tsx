/** The numbered steps of a flow (Blueprint has no stepper): done steps may be reopened, later ones wait. */
import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function Steps({ steps, current, onOpen, testId }: { steps: readonly { id: string; label: string }[]; current: number; onOpen(index: number): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('creditOperations.steps.label')}>
      <ol className="op-steps" data-testid={testId}>
        {steps.map((s, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'todo';
          return (
            <li key={s.id} className={`op-step op-step-${state}`} data-testid={`${testId}-${s.id}`} data-state={state}>
              <button
                type="button"
                className="op-step-button"
                disabled={i >= current}
                aria-current={i === current ? 'step' : undefined}
                onClick={() => onOpen(i)}
              >
                <span className="op-step-number" aria-hidden="true">
                  {i < current ? <Icon icon="tick" size={12} /> : i + 1}
                </span>
                <span className="op-step-label">{s.label}</span>
                {i < current && <span className="op-sr-only"> ({t('creditOperations.steps.done')})</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
