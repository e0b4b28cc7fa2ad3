/** /app/users: staff accounts (server paging, filters and sort in the URL) and the Excel export. */
import { AllPanelUsers, ROLE_LABELS_PT } from '@shared/roles';
import { ListScreen } from '@kit/list/ListScreen';

const ROLE_OPTIONS = AllPanelUsers.map((r) => ({ value: String(r), label: ROLE_LABELS_PT[r], raw: true }));

export function UsersListScreen() {
  return (
    <ListScreen
      testId="users"
      operation="users.admins"
      columns={[
        { id: 'name', title: 'users.columns.name', sort: 'name', width: 220, field: 'name' },
        { id: 'email', title: 'users.columns.email', sort: 'email', width: 260, field: 'email' },
        { id: 'role', title: 'users.columns.role', sort: 'role_id', width: 170, text: (u) => ROLE_LABELS_PT[u.role_id] },
        { id: 'active', title: 'users.columns.active', sort: 'active', width: 90, kind: 'boolean', field: 'active' },
        { id: 'created', title: 'users.columns.createdAt', sort: 'created_at', width: 120, kind: 'date', field: 'created_at' },
      ]}
      filters={[
        { kind: 'text', key: 'name', label: 'shell.users.filterName' },
        { kind: 'text', key: 'email', label: 'shell.users.filterEmail' },
        // role_id travels as text: the numeric 1/2 convention would turn role 1 into 'true'.
        { kind: 'select', key: 'role_id', label: 'shell.users.filterRole', options: ROLE_OPTIONS },
        { kind: 'yesNo', key: 'active', label: 'shell.users.filterActive', wording: 'active' },
      ]}
      rowLink={(u) => `/app/users/${u.id}`}
      toolbar={[{ id: 'new', label: 'shell.users.newUser', to: '/app/users/new' }]}
      export={{ operation: 'users.export', title: 'users.exportTitle', fileName: 'usuarios' }}
    />
  );
}
