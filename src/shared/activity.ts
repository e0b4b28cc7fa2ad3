/**
 * Every activity-log code the server can write, listed once. The server's
 * writer types its `action` and `entity` against these lists, and the logs
 * screens translate them (a unit test checks that each has a pt-BR and an
 * English label), so a new code cannot reach the screen as a raw string
 * without somebody noticing.
 */

/** Record kinds of the three simple catalogues, as the log names them. */
export const CATALOGUE_ACTIVITY_ENTITIES = ['situation', 'how-did-find', 'lending-reason'] as const;
export type CatalogueActivityEntity = (typeof CATALOGUE_ACTIVITY_ENTITIES)[number];

/** Verbs the generic catalogue service writes for each simple catalogue. */
export const CATALOGUE_ACTIVITY_VERBS = ['create', 'update', 'activate', 'deactivate', 'delete'] as const;
export type CatalogueActivityVerb = (typeof CATALOGUE_ACTIVITY_VERBS)[number];

export const ACTIVITY_ENTITIES = [
  'user',
  'lgpd_request',
  'bureau_report',
  ...CATALOGUE_ACTIVITY_ENTITIES,
  'project',
  'project-banner',
  'upload',
  'broadcast',
  'system',
  'company',
  'iof_parameter',
  'simulation',
  'solicitation',
  'solicitation-document',
  'solicitation-comment',
  'solicitation-staff-document',
] as const;
export type ActivityEntityKind = (typeof ACTIVITY_ENTITIES)[number];

const CATALOGUE_ACTIONS = CATALOGUE_ACTIVITY_ENTITIES.flatMap((entity) =>
  CATALOGUE_ACTIVITY_VERBS.map((verb) => `${entity}.${verb}` as const),
);

export const ACTIVITY_ACTIONS = [
  'session.login',
  'session.logout',
  'user.create',
  'user.update',
  'user.delete',
  'user.erase',
  'user.activate',
  'user.deactivate',
  'user.register',
  'user.register.duplicate',
  'user.email.confirm',
  'user.password.reset',
  'user.password.change',
  'user.password.forced-change',
  'user.password.recover-request',
  'user.password.recover',
  'profile.update',
  'entrepreneur.update',
  'entrepreneur.admin-update',
  'lgpd.request.create',
  'lgpd.request.refuse',
  'lgpd.request.close',
  'bureau.report.create',
  ...CATALOGUE_ACTIONS,
  'project.create',
  'project.update',
  'project.delete',
  'project.banner.upload',
  'project.api-key.regenerate',
  'upload.create',
  'upload.delete',
  'broadcast.create',
  'seed.demo',
  'company.parameters.update',
  'iof-parameter.create',
  'iof-parameter.update',
  'iof-parameter.delete',
  'simulation.delete',
  'solicitation.status',
  'solicitation.status-only',
  'solicitation.project',
  'solicitation.delete',
  'solicitation.document.upload',
  'solicitation.document.replace',
  'solicitation.document.approve',
  'solicitation.comment.create',
  'solicitation.comment.delete',
  'solicitation.staff-document.upload',
  'solicitation.staff-document.delete',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number] | `${CatalogueActivityEntity}.${CatalogueActivityVerb}`;

/**
 * Field names that appear in the before/after snapshots the server writes
 * (users, catalogues, projects, LGPD requests, broadcasts, uploads, the seed).
 */
export const ACTIVITY_FIELDS = [
  'id',
  'name',
  'email',
  'role_id',
  'active',
  'two_factor',
  'force_senha',
  'email_confirmed',
  'cpf',
  'phone',
  'deleted_at',
  'label',
  'percentage',
  'title',
  'description',
  'url',
  'banner',
  'api_key',
  'mime',
  'size',
  'type',
  'owner_id',
  'user_id',
  'channel',
  'status',
  'received_at',
  'outcome',
  'model_id',
  'provider',
  'score',
  'uploads_removed',
  'messages_removed',
  'anonymised',
  'subject',
  'mode',
  'recipients',
  'left_out_invalid',
  'users',
  // entrepreneurs' client info and simulations
  'state',
  'city',
  'birthday',
  'cep',
  'address',
  'cnpj',
  'company_name',
  'bank_accounts',
  'value',
  'plots',
  'monthly_rate',
  'installment',
  'solicitation_id',
  'reason',
  'notified',
  'project_id',
  'slot',
  'upload_id',
  'replaces',
  'approved_at',
  // the demo seed's and the LGPD erase's counts of the credit intake
  'seeded_solicitations',
  'seeded_documents',
  'seeded_comments',
  'seeded_simulations',
  'solicitations_anonymised',
  'comments_removed',
  'bureau_reports_removed',
  // company parameters and IOF rates
  'min_monthly_rate',
  'max_monthly_rate',
  'min_installments',
  'max_installments',
  'min_value',
  'max_value',
  'tac',
  'other_fees',
  'late_fee_percent',
  'default_interest_monthly_percent',
  'grace_days',
  'finance_iof_default',
  'person_type',
  'daily_percent',
  'additional_percent',
  'valid_from',
  'valid_to',
  'legal_basis',
] as const;
export type ActivityField = (typeof ACTIVITY_FIELDS)[number];

/** The flat i18n key part of a code: i18next splits keys on '.', so dots and dashes become '_'. */
export function activityKey(code: string): string {
  return code.replace(/[.-]/g, '_');
}
