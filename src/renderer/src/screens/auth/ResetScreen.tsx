import { Button, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useApiMutation } from '../../api/hooks';
import { TextField } from '@kit/fields';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import { resetSchema } from './schemas';

export function ResetScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, labels, formError, report, clear } = useKitForm({ schema: resetSchema, defaultValues: { email: '' }, labels: { email: t('auth.reset.email') } });
  const request = useApiMutation('recover.request');

  const submit = form.handleSubmit(async (values) => {
    clear();
    try {
      await request.mutateAsync(values);
      // The code is only good with its e-mail: the next screens carry it, never in the address.
      navigate('/auth/feedbackRecoverPass', { state: { email: values.email } });
    } catch (e) {
      report(e);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <H2 className="heading-as-h4">{t('auth.reset.title')}</H2>
      <p>{t('auth.reset.text')}</p>
      <TextField control={form.control} name="email" type="email" label={labels.email} testId="reset-email" autoFocus />
      <FormError message={formError} />
      <Button type="submit" intent="primary" fill loading={form.formState.isSubmitting} data-testid="reset-submit">
        {t('auth.reset.submit')}
      </Button>
      <div className="auth-links">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </div>
    </form>
  );
}
