/**
 * The staff list's columns, taken from the contract's export columns
 * (ADMIN_USER_EXPORT_COLUMNS: field, header and format once); the screen
 * adds its widths and sorts, words the role and shows the day the account
 * was created (the export writes the time too).
 */
import { ADMIN_USER_EXPORT_COLUMNS, type AdminUser } from '@shared/contract';
import { ROLE_LABELS_PT } from '@shared/roles';
import { exportColumns, type ColumnDecl } from '@kit/list/columns';
import type { SortOf } from '@kit/list/contractTypes';

const column = exportColumns<AdminUser, SortOf<'users.admins'>>(ADMIN_USER_EXPORT_COLUMNS);

export const USER_COLUMNS: ColumnDecl<AdminUser, SortOf<'users.admins'>>[] = [
  column('name', { sort: 'name', width: 220 }),
  column('email', { sort: 'email', width: 260 }),
  column('role_id', { id: 'role', sort: 'role_id', width: 170, text: (u) => ROLE_LABELS_PT[u.role_id] }),
  column('active', { sort: 'active', width: 90 }),
  column('created_at', { id: 'created', sort: 'created_at', width: 120, kind: 'date' }),
];
