import { Button, Callout, H4 } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useApiMutation } from '../../api/hooks';
import { TextField } from '../../components/fields';
import { FormError } from '../../components/FormError';
import { useServerErrors } from '../../components/useServerErrors';
import { recoverCodeSchema } from './schemas';

const FIELDS = ['hash'] as const;

/** After the recovery request: explains the e-mail and takes the code from it. */
export function FeedbackRecoverScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(recoverCodeSchema), defaultValues: { hash: '' } });
  const { formError, report, clear } = useServerErrors(form.setError, FIELDS);
  const verify = useApiMutation('recover.verifyHash');

  const submit = form.handleSubmit(async ({ hash }) => {
    clear();
    try {
      const { valid } = await verify.mutateAsync({ hash });
      if (!valid) {
        form.setError('hash', { type: 'server', message: t('auth.feedback.invalid') });
        return;
      }
      navigate(`/auth/newPass?code=${encodeURIComponent(hash.trim())}`);
    } catch (e) {
      report(e);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <H4>{t('auth.feedback.title')}</H4>
      <Callout intent="primary" icon="envelope">
        {t('auth.feedback.text')}
      </Callout>
      <TextField control={form.control} name="hash" label={t('auth.feedback.code')} testId="recover-code" autoFocus />
      <FormError message={formError} />
      <Button type="submit" intent="primary" fill loading={form.formState.isSubmitting} data-testid="recover-code-submit">
        {t('auth.feedback.submit')}
      </Button>
      <div className="auth-links">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </div>
    </form>
  );
}
