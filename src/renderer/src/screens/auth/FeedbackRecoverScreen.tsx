import { Button, Callout, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useApiMutation } from '../../api/hooks';
import { TextField } from '@kit/fields';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import { recoverCodeSchema, recoveryState } from './schemas';

/** After the recovery request: explains the e-mail and takes the code from it. */
export function FeedbackRecoverScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { email } = recoveryState(useLocation().state);
  const { form, labels, formError, report, clear } = useKitForm({ schema: recoverCodeSchema, defaultValues: { email, hash: '' }, labels: { email: t('auth.reset.email'), hash: t('auth.feedback.code') } });
  const verify = useApiMutation('recover.verifyHash');

  const submit = form.handleSubmit(async ({ email, hash }) => {
    clear();
    try {
      const { valid } = await verify.mutateAsync({ email, hash });
      if (!valid) {
        form.setError('hash', { type: 'server', message: t('auth.feedback.invalid') });
        return;
      }
      // In the navigation state, not the address: a code in a URL ends up in histories and logs.
      navigate('/auth/newPass', { state: { email, code: hash.trim() } });
    } catch (e) {
      report(e);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <H2 className="heading-as-h4">{t('auth.feedback.title')}</H2>
      <Callout intent="primary" icon="envelope">
        {t('auth.feedback.text')}
      </Callout>
      <TextField control={form.control} name="email" type="email" label={labels.email} testId="recover-email" />
      <TextField control={form.control} name="hash" label={labels.hash} testId="recover-code" autoFocus />
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
