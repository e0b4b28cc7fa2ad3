import { Button, H4 } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiMutation } from '../../api/hooks';
import { useSession } from '../../app/session';
import { useToast } from '../../app/toaster';
import { TextField } from '../../components/fields';
import { FormError } from '../../components/FormError';
import { useServerErrors } from '../../components/useServerErrors';
import { withConfirmation } from './schemas';

const FIELDS = ['newPassword', 'confirm'] as const;

/** The forced change after a temporary password (force_senha). */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { refresh, signOut } = useSession();
  const schema = useMemo(() => withConfirmation('newPassword', t('auth.passwordsDiffer')), [t]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { newPassword: '', confirm: '' } });
  const { formError, report, clear } = useServerErrors(form.setError, FIELDS);
  const change = useApiMutation('users.newPassword');

  const submit = form.handleSubmit(async ({ newPassword }) => {
    clear();
    try {
      await change.mutateAsync({ newPassword });
      toast.success(t('common.passwordUpdated'));
      await refresh();
      navigate('/app/home', { replace: true });
    } catch (e) {
      report(e);
      toast.failure();
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <H4>{t('auth.change.title')}</H4>
      <p>{t('auth.change.text')}</p>
      <TextField control={form.control} name="newPassword" type="password" label={t('auth.change.newPassword')} testId="change-new-password" autoComplete="new-password" autoFocus />
      <TextField control={form.control} name="confirm" type="password" label={t('auth.change.confirmPassword')} testId="change-confirm-password" autoComplete="new-password" />
      <FormError message={formError} />
      <Button type="submit" intent="primary" fill loading={form.formState.isSubmitting} data-testid="change-submit">
        {t('auth.change.submit')}
      </Button>
      <div className="auth-links">
        <a href="#/auth/login" onClick={(e) => (e.preventDefault(), void signOut())}>
          {t('common.signOut')}
        </a>
      </div>
    </form>
  );
}
