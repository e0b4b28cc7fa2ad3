/**
 * The analysis tabs that read and write the operation's records: management
 * (where it stands, who made the conditions, who approved them — one or two
 * people besides the maker — or whose second approval is awaited and who may
 * give it), the complement form (saved with the version, like every change), the borrower's
 * other operations (the exposure), the timeline (every event, who and when,
 * in the workstation's time zone) and the staff's messages.
 */
import { Button, Callout, FormGroup, HTMLTable, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contract, type ApprovalRequest } from '@shared/contract';
import { PAYMENT_METHODS, type CreditOperation } from '@shared/contract/credit-operations';
import { OPINION_CLOSED_STATUSES } from '@shared/credit-operation-status';
import { formatCurrency, formatDate, formatDateTime } from '@shared/format';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { ApprovalFacts } from '@kit/ApprovalFacts';
import { FormScreen, useFormScreen } from '@kit/form/FormScreen';
import { useRefreshOperation } from './Decision';
import { isFinal, percentText, statusIntent, sumMoney } from './model';

function Loading({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error) return <Callout intent="danger">{errorText(error, t)}</Callout>;
  return <Spinner size={24} />;
}

/** Who made the conditions, who checked them, and — while the second approval is awaited — who may give it. */
function OperationApproval({ approval, limit }: { approval: ApprovalRequest | null; limit: string }) {
  const { t } = useTranslation();
  const k = (key: string) => `creditOperations.analysis.management.approval.${key}`;
  return (
    <ApprovalFacts
      approval={approval}
      testId="management-approval"
      texts={{ title: t(k('title')), none: t(k('none')), maker: t(k('maker')), amount: t(k('amount')), nextRoles: (roles) => t(k('nextRoles'), { roles }), youCan: t(k('youCan')) }}
      policy={t(k('policy'), { limit: formatCurrency(limit) })}
    />
  );
}

export function ManagementPanel({ op }: { op: CreditOperation }) {
  const { t } = useTranslation();
  const query = useApiQuery('creditOperation.management', { id: op.id });
  const m = query.data;
  if (!m) return <Loading error={query.error} />;
  const none = t('creditOperations.analysis.management.none');
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <tr>
      <th scope="row">{t(`creditOperations.analysis.management.${label}`)}</th>
      <td data-testid={testId}>{value}</td>
    </tr>
  );
  return (
    <div data-testid="analysis-management">
      {m.approve_refusal && (
        <Callout intent="primary" icon="eye-open" data-testid="management-approve-refusal">
          {m.approve_refusal}
        </Callout>
      )}
      <HTMLTable compact className="op-facts-table">
        <tbody>
          {row('status', <Tag intent={statusIntent(m.status)}>{t(`creditOperations.status.${m.status}`)}</Tag>, 'management-status')}
          {row('daysInStatus', t('creditOperations.analysis.management.days', { count: m.days_in_status }))}
          {row('createdBy', m.created_by_name ?? none)}
          {row('createdAt', formatDateTime(m.created_at))}
          {row('madeBy', m.maker_name ?? none, 'management-maker')}
          {row('madeAt', formatDateTime(m.made_at))}
          {row('decidedBy', m.decided_by_name ?? none, 'management-decided-by')}
          {row('decidedAt', m.decided_at ? formatDateTime(m.decided_at) : none)}
          {row('reason', m.decision_reason ?? none, 'management-reason')}
          {row('version', m.version)}
        </tbody>
      </HTMLTable>
      <OperationApproval approval={m.approval} limit={m.second_approval_above} />
    </div>
  );
}

const complementSchema = contract['creditOperation.updateComplement'].args;

export function ComplementPanel({ op }: { op: CreditOperation }) {
  const { t } = useTranslation();
  const refresh = useRefreshOperation();
  const query = useApiQuery('creditOperation.complement', { id: op.id });
  const save = useApiMutation('creditOperation.updateComplement');
  const f = (k: string) => t(`creditOperations.analysis.complement.${k}`);
  const screen = useFormScreen({
    testId: 'complement',
    schema: complementSchema,
    defaultValues: { id: op.id, version: op.version, purpose: '', payment_method: 'boleto', analyst_opinion: '', notes: '' },
    load: { data: query.data, isLoading: query.isLoading, error: query.error, stale: query.stale, cachedAt: query.cachedAt },
    // The version read with the complement goes back with the change: an edit made elsewhere meanwhile is a 409, not overwritten.
    toValues: (c) => ({ id: op.id, version: c.version, purpose: c.purpose ?? '', payment_method: c.payment_method, analyst_opinion: c.analyst_opinion ?? '', notes: c.notes ?? '' }),
    readOnly: op.status === 'disbursed',
    savedText: f('saved'),
    sections: [
      {
        id: 'complement',
        fields: [
          { name: 'purpose', type: 'textarea', label: f('purpose'), rows: 2 },
          { name: 'payment_method', type: 'select', label: f('payment_method'), options: PAYMENT_METHODS.map((p) => ({ value: p, label: t(`creditOperations.paymentMethods.${p}`) })) },
          // Issued on this opinion: the server keeps it as approved (409), so it is not offered for change.
          { name: 'analyst_opinion', type: 'textarea', label: f('analyst_opinion'), rows: 4, disabled: OPINION_CLOSED_STATUSES.includes(op.status) },
          { name: 'notes', type: 'textarea', label: f('notes'), rows: 3 },
        ],
      },
    ],
    save: async (values) => {
      const saved = await save.mutateAsync(values);
      // The operation's version moved: the decision bar and the other tabs read it again.
      await refresh();
      return saved;
    },
  });
  const orientation = query.data?.orientation_message;
  return (
    <FormScreen
      screen={screen}
      notice={
        orientation ? (
          <Callout icon="annotation" data-testid="complement-orientation">
            <strong>{f('orientation')}:</strong> {orientation}
          </Callout>
        ) : undefined
      }
    />
  );
}

export function OthersPanel({ op }: { op: CreditOperation }) {
  const { t } = useTranslation();
  const query = useApiQuery('creditOperation.others', { id: op.id });
  const rows = query.data;
  if (!rows) return <Loading error={query.error} />;
  if (rows.length === 0) return <p className="bp6-text-muted" data-testid="analysis-others-empty">{t('creditOperations.analysis.others.none')}</p>;
  const exposure = sumMoney(rows.filter((r) => !isFinal(r.status)).map((r) => r.principal));
  return (
    <div data-testid="analysis-others">
      <p>
        <strong>{t('creditOperations.analysis.others.exposure', { amount: formatCurrency(exposure) })}</strong>
      </p>
      <HTMLTable compact striped>
        <thead>
          <tr>
            <th scope="col">{t('creditOperations.list.columns.number')}</th>
            <th scope="col">{t('creditOperations.list.columns.product')}</th>
            <th scope="col" className="numeric">{t('creditOperations.list.columns.principal')}</th>
            <th scope="col" className="numeric">{t('creditOperations.list.columns.rate')}</th>
            <th scope="col" className="numeric">{t('creditOperations.list.columns.plots')}</th>
            <th scope="col">{t('creditOperations.summary.disbursement')}</th>
            <th scope="col">{t('creditOperations.list.columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid={`analysis-other-${r.id}`}>
              <td>
                <Link to={`/app/clientOperation/analize/${r.id}`}>{r.number}</Link>
              </td>
              <td>{t(`creditOperations.products.${r.product}`)}</td>
              <td className="numeric">{formatCurrency(r.principal)}</td>
              <td className="numeric">{percentText(r.monthly_rate)}</td>
              <td className="numeric">{r.installments_count}</td>
              <td>{formatDate(r.disbursement_date)}</td>
              <td>
                <Tag minimal intent={statusIntent(r.status)}>{t(`creditOperations.status.${r.status}`)}</Tag>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

export function TimelinePanel({ op }: { op: CreditOperation }) {
  const { t } = useTranslation();
  const query = useApiQuery('creditOperation.timeline', { id: op.id });
  const events = query.data;
  if (!events) return <Loading error={query.error} />;
  if (events.length === 0) return <p className="bp6-text-muted">{t('creditOperations.analysis.timeline.none')}</p>;
  return (
    <ol className="op-timeline" data-testid="analysis-timeline">
      {events.map((e) => (
        <li key={e.id} data-testid={`timeline-event-${e.id}`} data-kind={e.kind}>
          <div className="op-timeline-when">
            <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time> · {t('creditOperations.analysis.timeline.who')}{' '}
            {e.actor_name ?? t('creditOperations.analysis.timeline.system')}
          </div>
          <div>
            <strong>{t(`creditOperations.analysis.timeline.kinds.${e.kind}`, { defaultValue: e.kind })}</strong>
            {e.to_status && (
              <>
                {' '}
                ·{' '}
                {e.from_status
                  ? t('creditOperations.analysis.timeline.move', {
                      from: t(`creditOperations.status.${e.from_status}`),
                      to: t(`creditOperations.status.${e.to_status}`),
                    })
                  : t(`creditOperations.status.${e.to_status}`)}
              </>
            )}
          </div>
          {e.note && <div className="op-timeline-note">{datesAsShown(e.note)}</div>}
        </li>
      ))}
    </ol>
  );
}

/** A note's ISO dates (2026-04-15, as the server writes them) the way the screens show dates (15/04/2026). */
export function datesAsShown(note: string): string {
  return note.replace(/\b(\d{4}-\d{2}-\d{2})(?![\dT:])/g, (iso) => formatDate(iso) || iso);
}

export function MessagesPanel({ op }: { op: CreditOperation }) {
  const { t } = useTranslation();
  const toast = useToast();
  const query = useApiQuery('creditOperation.messages', { id: op.id });
  const send = useApiMutation('creditOperation.sendMessage', { invalidates: ['creditOperation.messages', 'creditOperation.timeline'] });
  const [body, setBody] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    if (!body.trim() || send.isPending) return;
    setFailure(null);
    try {
      await send.mutateAsync({ id: op.id, body: body.trim() });
      setBody('');
      toast.success(t('creditOperations.analysis.messages.sent'));
    } catch (e) {
      setFailure(errorText(e, t));
    }
  };
  const messages = query.data;
  return (
    <div data-testid="analysis-messages">
      {!messages ? (
        <Loading error={query.error} />
      ) : messages.length === 0 ? (
        <p className="bp6-text-muted">{t('creditOperations.analysis.messages.none')}</p>
      ) : (
        <ul className="op-messages">
          {messages.map((m) => (
            <li key={m.id} data-testid={`message-${m.id}`}>
              <div className="op-timeline-when">
                <strong>{m.author_name}</strong> · <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
              </div>
              <div className="op-message-body">{m.body}</div>
            </li>
          ))}
        </ul>
      )}
      <FormGroup label={t('creditOperations.analysis.messages.label')} labelFor="operation-message">
        <TextArea id="operation-message" data-testid="message-body" fill rows={3} maxLength={4000} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
      </FormGroup>
      {failure && (
        <Callout intent="danger" data-testid="message-error">
          {failure}
        </Callout>
      )}
      <Button intent="primary" icon="send-message" data-testid="message-send" disabled={!body.trim()} loading={send.isPending} onClick={() => void submit()}>
        {t('creditOperations.analysis.messages.send')}
      </Button>
    </div>
  );
}
