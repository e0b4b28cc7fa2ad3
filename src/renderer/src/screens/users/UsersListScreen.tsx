/** /app/users: staff accounts (server paging, filters and sort in the URL) and the Excel export. */
import { AllPanelUsers, ROLE_LABELS_PT } from '@shared/roles';
import { ListScreen } from '@kit/list/ListScreen';
import { USER_COLUMNS } from './columns';

const ROLE_OPTIONS = AllPanelUsers.map((r) => ({ value: String(r), label: ROLE_LABELS_PT[r], raw: true }));

export function UsersListScreen() {
  return (
    <ListScreen
      testId="users"
      emptyHint="emptyHints.users"
      operation="users.admins"
      columns={USER_COLUMNS}
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
