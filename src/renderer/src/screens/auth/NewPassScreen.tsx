import { Button, Callout, H2, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { TextField } from '@kit/fields';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import { recoveryState, withConfirmation } from './schemas';

export function NewPassScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { email, code } = recoveryState(useLocation().state);
  const owner = useApiQuery('recover.lookup', { email, hash: code }, { enabled: code !== '' && email !== '', retry: false });
  const schema = useMemo(() => withConfirmation('password', t('auth.passwordsDiffer')), [t]);
  const { form, labels, formError, report, clear } = useKitForm({ schema: schema, defaultValues: { password: '', confirm: '' }, labels: { password: t('auth.newPass.password'), confirm: t('auth.newPass.confirm') } });
  const change = useApiMutation('recover.changePass');

  if (!code || !email) {
    return (
      <Callout intent="warning" data-testid="newpass-missing">
        {t('auth.newPass.missingCode')} <Link to="/auth/reset">{t('auth.reset.title')}</Link>
      </Callout>
    );
  }

  const submit = form.handleSubmit(async ({ password }) => {
    clear();
    try {
      await change.mutateAsync({ email, hash: code, password });
      toast.success(t('common.passwordUpdated'));
      navigate('/auth/login', { replace: true, state: { passwordChanged: true } });
    } catch (e) {
      report(e);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <H2 className="heading-as-h4">{t('auth.newPass.title')}</H2>
      {owner.isLoading && <Spinner size={20} />}
      {owner.data && <p data-testid="newpass-email">{t('auth.newPass.forEmail', { email: owner.data.email })}</p>}
      {owner.error && (
        <Callout intent="danger" data-testid="newpass-invalid">
          {errorText(owner.error, t)} <Link to="/auth/reset">{t('auth.reset.title')}</Link>
        </Callout>
      )}
      <TextField control={form.control} name="password" type="password" label={labels.password} testId="newpass-password" autoComplete="new-password" />
      <TextField control={form.control} name="confirm" type="password" label={labels.confirm} testId="newpass-confirm" autoComplete="new-password" />
      <FormError message={formError} />
      <Button type="submit" intent="primary" fill loading={form.formState.isSubmitting} data-testid="newpass-submit">
        {t('auth.newPass.submit')}
      </Button>
    </form>
  );
}
