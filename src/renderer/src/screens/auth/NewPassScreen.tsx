import { Button, Callout, H4, Spinner } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { TextField } from '../../components/fields';
import { FormError } from '../../components/FormError';
import { useServerErrors } from '../../components/useServerErrors';
import { recoveryState, withConfirmation } from './schemas';

const FIELDS = ['password', 'confirm'] as const;

export function NewPassScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { email, code } = recoveryState(useLocation().state);
  const owner = useApiQuery('recover.lookup', { email, hash: code }, { enabled: code !== '' && email !== '', retry: false });
  const schema = useMemo(() => withConfirmation('password', t('auth.passwordsDiffer')), [t]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const { formError, report, clear } = useServerErrors(form.setError, FIELDS);
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
      <H4>{t('auth.newPass.title')}</H4>
      {owner.isLoading && <Spinner size={20} />}
      {owner.data && <p data-testid="newpass-email">{t('auth.newPass.forEmail', { email: owner.data.email })}</p>}
      {owner.error && (
        <Callout intent="danger" data-testid="newpass-invalid">
          {errorText(owner.error, t)} <Link to="/auth/reset">{t('auth.reset.title')}</Link>
        </Callout>
      )}
      <TextField control={form.control} name="password" type="password" label={t('auth.newPass.password')} testId="newpass-password" autoComplete="new-password" />
      <TextField control={form.control} name="confirm" type="password" label={t('auth.newPass.confirm')} testId="newpass-confirm" autoComplete="new-password" />
      <FormError message={formError} />
      <Button type="submit" intent="primary" fill loading={form.formState.isSubmitting} data-testid="newpass-submit">
        {t('auth.newPass.submit')}
      </Button>
    </form>
  );
}
