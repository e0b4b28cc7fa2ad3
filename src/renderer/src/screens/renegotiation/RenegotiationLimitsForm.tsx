/**
 * The renegotiation limits per role, a section of the company's parameters (declared on the screen kit's form):
 * for each panel role the most discount on the late charges and the interest (percent 0–100) and the discount up to
 * which an agreement needs no second approval (R$). Administrators change them (the update call's roles); as the
 * parameters, saving asks another administrator (four eyes, approval kind renegotiation.limits): while a change
 * waits, the form is read-only and the panel shows it (in force → asked for) with approve / refuse / withdraw.
 * Approved, it applies at once, from the next simulation (the simulate screen shows the signed-in role's limits).
 */
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import type { LimitsChange } from '@shared/contract/renegotiation';
import { formatCurrency } from '@shared/format';
import { hasProfilePermission, type RoleId } from '@shared/roles';
import { FormScreen, useFormScreen } from '@kit/form/FormScreen';
import type { FieldDecl } from '@kit/form/FieldInput';
import type { MoneyRow } from '@kit/MoneyConfirmDialog';
import { ChangeApprovalPanel } from '../company/ParameterChange';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../app/session';
import { COMPANY_ID } from '../../app/company';
import { aloneField, LIMIT_ROLES, limitsFormSchema, limitsToValues, percentField, percentText, valuesToArgs, type LimitsValues } from './limits-model';

type Translate = (key: string, vars?: Record<string, unknown>) => string;

function changeRows(change: LimitsChange, t: Translate, language: string): MoneyRow[] {
  return change.changed.map((role) => {
    const from = change.before.find((r) => r.role_id === role);
    const to = change.proposed.find((r) => r.role_id === role);
    return {
      label: t(`access.roles.${role}`),
      text: t('renegotiation.limitsForm.fromTo', {
        percentFrom: percentText(from?.max_discount_percent ?? '0', language),
        aloneFrom: formatCurrency(from?.alone_up_to ?? '0'),
        percentTo: percentText(to?.max_discount_percent ?? '0', language),
        aloneTo: formatCurrency(to?.alone_up_to ?? '0'),
      }),
      id: `role-${role}`,
    };
  });
}

function LimitsChangePanel({ change }: { change: LimitsChange }) {
  const { t, i18n } = useTranslation();
  const decide = useApiMutation('renegotiation.decideLimits', { invalidates: ['renegotiation.limits', 'renegotiation.installments'] });
  return (
    <ChangeApprovalPanel
      request={change.request}
      askedByYou={change.asked_by_you}
      rows={changeRows(change, t, i18n.language)}
      testId="reneg-limits-change"
      decidePrefix="reneg-limits-decide"
      headingLevel={3}
      answerText={(key) => t(`renegotiation.limitsForm.${key}`)}
      send={(approve, reason) => decide.mutateAsync({ id: COMPANY_ID, approve, reason })}
      queryKey="renegotiation.limits"
    />
  );
}

export function RenegotiationLimitsForm() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const canEdit = hasProfilePermission(user?.role_id, contract['renegotiation.updateLimits'].access as readonly RoleId[]);
  const query = useApiQuery('renegotiation.limits', { id: COMPANY_ID });
  const update = useApiMutation('renegotiation.updateLimits', { invalidates: ['renegotiation.limits'] });
  const pending = query.data?.pending_change ?? null;
  const k = (key: string, vars?: Record<string, unknown>) => t(`renegotiation.limitsForm.${key}`, vars);
  const fields: FieldDecl<LimitsValues>[] = LIMIT_ROLES.flatMap((role) => [
    { name: percentField(role), type: 'percentage' as const, label: k('percent', { role: t(`access.roles.${role}`) }) },
    { name: aloneField(role), type: 'money' as const, label: k('alone', { role: t(`access.roles.${role}`) }) },
  ]);
  const screen = useFormScreen({
    testId: 'reneg-limits',
    schema: limitsFormSchema,
    defaultValues: { company_id: COMPANY_ID },
    load: { data: query.data, isLoading: query.isLoading, error: query.error, stale: query.stale, cachedAt: query.cachedAt },
    toValues: (data) => limitsToValues(data, i18n.language),
    readOnly: !canEdit || pending !== null,
    readOnlyText: canEdit && pending ? k('locked') : undefined,
    savedText: k('sentForApproval'),
    sections: [{ id: 'limits', title: k('title'), fields }],
    save: (values) => update.mutateAsync(valuesToArgs(values as Record<string, unknown>)),
  });
  const notice = pending ? (
    <LimitsChangePanel change={pending} />
  ) : (
    <p className="bp6-text-muted" data-testid="reneg-limits-intro">
      {k('intro')}
    </p>
  );
  return <FormScreen screen={screen} notice={notice} />;
}
