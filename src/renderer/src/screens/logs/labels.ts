/**
 * Words for the activity log's codes: the server writes stable codes
 * ('session.login', 'lgpd_request', 'force_senha'), the screens show what they
 * mean in the chosen language. A code this version does not know (a newer
 * server) is shown as written rather than hidden.
 */
import { activityKey } from '@shared/activity';
import { isRoleId, ROLE_LABELS_PT } from '@shared/roles';
import { formatDateTime } from '@shared/format';

/** The part of i18next's `t` these helpers use. */
export type Translate = (key: string, options?: { defaultValue: string }) => string;

/** 'session.login' → 'Entrada no sistema'. */
export function actionLabel(t: Translate, code: string): string {
  return t(`logs.actions.${activityKey(code)}`, { defaultValue: code });
}

/** 'lgpd_request' → 'Pedido LGPD'. */
export function entityLabel(t: Translate, kind: string): string {
  return t(`logs.entities.${activityKey(kind)}`, { defaultValue: kind });
}

/** 'force_senha' → 'Troca de senha obrigatória'. */
export function fieldLabel(t: Translate, name: string): string {
  return t(`logs.fields.${activityKey(name)}`, { defaultValue: name });
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A snapshot value as a person reads it: absent '—', null '(vazio)', booleans
 * Sim/Não, a role id by its name, instants in local time; anything else as is.
 */
export function valueText(t: Translate, value: unknown, field?: string): string {
  if (value === undefined) return t('logs.detail.absent');
  if (value === null || value === '') return t('logs.values.empty');
  if (typeof value === 'boolean') return t(value ? 'logs.values.yes' : 'logs.values.no');
  if (field === 'role_id' && isRoleId(value)) return ROLE_LABELS_PT[value];
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The record column: kind in words and its id, e.g. 'Usuário 12'. */
export function recordText(t: Translate, kind: string, id: number | null | undefined): string {
  return id === null || id === undefined ? entityLabel(t, kind) : `${entityLabel(t, kind)} ${id}`;
}
