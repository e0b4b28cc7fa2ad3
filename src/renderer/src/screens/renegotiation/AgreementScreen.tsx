/**
 * /app/clientOperation/renegotiation/agreement/:id: one agreement — its
 * status, who proposed it, its figures, the installments it renegotiated and
 * its schedule. While it waits (above the maker's limit), a person the
 * contract lets decide (`renegotiation.decide`) and who is not its maker
 * approves it (after a confirmation stating the amounts) or refuses it with a
 * reason; the maker sees that it waits for someone else. The approvals inbox
 * links a waiting agreement here, and a payment reversal waiting (above the
 * company's reversal limit), decided here too (AgreementReversalApproval).
 */
import { Button, Callout, Card, H2, H3, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { contract } from '@shared/contract';
import type { RenegotiationAgreement } from '@shared/contract/renegotiation';
import { formatCurrency, formatDate } from '@shared/format';
import { hasProfilePermission, type RoleId } from '@shared/roles';
import { bridge } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../app/session';
import { MoneyConfirmDialog, MoneyRowsTable } from '@kit/MoneyConfirmDialog';
import { figureRows } from './RenegotiationScreen';
import { AgreementInstallments } from './AgreementInstallments';
import { AgreementReversalApproval } from './AgreementReversalApproval';

const DECIDE_ROLES = contract['renegotiation.decide'].access as readonly RoleId[];

/** Whether the reader may answer the agreement: it waits, their role decides, and they did not propose it. */
export function mayDecide(a: Pick<RenegotiationAgreement, 'status' | 'maker_id'>, user: { id: number; role_id: RoleId } | null | undefined): boolean {
  return a.status === 'pending' && !!user && user.id !== a.maker_id && hasProfilePermission(user.role_id, DECIDE_ROLES);
}

export function AgreementScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { user } = useSession();
  const query = useApiQuery('renegotiation.get', { id });
  const decide = useApiMutation('renegotiation.decide', { invalidates: ['renegotiation.get', 'approvals.inbox'] });
  const [approving, setApproving] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  /** The confession of debt's PDF, saved by the main process (the typed bridge): the renderer never writes the file. */
  const saveDocument = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const result = await bridge().files.download('renegotiation.document', { id }, {});
      if (result.error) setFailure(errorText(new ApiError(result), t));
      else if (result.data) setSaved(result.data.path);
    } finally {
      setSaving(false);
    }
  };

  if (query.isLoading) return <Spinner />;
  if (query.error) return <Callout intent="danger">{errorText(query.error, t)}</Callout>;
  const a = query.data;
  if (!a) return null;
  const canDecide = mayDecide(a, user ? { id: user.id, role_id: user.role_id as RoleId } : null);

  const answer = async (approve: boolean) => {
    setFailure(null);
    if (!approve && !reason.trim()) {
      setFailure(t('renegotiation.view.refuseNeedsReason'));
      return;
    }
    try {
      await decide.mutateAsync(approve ? { id, approve } : { id, approve, reason: reason.trim() });
      setApproving(false);
    } catch (error) {
      setFailure(errorText(error, t));
      setApproving(false);
    }
  };

  return (
    <div className="renegotiation" data-testid="reneg-agreement">
      <H2 className="heading-as-h3">
        {t('renegotiation.view.title', { id: a.id })}{' '}
        <Tag intent={a.status === 'agreed' ? 'success' : a.status === 'pending' ? 'warning' : 'none'} data-testid="reneg-agreement-status" data-status={a.status}>
          {t(`renegotiation.statuses.${a.status}`)}
        </Tag>
      </H2>
      <p>{t('renegotiation.view.made', { name: a.maker_name ?? '—', date: formatDate(a.agreement_date) })}</p>
      {a.decided_reason && <p data-testid="reneg-agreement-reason">{t('renegotiation.view.decided', { reason: a.decided_reason })}</p>}
      {a.status === 'pending' && !canDecide && (
        <Callout intent="warning" data-testid="reneg-agreement-waits">
          {user?.id === a.maker_id ? t('renegotiation.view.waitsForOther') : t('renegotiation.view.waits')}
        </Callout>
      )}
      {canDecide && (
        <Card data-testid="reneg-decide">
          <Button intent="success" text={t('renegotiation.decide.approve')} onClick={() => setApproving(true)} data-testid="reneg-approve" />{' '}
          <InputGroup placeholder={t('renegotiation.decide.reason')} aria-label={t('renegotiation.decide.reason')} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="reneg-refuse-reason" />
          <Button intent="danger" text={t('renegotiation.decide.refuse')} loading={decide.isPending && !approving} onClick={() => void answer(false)} data-testid="reneg-refuse" />
        </Card>
      )}
      {failure && (
        <Callout intent="danger" data-testid="reneg-agreement-error">
          {failure}
        </Callout>
      )}
      {a.status === 'agreed' && (
        <p>
          <Button icon="download" text={t('renegotiation.view.document')} loading={saving} onClick={() => void saveDocument()} data-testid="reneg-document-save" />
          {saved && (
            <span data-testid="reneg-document-saved">
              {' '}
              {t('renegotiation.view.documentSaved', { path: saved })}
            </span>
          )}
        </p>
      )}
      <Card>
        <MoneyRowsTable rows={figureRows(a, t)} testId="reneg-agreement-figures" />
      </Card>
      <Card>
        <H3>{t('renegotiation.view.items')}</H3>
        <HTMLTable compact striped data-testid="reneg-agreement-items">
          <thead>
            <tr>
              <th>{t('renegotiation.columns.operation')}</th>
              <th>{t('renegotiation.columns.number')}</th>
              <th>{t('renegotiation.columns.dueDate')}</th>
              <th className="numeric">{t('renegotiation.columns.principal')}</th>
              <th className="numeric">{t('renegotiation.columns.interest')}</th>
              <th className="numeric">{t('renegotiation.columns.lateCharges')}</th>
              <th className="numeric">{t('renegotiation.columns.total')}</th>
            </tr>
          </thead>
          <tbody>
            {a.items.map((i) => (
              <tr key={i.installment_id}>
                <td>{i.credit_operation_id}</td>
                <td>{i.number}</td>
                <td>{formatDate(i.due_date)}</td>
                <td className="numeric">{formatCurrency(i.principal)}</td>
                <td className="numeric">{formatCurrency(i.interest)}</td>
                <td className="numeric">{formatCurrency(i.late_charges)}</td>
                <td className="numeric">{formatCurrency(i.total)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
      {a.collection.pending_reversal && <AgreementReversalApproval agreementId={a.id} pending={a.collection.pending_reversal} />}
      <AgreementInstallments agreement={a} />
      {approving && (
        <MoneyConfirmDialog
          title={t('renegotiation.view.approveTitle')}
          consequence={t('renegotiation.view.approveText')}
          rows={figureRows(a, t)}
          amountsTestId="reneg-approve-amounts"
          intent="success"
          confirmText={t('renegotiation.decide.approve')}
          confirmTestId="reneg-approve-confirm"
          busy={decide.isPending}
          onConfirm={() => answer(true)}
          onClose={() => setApproving(false)}
        />
      )}
    </div>
  );
}
