import { Callout, H2, Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorText } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';

export function ConfirmEmailScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const confirm = useApiMutation('users.confirmEmail');
  const sent = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    // Once per token, even under StrictMode's double effects.
    if (sent.current === token) return;
    sent.current = token;
    mutate({ token });
  }, [token, mutate]);

  return (
    <div data-testid="confirm-email">
      <H2 className="heading-as-h4">{t('auth.confirmEmail.title')}</H2>
      {confirm.isPending && (
        <p>
          <Spinner size={16} /> {t('auth.confirmEmail.working')}
        </p>
      )}
      {confirm.isSuccess && (
        <Callout intent="success" data-testid="confirm-email-done">
          {t('auth.confirmEmail.done', { email: confirm.data.email })}
        </Callout>
      )}
      {confirm.isError && (
        <Callout intent="danger" data-testid="confirm-email-error">
          {errorText(confirm.error, t)}
        </Callout>
      )}
      <div className="auth-links">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </div>
    </div>
  );
}
