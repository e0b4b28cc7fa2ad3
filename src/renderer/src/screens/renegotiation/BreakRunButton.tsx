/**
 * "Verificar quebras agora": the break rule run on demand (renegotiation.runBreaks, for the roles its call admits),
 * after a confirmation saying what it does; the answer says how many agreements broke on the business date and which
 * (each a link to its agreement). The server's job runs the same rule once a business day by itself.
 */
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contract } from '@shared/contract';
import { formatDate } from '@shared/format';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { RoleGate } from '@kit/RoleGate';
import { errorText } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';

export function BreakRunButton() {
  const { t } = useTranslation();
  const run = useApiMutation('renegotiation.runBreaks', { invalidates: ['renegotiation.get'] });
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<{ as_of: string; broken: number[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const k = (key: string, vars?: Record<string, unknown>) => t(`renegotiation.breaks.${key}`, vars);
  return (
    <RoleGate roles={contract['renegotiation.runBreaks'].access}>
      <div className="reneg-breaks" data-testid="reneg-breaks">
        <Button icon="confirm" data-testid="reneg-breaks-run" onClick={() => setAsking(true)}>
          {k('run')}
        </Button>
        {result && (
          <Callout intent={result.broken.length ? 'warning' : 'success'} data-testid="reneg-breaks-result" data-count={result.broken.length}>
            {result.broken.length === 0 ? (
              k('none', { date: formatDate(result.as_of) })
            ) : (
              <>
                {k('broke', { count: result.broken.length, date: formatDate(result.as_of) })}{' '}
                {result.broken.map((id, i) => (
                  <span key={id}>
                    {i > 0 && ', '}
                    <Link to={`/app/clientOperation/renegotiation/agreement/${id}`} data-testid={`reneg-breaks-agreement-${id}`}>
                      {k('agreement', { id })}
                    </Link>
                  </span>
                ))}
              </>
            )}
          </Callout>
        )}
        {failure && (
          <Callout intent="danger" data-testid="reneg-breaks-error">
            {failure}
          </Callout>
        )}
        <ConfirmDialog
          isOpen={asking}
          title={k('title')}
          confirmText={k('confirm')}
          intent="warning"
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            setFailure(null);
            try {
              setResult(await run.mutateAsync({}));
            } catch (error) {
              setResult(null);
              setFailure(errorText(error, t));
            }
            setAsking(false);
          }}
        >
          <p data-testid="reneg-breaks-text">{k('text')}</p>
        </ConfirmDialog>
      </div>
    </RoleGate>
  );
}
