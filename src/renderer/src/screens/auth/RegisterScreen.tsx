import { Button, Callout, H2 } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApiMutation } from '../../api/hooks';
import { TextField } from '@kit/fields';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import { registerSchema } from './schemas';

export function RegisterScreen() {
  const { t } = useTranslation();
  const [done, setDone] = useState<string | null>(null);
  const { form, labels, formError, report, clear } = useKitForm({ schema: registerSchema, defaultValues: { name: '', email: '', password: '' }, labels: { name: t('auth.register.name'), email: t('auth.register.email'), password: t('auth.register.password') } });
  const register = useApiMutation('users.register');

  const submit = form.handleSubmit(async (values) => {
    clear();
    try {
      const result = await register.mutateAsync(values);
      setDone(result.email);
    } catch (e) {
      report(e);
    }
  });

  if (done) {
    return (
      <div>
        <H2 className="heading-as-h4">{t('auth.register.title')}</H2>
        <Callout intent="success" data-testid="register-done">
          {t('auth.register.done', { email: done })}
        </Callout>
        <div className="auth-links">
          <Link to="/auth/login">{t('auth.backToLogin')}</Link>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <H2 className="heading-as-h4">{t('auth.register.title')}</H2>
      <p>{t('auth.register.text')}</p>
      <TextField control={form.control} name="name" label={labels.name} testId="register-name" autoFocus />
      <TextField control={form.control} name="email" type="email" label={labels.email} testId="register-email" />
      <TextField control={form.control} name="password" type="password" label={labels.password} testId="register-password" autoComplete="new-password" />
      <FormError message={formError} />
      <Button type="submit" intent="primary" fill loading={form.formState.isSubmitting} data-testid="register-submit">
        {t('auth.register.submit')}
      </Button>
      <div className="auth-links">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </div>
    </form>
  );
}
