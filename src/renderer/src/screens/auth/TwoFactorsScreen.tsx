import { Button, Callout, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useApiMutation } from '../../api/hooks';
import { afterLoginTarget } from '../../app/guards';
import { useSession } from '../../app/session';
import { TextField } from '@kit/fields';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import { twoFactorSchema } from './schemas';

/** The two-factor step: the pending hash from the sign-in (memory only) and the e-mailed code. */
export function TwoFactorsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pending, setPending, refresh } = useSession();
  const { form, labels, formError, report, clear } = useKitForm({ schema: twoFactorSchema, defaultValues: { code: '' }, labels: { code: t('auth.twoFactors.code') } });
  const verify = useApiMutation('session.verifyHash');

  if (!pending) {
    return (
      <Callout intent="warning" data-testid="twofactor-missing">
        {t('auth.twoFactors.missing')} <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </Callout>
    );
  }

  const submit = form.handleSubmit(async ({ code }) => {
    clear();
    try {
      const result = await verify.mutateAsync({ hash: pending.hash, code });
      const from = pending.from;
      setPending(null);
      await refresh();
      navigate(result.force_senha ? '/auth/change' : afterLoginTarget(from), { replace: true });
    } catch (e) {
      report(e);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <H2 className="heading-as-h4">{t('auth.twoFactors.title')}</H2>
      <p>{t('auth.twoFactors.text')}</p>
      <TextField control={form.control} name="code" label={labels.code} testId="twofactor-code" autoComplete="one-time-code" autoFocus />
      <FormError message={formError} />
      <Button type="submit" intent="primary" fill loading={form.formState.isSubmitting} data-testid="twofactor-submit">
        {t('auth.twoFactors.submit')}
      </Button>
      <div className="auth-links">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </div>
    </form>
  );
}
