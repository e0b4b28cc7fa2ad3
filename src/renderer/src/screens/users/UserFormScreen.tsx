/**
 * /app/users/:form — 'new' creates, an id edits. Only the roles the signed-in
 * user may manage are offered; activation and password reset ask first.
 */
import { Button, Callout, Card, Spinner } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { contract } from '../../../../shared/contract';
import { manageableRoles, Role, ROLE_LABELS_PT, type RoleId } from '../../../../shared/roles';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../app/session';
import { usePageInfo } from '../../app/SystemState';
import { useToast } from '../../app/toaster';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NumberSelectField, SwitchField, TextField } from '../../components/fields';
import { FormError } from '../../components/FormError';
import { StaleBanner } from '../../components/StaleBanner';
import { useServerErrors } from '../../components/useServerErrors';
import { parseFormParam } from './formParam';

const schema = contract['users.createAdmin'].args;
const FIELDS = ['name', 'email', 'role_id', 'active', 'two_factor'] as const;

export function UserFormScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { user: me } = useSession();
  const target = parseFormParam(useParams().form);
  const editId = target.mode === 'edit' ? target.id : 0;
  const existing = useApiQuery('users.byId', { id: editId }, { enabled: target.mode === 'edit' });
  const allowed = manageableRoles(me?.role_id ?? Role.USER);
  usePageInfo(undefined, t(target.mode === 'create' ? 'shell.users.newTitle' : 'shell.users.editTitle'));

  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      name: '',
      email: '',
      role_id: (allowed.includes(Role.ADMIN) ? Role.ADMIN : allowed[0] ?? Role.AGENT) as RoleId,
      active: false,
      two_factor: false,
    },
  });
  const { formError, report, clear } = useServerErrors(form.setError, FIELDS);
  const { reset } = form;
  useEffect(() => {
    if (existing.data) {
      const u = existing.data;
      reset({ name: u.name, email: u.email, role_id: u.role_id, active: u.active, two_factor: u.two_factor });
    }
  }, [existing.data, reset]);

  const create = useApiMutation('users.createAdmin', { invalidates: ['users.admins'] });
  const update = useApiMutation('users.updateAdmin', { invalidates: ['users.admins', 'users.byId'] });
  const setStatus = useApiMutation('users.setStatus', { invalidates: ['users.admins', 'users.byId'] });
  const resetPassword = useApiMutation('users.resetPassword');
  const [confirming, setConfirming] = useState<'status' | 'reset' | null>(null);

  if (target.mode === 'invalid') {
    return <Callout intent="danger" data-testid="user-form-invalid">{t('errors.notFound')}</Callout>;
  }
  if (target.mode === 'edit' && existing.isLoading) return <Spinner />;
  if (target.mode === 'edit' && existing.error) {
    return (
      <Callout intent="danger" data-testid="user-form-load-error">
        {errorText(existing.error, t)}
      </Callout>
    );
  }

  const current = existing.data;
  const roleEditable = !current || allowed.includes(current.role_id);
  const roleOptions = [
    ...allowed.map((r) => ({ value: r, label: ROLE_LABELS_PT[r] })),
    ...(current && !allowed.includes(current.role_id) ? [{ value: current.role_id, label: ROLE_LABELS_PT[current.role_id], disabled: true }] : []),
  ];

  const submit = form.handleSubmit(async (values) => {
    clear();
    try {
      if (target.mode === 'edit') await update.mutateAsync({ ...values, id: target.id });
      else await create.mutateAsync(values);
      toast.success();
      navigate('/app/users');
    } catch (e) {
      report(e);
      toast.failure();
    }
  });

  const toggleStatus = async () => {
    if (!current) return;
    try {
      await setStatus.mutateAsync({ id: current.id, active: !current.active });
      form.setValue('active', !current.active);
      toast.success(t('shell.users.statusDone'));
    } catch (e) {
      toast.failure(errorText(e, t));
    }
    setConfirming(null);
  };

  const doReset = async () => {
    if (!current) return;
    try {
      await resetPassword.mutateAsync({ id: current.id });
      toast.success(t('shell.users.resetDone', { email: current.email }));
    } catch (e) {
      toast.failure(errorText(e, t));
    }
    setConfirming(null);
  };

  return (
    <div className="screen">
      <Card>
        <form onSubmit={(e) => void submit(e)} noValidate className="user-form">
          {existing.stale && <StaleBanner at={existing.cachedAt} testId="user-form-stale" />}
          {!roleEditable && current && (
            <Callout intent="warning">{t('shell.users.roleNotManageable', { role: ROLE_LABELS_PT[current.role_id] })}</Callout>
          )}
          <TextField control={form.control} name="name" label={t('shell.users.name')} testId="user-form-name" autoFocus />
          <TextField control={form.control} name="email" type="email" label={t('shell.users.email')} testId="user-form-email" />
          <NumberSelectField control={form.control} name="role_id" label={t('shell.users.role')} testId="user-form-role" options={roleOptions} disabled={!roleEditable} />
          <SwitchField control={form.control} name="active" label={t('shell.users.active')} testId="user-form-active" />
          <SwitchField control={form.control} name="two_factor" label={t('shell.users.twoFactor')} testId="user-form-two-factor" />
          {target.mode === 'create' && <p className="bp6-text-muted">{t('shell.users.createdHint')}</p>}
          <FormError message={formError} />
          <div className="form-actions">
            <Button onClick={() => navigate('/app/users')}>{t('common.back')}</Button>
            {current && (
              <>
                <Button
                  icon={current.active ? 'disable' : 'confirm'}
                  intent={current.active ? 'danger' : 'success'}
                  data-testid="user-form-toggle-status"
                  onClick={() => setConfirming('status')}
                >
                  {current.active ? t('shell.users.deactivate') : t('shell.users.activate')}
                </Button>
                <Button icon="key" data-testid="user-form-reset-password" onClick={() => setConfirming('reset')}>
                  {t('shell.users.resetPassword')}
                </Button>
              </>
            )}
            <Button type="submit" intent="primary" icon="floppy-disk" loading={form.formState.isSubmitting} data-testid="user-form-save">
              {t('common.save')}
            </Button>
          </div>
        </form>
      </Card>
      {current && (
        <>
          <ConfirmDialog
            isOpen={confirming === 'status'}
            title={current.active ? t('shell.users.deactivate') : t('shell.users.activate')}
            intent={current.active ? 'danger' : 'success'}
            onConfirm={toggleStatus}
            onClose={() => setConfirming(null)}
          >
            {t(current.active ? 'shell.users.confirmDeactivate' : 'shell.users.confirmActivate', { name: current.name })}
          </ConfirmDialog>
          <ConfirmDialog
            isOpen={confirming === 'reset'}
            title={t('shell.users.resetPassword')}
            intent="warning"
            onConfirm={doReset}
            onClose={() => setConfirming(null)}
          >
            {t('shell.users.confirmReset', { name: current.name })}
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}
