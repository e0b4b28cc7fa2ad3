/** /app/profile: own details, own password, own picture. */
import { Button, Card, H4 } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contract, MAX_UPLOAD_BYTES, passwordSchema } from '../../../../shared/contract';
import { callApi } from '../../api/client';
import { useApiMutation } from '../../api/hooks';
import { useSession } from '../../app/session';
import { useToast } from '../../app/toaster';
import { SwitchField, TextField } from '../../components/fields';
import { FormError } from '../../components/FormError';
import { PictureUpload } from '../../components/PictureUpload';
import { useServerErrors } from '../../components/useServerErrors';

const PROFILE_FIELDS = ['name', 'email', 'two_factor', 'currentPassword'] as const;
const PASSWORD_FIELDS = ['oldPassword', 'newPassword', 'confirm'] as const;

function ProfileDataCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const { user, refresh } = useSession();
  const form = useForm({
    resolver: zodResolver(contract['profiles.update'].args),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', two_factor: user?.two_factor ?? false, currentPassword: '' },
  });
  // The server asks for the current password only for these two changes; the field shows only then.
  const [email, twoFactor] = form.watch(['email', 'two_factor']);
  const needsPassword = !!user && (email.trim().toLowerCase() !== user.email.toLowerCase() || (user.two_factor && !twoFactor));
  const { formError, report, clear } = useServerErrors(form.setError, PROFILE_FIELDS);
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
      report(e);
      toast.failure();
    }
  });
  return (
    <Card>
      <H4>{t('shell.profile.dataTitle')}</H4>
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
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { oldPassword: '', newPassword: '', confirm: '' } });
  const { formError, report, clear } = useServerErrors(form.setError, PASSWORD_FIELDS);
  const change = useApiMutation('session.changePassword');
  const submit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    clear();
    try {
      await change.mutateAsync({ oldPassword, newPassword });
      form.reset();
      toast.success(t('common.passwordUpdated'));
    } catch (e) {
      report(e);
      // Spec §8: the failure toast of the password change.
      toast.failure(t('common.failedTryAgain'));
    }
  });
  return (
    <Card>
      <H4>{t('shell.profile.passwordTitle')}</H4>
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
      <H4>{t('shell.profile.pictureTitle')}</H4>
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
