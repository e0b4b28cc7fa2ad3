/**
 * /app/profile: own details, own password, own picture. Both forms use the
 * kit's form setup (localized messages naming fields by label, errors cleared
 * as they are corrected); one message per error: a field error only on its
 * field, anything else once beside the button.
 */
import { Button, Card, H2 } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contract, MAX_UPLOAD_BYTES, passwordSchema } from '@shared/contract';
import { callApi } from '../../api/client';
import { useApiMutation } from '../../api/hooks';
import { useSession } from '../../app/session';
import { useToast } from '../../app/toaster';
import { SwitchField, TextField } from '@kit/fields';
import { FormError } from '@kit/FormError';
import { PictureUpload } from '@kit/PictureUpload';
import { useKitForm } from '@kit/form/useKitForm';
import { isApiError } from '../../api/errors';

function ProfileDataCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const { user, refresh } = useSession();
  const { form, formError, report, clear } = useKitForm({
    schema: contract['profiles.update'].args,
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', two_factor: user?.two_factor ?? false, currentPassword: '' },
    labels: {
      name: t('shell.profile.name'),
      email: t('shell.profile.email'),
      two_factor: t('shell.profile.twoFactor'),
      currentPassword: t('shell.profile.currentPassword'),
    },
  });
  // The server asks for the current password only for these two changes; the field shows only then.
  const [email, twoFactor] = form.watch(['email', 'two_factor']);
  const needsPassword = !!user && (email.trim().toLowerCase() !== user.email.toLowerCase() || (user.two_factor && !twoFactor));
  const update = useApiMutation('profiles.update');
  const submit = form.handleSubmit(async (values) => {
    clear();
    try {
      const { currentPassword, ...rest } = values;
      const saved = await update.mutateAsync(needsPassword ? { ...rest, currentPassword } : rest);
      form.reset({ name: saved.name, email: saved.email, two_factor: saved.two_factor, currentPassword: '' });
      await refresh();
      toast.success();
    } catch (e) {
      // Said once: on its field, or beside the button.
      report(e);
    }
  });
  return (
    <Card>
      <H2 className="heading-as-h4">{t('shell.profile.dataTitle')}</H2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField control={form.control} name="name" label={t('shell.profile.name')} testId="profile-name" />
        <TextField control={form.control} name="email" type="email" label={t('shell.profile.email')} testId="profile-email" />
        <SwitchField control={form.control} name="two_factor" label={t('shell.profile.twoFactor')} testId="profile-two-factor" />
        {needsPassword && (
          <>
            <p className="bp6-text-muted">{t('shell.profile.currentPasswordHelp')}</p>
            <TextField
              control={form.control}
              name="currentPassword"
              type="password"
              label={t('shell.profile.currentPassword')}
              testId="profile-current-password"
              autoComplete="current-password"
            />
          </>
        )}
        <FormError message={formError} />
        <Button type="submit" intent="primary" loading={form.formState.isSubmitting} data-testid="profile-save">
          {t('shell.profile.save')}
        </Button>
      </form>
    </Card>
  );
}

function PasswordCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const schema = useMemo(
    () =>
      contract['session.changePassword'].args
        .extend({ newPassword: passwordSchema, confirm: z.string() })
        .refine((v) => v.newPassword === v.confirm, { message: t('auth.passwordsDiffer'), path: ['confirm'] }),
    [t],
  );
  const { form, formError, report, clear } = useKitForm({
    schema,
    defaultValues: { oldPassword: '', newPassword: '', confirm: '' },
    labels: {
      oldPassword: t('shell.profile.oldPassword'),
      newPassword: t('shell.profile.newPassword'),
      confirm: t('shell.profile.confirmPassword'),
    },
  });
  const change = useApiMutation('session.changePassword');
  const submit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    clear();
    try {
      await change.mutateAsync({ oldPassword, newPassword });
      form.reset();
      toast.success(t('common.passwordUpdated'));
    } catch (e) {
      const placed = report(e);
      // The spec's failure toast of the password change, for failures that no field explains
      // (a lost connection stays beside the button, where it says the input was kept).
      if (!placed.field && !(isApiError(e) && e.code === 'network')) {
        clear();
        toast.failure(t('common.failedTryAgain'));
      }
    }
  });
  return (
    <Card>
      <H2 className="heading-as-h4">{t('shell.profile.passwordTitle')}</H2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField control={form.control} name="oldPassword" type="password" label={t('shell.profile.oldPassword')} testId="profile-old-password" autoComplete="current-password" />
        <TextField control={form.control} name="newPassword" type="password" label={t('shell.profile.newPassword')} testId="profile-new-password" autoComplete="new-password" />
        <TextField control={form.control} name="confirm" type="password" label={t('shell.profile.confirmPassword')} testId="profile-confirm-password" autoComplete="new-password" />
        <FormError message={formError} />
        <Button type="submit" intent="primary" loading={form.formState.isSubmitting} data-testid="profile-password-save">
          {t('shell.profile.savePassword')}
        </Button>
      </form>
    </Card>
  );
}

function PictureCard() {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <Card>
      <H2 className="heading-as-h4">{t('shell.profile.pictureTitle')}</H2>
      <PictureUpload
        testId="profile-picture"
        maxBytes={MAX_UPLOAD_BYTES}
        onUpload={async (file) => {
          try {
            await callApi('uploads.create', { type: 'avatar', file });
            toast.success();
          } catch {
            toast.failure();
          }
        }}
      />
    </Card>
  );
}

export function ProfileScreen() {
  const { user } = useSession();
  return (
    <div className="screen profile-grid">
      {/* keyed by the user so the form starts from the latest saved details */}
      <ProfileDataCard key={user?.updated_at ?? 'none'} />
      <PasswordCard />
      <PictureCard />
    </div>
  );
}
