/**
 * The entrepreneurs list's columns, taken from the contract's export columns
 * (ENTREPRENEUR_EXPORT_COLUMNS: field, header and format once); the screen
 * adds its widths and sorts, formats the CPF, reads phone and state whole and
 * shows the day the account was created (the export writes the time too).
 */
import { ENTREPRENEUR_EXPORT_COLUMNS, type Entrepreneur } from '@shared/contract';
import { exportColumns, type ColumnDecl } from '@kit/list/columns';
import type { SortOf } from '@kit/list/contractTypes';

type Sort = SortOf<'users.entrepreneurs'>;
const column = exportColumns<Entrepreneur, Sort>(ENTREPRENEUR_EXPORT_COLUMNS);

export const ENTREPRENEUR_COLUMNS: ColumnDecl<Entrepreneur, Sort>[] = [
  column('name', { sort: 'name', width: 220 }),
  column('email', { sort: 'email', width: 240 }),
  column('cpf', { width: 140, kind: 'document' }),
  column('phone', { width: 140, kind: 'identifier' }),
  column('state', { sort: 'state', width: 60, kind: 'identifier' }),
  column('city', { sort: 'city', width: 140 }),
  column('active', { width: 80 }),
  column('created_at', { id: 'created', sort: 'created_at', width: 120, kind: 'date' }),
];
