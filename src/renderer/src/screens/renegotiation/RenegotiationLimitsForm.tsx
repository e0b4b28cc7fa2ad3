/**
 * The renegotiation limits per role, a section of the company's parameters (declared on the screen kit's form):
 * for each panel role the most discount on the late charges and the interest (percent 0–100) and the discount up to
 * which an agreement needs no second approval (R$). Administrators change them (the update call's roles); as the
 * parameters, saving asks another administrator (four eyes, approval kind renegotiation.limits): while a change
 * waits, the form is read-only and the panel shows it (in force → asked for) with approve / refuse / withdraw.
 * Approved, it applies at once, from the next simulation (the simulate screen shows the signed-in role's limits).
 */
import { Button, Callout } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import type { LimitsChange } from '@shared/contract/renegotiation';
import { formatCurrency } from '@shared/format';
import { hasProfilePermission, type RoleId } from '@shared/roles';
import { ApprovalFacts } from '@kit/ApprovalFacts';
import { FormScreen, useFormScreen } from '@kit/form/FormScreen';
import type { FieldDecl } from '@kit/form/FieldInput';
import { MoneyRowsTable, type MoneyRow } from '@kit/MoneyConfirmDialog';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../app/session';
import { useToast } from '../../app/toaster';
import { COMPANY_ID } from '../../app/company';
import { ReasonMoneyDialog } from '../servicing/ReasonMoneyDialog';
import { aloneField, LIMIT_ROLES, limitsFormSchema, limitsToValues, percentField, percentText, valuesToArgs, type LimitsValues } from './limits-model';

type Answer = 'approve' | 'refuse' | 'withdraw';
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
  const toast = useToast();
  const client = useQueryClient();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const decide = useApiMutation('renegotiation.decideLimits', { invalidates: ['renegotiation.limits', 'renegotiation.installments'] });
  const c = (key: string, vars?: Record<string, unknown>) => t(`company.parameters.change.${key}`, vars);
  const k = (key: string) => t(`renegotiation.limitsForm.${key}`);
  const rows = changeRows(change, t, i18n.language);
  const { request } = change;
  return (
    <section className="company-parameter-change" data-testid="reneg-limits-change">
      <ApprovalFacts
        approval={request}
        testId="reneg-limits-change-approval"
        headingLevel={3}
        texts={{ title: c('title'), maker: c('maker'), nextRoles: (roles) => c('nextRoles', { roles }), youCan: c('youCan') }}
      />
      {change.asked_by_you && (
        <Callout intent="primary" icon="send-message" data-testid="reneg-limits-change-sent">
          {c('sent')}
        </Callout>
      )}
      <p className="company-parameter-change-intro">{c('intro')}</p>
      <MoneyRowsTable rows={rows} testId="reneg-limits-change-rows" />
      <div className="form-actions company-parameter-change-actions">
        {request.can_check && (
          <>
            <Button intent="success" icon="tick" data-testid="reneg-limits-change-approve" onClick={() => setAnswer('approve')}>
              {c('approve')}
            </Button>
            <Button icon="cross" data-testid="reneg-limits-change-refuse" onClick={() => setAnswer('refuse')}>
              {c('refuse')}
            </Button>
          </>
        )}
        {change.asked_by_you && (
          <Button icon="undo" data-testid="reneg-limits-change-withdraw" onClick={() => setAnswer('withdraw')}>
            {c('withdraw')}
          </Button>
        )}
      </div>
      {answer && (
        <ReasonMoneyDialog
          testPrefix="reneg-limits-decide"
          title={k(`${answer}Title`)}
          consequence={k(`${answer}Text`)}
          rows={rows}
          intent={answer === 'approve' ? 'success' : 'primary'}
          confirmText={c(answer)}
          reason={
            answer === 'approve'
              ? { label: c('note'), hint: c('noteHint'), minLength: 0, tooShort: '' }
              : { label: c('reason'), hint: c('reasonHint'), minLength: 1, tooShort: c('reasonRequired') }
          }
          send={(reason) => decide.mutateAsync({ id: COMPANY_ID, approve: answer === 'approve', reason })}
          onDone={() => {
            toast.success(k(`${answer}Done`));
            setAnswer(null);
          }}
          onClose={() => {
            setAnswer(null);
            void client.invalidateQueries({ queryKey: ['renegotiation.limits'] });
          }}
        />
      )}
    </section>
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
