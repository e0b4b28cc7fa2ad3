import { Button, H2 } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiMutation } from '../../api/hooks';
import { useSession } from '../../app/session';
import { useToast } from '../../app/toaster';
import { TextField } from '@kit/fields';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import { withConfirmation } from './schemas';

/** The forced change after a temporary password (force_senha). */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { refresh, signOut } = useSession();
  const schema = useMemo(() => withConfirmation('newPassword', t('auth.passwordsDiffer')), [t]);
  const { form, labels, formError, report, clear } = useKitForm({ schema: schema, defaultValues: { newPassword: '', confirm: '' }, labels: { newPassword: t('auth.change.newPassword'), confirm: t('auth.change.confirmPassword') } });
  const change = useApiMutation('users.newPassword');

  const submit = form.handleSubmit(async ({ newPassword }) => {
    clear();
    try {
      await change.mutateAsync({ newPassword });
      toast.success(t('common.passwordUpdated'));
      await refresh();
      navigate('/app/home', { replace: true });
    } catch (e) {
      // One message per error: on its field, or in the form's error area.
      report(e);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <H2 className="heading-as-h4">{t('auth.change.title')}</H2>
      <p>{t('auth.change.text')}</p>
      <TextField control={form.control} name="newPassword" type="password" label={labels.newPassword} testId="change-new-password" autoComplete="new-password" autoFocus />
      <TextField control={form.control} name="confirm" type="password" label={labels.confirm} testId="change-confirm-password" autoComplete="new-password" />
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
