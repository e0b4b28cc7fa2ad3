/**
 * The activity log's columns, taken from the contract's export columns
 * (LOG_EXPORT_COLUMNS: field, header and format once); the screen adds its
 * widths and sorts, writes the actor with the e-mail beside the name (the
 * export gives the e-mail a column of its own), the action and the record
 * kind in words, and reads the record's id whole.
 */
import { LOG_EXPORT_COLUMNS, type LogItem } from '@shared/contract';
import { exportColumns, type ColumnDecl } from '@kit/list/columns';
import type { SortOf } from '@kit/list/contractTypes';
import { actionLabel, entityLabel } from './labels';

type Sort = SortOf<'logs.all'>;
const column = exportColumns<LogItem, Sort>(LOG_EXPORT_COLUMNS);

export const LOG_COLUMNS: ColumnDecl<LogItem, Sort>[] = [
  column('created_at', { id: 'created', sort: 'created_at', width: 150 }),
  column('actor_name', {
    id: 'actor',
    sort: 'actor',
    width: 280,
    text: (l, t) => (l.actor_id === null ? t('logs.system') : `${l.actor_name ?? ''} <${l.actor_email ?? ''}>`),
  }),
  column('action', { sort: 'action', width: 190, text: (l, t) => actionLabel(t, l.action) }),
  column('entity', { sort: 'entity', width: 150, text: (l, t) => entityLabel(t, l.entity) }),
  column('entity_id', { id: 'entityId', width: 90, kind: 'identifier' }),
];
