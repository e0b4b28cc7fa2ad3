import { Button, Callout, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useApiMutation } from '../../api/hooks';
import { afterLoginTarget } from '../../app/guards';
import { useSession } from '../../app/session';
import { TextField } from '@kit/fields';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import { loginSchema } from './schemas';
import { PreferencesButton } from '../preferences/PreferencesDialog';

export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const routeState = (location.state ?? {}) as { from?: string; passwordChanged?: boolean };
  const { refresh, setPending } = useSession();
  const { form, labels, formError, report, clear } = useKitForm({ schema: loginSchema, defaultValues: { email: '', password: '' }, labels: { email: t('auth.login.email'), password: t('auth.login.password') } });
  const login = useApiMutation('session.login');

  const submit = form.handleSubmit(async (values) => {
    clear();
    try {
      const result = await login.mutateAsync(values);
      if (result.two_factor && result.hash) {
        setPending({ hash: result.hash, from: routeState.from });
        navigate('/auth/twoFactors');
        return;
      }
      await refresh();
      navigate(result.force_senha ? '/auth/change' : afterLoginTarget(routeState.from), { replace: true });
    } catch (e) {
      // Credentials are one question: a wrong pair is reported on the form, not on a field.
      report(e);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <H2 className="heading-as-h4">{t('auth.login.title')}</H2>
      <p className="bp6-text-muted">{routeState.from ? t('auth.login.from') : t('auth.login.subtitle')}</p>
      {routeState.passwordChanged && (
        <Callout intent="success" data-testid="login-success">
          {t('auth.login.passwordChanged')}
        </Callout>
      )}
      <TextField control={form.control} name="email" type="email" label={labels.email} testId="login-email" autoComplete="username" autoFocus />
      <TextField control={form.control} name="password" type="password" label={labels.password} testId="login-password" autoComplete="current-password" />
      <FormError message={formError} testId="login-error" />
      <Button type="submit" intent="primary" fill loading={form.formState.isSubmitting} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
      <div className="auth-links">
        <Link to="/auth/reset" data-testid="login-forgot">
          {t('auth.login.forgot')}
        </Link>
        <Link to="/auth/register" data-testid="login-register">
          {t('auth.login.register')}
        </Link>
      </div>
      <div className="auth-links">
        <PreferencesButton testId="login-preferences" />
      </div>
    </form>
  );
}
