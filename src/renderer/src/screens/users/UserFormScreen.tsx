/**
 * /app/users/:form — 'new' creates, an id edits. Only the roles the signed-in
 * user may manage are offered; a user of a role they may not manage is shown
 * read-only. Activation and password reset ask first.
 */
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { contract } from '@shared/contract';
import { manageableRoles, Role, ROLE_LABELS_PT, type RoleId } from '@shared/roles';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../app/session';
import { usePageInfo } from '../../app/SystemState';
import { useToast } from '../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { FormScreen, useFormScreen } from '@kit/form/FormScreen';
import { parseFormParam } from './formParam';

const schema = contract['users.createAdmin'].args;
const INVALIDATES = ['users.admins', 'users.byId'] as const;

export function UserFormScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const { user: me } = useSession();
  const target = parseFormParam(useParams().form);
  const editId = target.mode === 'edit' ? target.id : 0;
  const existing = useApiQuery('users.byId', { id: editId }, { enabled: target.mode === 'edit' });
  const allowed = manageableRoles(me?.role_id ?? Role.USER);
  const current = existing.data;
  const manageable = !current || allowed.includes(current.role_id);

  const create = useApiMutation('users.createAdmin', { invalidates: INVALIDATES });
  const update = useApiMutation('users.updateAdmin', { invalidates: INVALIDATES });
  const setStatus = useApiMutation('users.setStatus', { invalidates: INVALIDATES });
  const resetPassword = useApiMutation('users.resetPassword');
  const [confirming, setConfirming] = useState<'status' | 'reset' | null>(null);

  const roleOptions = [
    ...allowed.map((r) => ({ value: r, label: ROLE_LABELS_PT[r] })),
    ...(current && !manageable ? [{ value: current.role_id, label: ROLE_LABELS_PT[current.role_id], disabled: true }] : []),
  ];

  const screen = useFormScreen({
    testId: 'user-form',
    schema,
    defaultValues: {
      name: '',
      email: '',
      role_id: (allowed.includes(Role.ADMIN) ? Role.ADMIN : (allowed[0] ?? Role.AGENT)) as RoleId,
      active: false,
      two_factor: false,
    },
    load: target.mode === 'edit' ? existing : undefined,
    toValues: (u) => ({ name: u.name, email: u.email, role_id: u.role_id, active: u.active, two_factor: u.two_factor }),
    invalid: target.mode === 'invalid',
    readOnly: !manageable,
    backTo: '/app/users',
    sections: [
      {
        id: 'account',
        fields: [
          { name: 'name', type: 'text', label: t('shell.users.name'), autoFocus: true },
          { name: 'email', type: 'email', label: t('shell.users.email') },
          { name: 'role_id', type: 'select', numeric: true, label: t('shell.users.role'), testId: 'user-form-role', options: roleOptions },
          { name: 'active', type: 'switch', label: t('shell.users.active') },
          { name: 'two_factor', type: 'switch', label: t('shell.users.twoFactor') },
        ],
      },
    ],
    save: (values) => (target.mode === 'edit' ? update.mutateAsync({ ...values, id: target.id }) : create.mutateAsync(values)),
  });
  usePageInfo(undefined, t(target.mode === 'create' ? 'shell.users.newTitle' : 'shell.users.editTitle'));

  const act = (work: () => Promise<unknown>, done: string) => async () => {
    try {
      await work();
      toast.success(done);
    } catch (e) {
      toast.failure(errorText(e, t));
    }
    setConfirming(null);
  };

  return (
    <FormScreen
      screen={screen}
      notice={current && !manageable && <Callout intent="warning">{t('shell.users.roleNotManageable', { role: ROLE_LABELS_PT[current.role_id] })}</Callout>}
      footer={target.mode === 'create' && <p className="bp6-text-muted">{t('shell.users.createdHint')}</p>}
      actions={
        current &&
        manageable && (
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
        )
      }
    >
      {current && (
        <>
          <ConfirmDialog
            isOpen={confirming === 'status'}
            title={current.active ? t('shell.users.deactivate') : t('shell.users.activate')}
            intent={current.active ? 'danger' : 'success'}
            onConfirm={act(() => setStatus.mutateAsync({ id: current.id, active: !current.active }), t('shell.users.statusDone'))}
            onClose={() => setConfirming(null)}
          >
            {t(current.active ? 'shell.users.confirmDeactivate' : 'shell.users.confirmActivate', { name: current.name })}
          </ConfirmDialog>
          <ConfirmDialog
            isOpen={confirming === 'reset'}
            title={t('shell.users.resetPassword')}
            intent="warning"
            onConfirm={act(() => resetPassword.mutateAsync({ id: current.id }), t('shell.users.resetDone', { email: current.email }))}
            onClose={() => setConfirming(null)}
          >
            {t('shell.users.confirmReset', { name: current.name })}
          </ConfirmDialog>
        </>
      )}
    </FormScreen>
  );
}
