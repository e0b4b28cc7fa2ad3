/**
 * The view screen's decisions, each pessimistic (the dialog waits for the
 * server and shows its answer): the status change (only the workflow's next
 * statuses, a reason where the workflow asks one, the e-mail to the applicant
 * said before confirming, a 409 shown in the dialog), the project, and the
 * Receita Federal lookup.
 */
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Solicitation } from '@shared/contract/solicitations';
import { formatCpfCnpj } from '@shared/documents';
import { formatDate, formatDateTime } from '@shared/format';
import type { SolicitationStatus } from '@shared/solicitation-status';
import { errorText, isApiError } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { canSendStatusChange, needsReason, statusIntent } from './model';

const AFTER_CHANGE = ['solicitations.get', 'solicitations.list', 'solicitations.reviewDocuments'] as const;

export function StatusDialog({ solicitation, onClose }: { solicitation: Solicitation; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const withEmail = useApiMutation('solicitations.setStatus', { invalidates: AFTER_CHANGE });
  const withoutEmail = useApiMutation('solicitations.setStatusOnly', { invalidates: AFTER_CHANGE });
  const [to, setTo] = useState<SolicitationStatus | ''>('');
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = withEmail.isPending || withoutEmail.isPending;
  const reasonNeeded = needsReason(to);

  const confirm = async () => {
    if (to === '') return;
    setProblem(null);
    const args = { id: solicitation.id, status: to, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    try {
      if (notify) await withEmail.mutateAsync({ ...args, notify: true });
      else await withoutEmail.mutateAsync(args);
      toast.success(t('solicitations.statusDialog.done', { status: t(`solicitations.status.${to}`) }));
      onClose();
    } catch (e) {
      // 409: someone else moved it meanwhile; the screen reloads it (invalidate) and the dialog says why.
      if (isApiError(e) && e.status === 409) {
        setProblem(t('solicitations.statusDialog.conflict', { message: e.message }));
        for (const op of AFTER_CHANGE) await client.invalidateQueries({ queryKey: [op] });
      } else {
        setProblem(errorText(e, t));
      }
    }
  };

  return (
    <Dialog isOpen title={t('solicitations.statusDialog.title')} onClose={busy ? undefined : onClose} data-testid="status-dialog">
      <DialogBody>
        <p>
          {t('solicitations.statusDialog.current', { status: '' })}
          <Tag intent={statusIntent(solicitation.status)}>{t(`solicitations.status.${solicitation.status}`)}</Tag>
        </p>
        {solicitation.nextStatuses.length === 0 ? (
          <Callout intent="primary">{t('solicitations.statusDialog.none')}</Callout>
        ) : (
          <>
            <FormGroup label={t('solicitations.statusDialog.to')} labelFor="status-to">
              <HTMLSelect
                id="status-to"
                data-testid="status-to"
                fill
                value={to}
                onChange={(e) => setTo(e.currentTarget.value as SolicitationStatus | '')}
                options={[
                  { value: '', label: t('solicitations.statusDialog.choose') },
                  ...solicitation.nextStatuses.map((s) => ({ value: s, label: t(`solicitations.status.${s}`) })),
                ]}
              />
            </FormGroup>
            <FormGroup
              label={reasonNeeded ? t('solicitations.statusDialog.reason') : t('solicitations.statusDialog.reasonOptional')}
              labelFor="status-reason"
              labelInfo={reasonNeeded ? '*' : undefined}
              helperText={reasonNeeded && reason.trim() === '' ? t('solicitations.statusDialog.reasonRequired') : undefined}
              intent={reasonNeeded && reason.trim() === '' ? 'warning' : 'none'}
            >
              <TextArea id="status-reason" data-testid="status-reason" fill rows={3} maxLength={2000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
            </FormGroup>
            <Checkbox checked={notify} data-testid="status-notify" label={t('solicitations.statusDialog.notify')} onChange={(e) => setNotify(e.currentTarget.checked)} />
            <Callout intent={notify ? 'primary' : 'none'} icon={notify ? 'envelope' : 'disable'} data-testid="status-email-notice">
              {notify
                ? t('solicitations.statusDialog.emailNotice', { name: solicitation.applicant.name, email: solicitation.applicant.email })
                : t('solicitations.statusDialog.noEmailNotice')}
            </Callout>
          </>
        )}
        {problem && (
          <Callout intent="danger" className="sol-dialog-problem" data-testid="status-problem">
            {problem}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button disabled={busy} onClick={onClose} data-testid="status-cancel">
              {t('common.cancel')}
            </Button>
            <Button intent="primary" disabled={!canSendStatusChange(to, reason)} loading={busy} data-testid="status-confirm" onClick={() => void confirm()}>
              {t('solicitations.statusDialog.confirm')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

export function ProjectDialog({ solicitation, onClose }: { solicitation: Solicitation; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const projects = useApiQuery('projects.list', { page: 1, limit: 200, filter: {}, sort: { field: 'title', order: 'ASC' } }, { staleTime: 60_000 });
  const save = useApiMutation('solicitations.setProject', { invalidates: AFTER_CHANGE });
  const [project, setProject] = useState(solicitation.project === null ? '' : String(solicitation.project));
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    setProblem(null);
    try {
      await save.mutateAsync({ id: solicitation.id, project: project === '' ? null : Number(project) });
      toast.success(t('solicitations.projectDialog.done'));
      onClose();
    } catch (e) {
      setProblem(errorText(e, t));
    }
  };

  return (
    <Dialog isOpen title={t('solicitations.projectDialog.title')} onClose={save.isPending ? undefined : onClose}>
      <DialogBody>
        <FormGroup label={t('solicitations.projectDialog.label')} labelFor="project-select">
          {projects.isPending ? (
            <Spinner size={20} />
          ) : (
            <HTMLSelect
              id="project-select"
              data-testid="project-select"
              fill
              value={project}
              onChange={(e) => setProject(e.currentTarget.value)}
              options={[{ value: '', label: t('solicitations.projectDialog.none') }, ...(projects.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.title }))]}
            />
          )}
        </FormGroup>
        {(problem || projects.error) && (
          <Callout intent="danger" data-testid="project-problem">
            {problem ?? errorText(projects.error, t)}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button disabled={save.isPending} onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button intent="primary" loading={save.isPending} data-testid="project-confirm" onClick={() => void confirm()}>
              {t('solicitations.projectDialog.confirm')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

/**
 * The provider's failures (502: it failed, 503: too slow) reach the page only
 * as their status (the main process never passes a 5xx text on), so they are
 * worded here; anything else (a 409 for a missing document) keeps its message.
 */
function receitaFailure(error: unknown, t: (key: string, vars?: Record<string, unknown>) => string): string {
  if (isApiError(error) && error.status === 502) return t('solicitations.receita.providerFailed');
  if (isApiError(error) && error.status === 503) return t('solicitations.receita.providerSlow');
  return t('solicitations.receita.failed', { message: errorText(error, t) });
}

export function ReceitaDialog({ solicitationId, onClose }: { solicitationId: number; onClose(): void }) {
  const { t } = useTranslation();
  const query = useApiQuery('solicitations.receita', { id: solicitationId }, { retry: false, gcTime: 0 });
  const r = query.data;
  return (
    <Dialog isOpen title={t('solicitations.receita.title')} onClose={onClose} data-testid="receita-dialog">
      <DialogBody>
        {query.isFetching && !r && (
          <div className="center-fill">
            <Spinner size={24} />
            <span>{t('solicitations.receita.loading')}</span>
          </div>
        )}
        {query.error && !query.isFetching && (
          <Callout intent="danger" icon="error" data-testid="receita-error">
            {receitaFailure(query.error, t)}
          </Callout>
        )}
        {r && (
          <HTMLTable compact className="sol-kv" data-testid="receita-result">
            <tbody>
              <tr>
                <th>{t('solicitations.receita.kind')}</th>
                <td>
                  {r.kind} {formatCpfCnpj(r.document)}
                </td>
              </tr>
              <tr>
                <th>{t('solicitations.receita.name')}</th>
                <td data-testid="receita-name">{r.name}</td>
              </tr>
              <tr>
                <th>{t('solicitations.receita.registrationStatus')}</th>
                <td>
                  <Tag intent={/^(ATIVA|REGULAR)$/.test(r.registrationStatus) ? 'success' : 'danger'} data-testid="receita-status">
                    {r.registrationStatus}
                  </Tag>
                </td>
              </tr>
              <tr>
                <th>{r.kind === 'CNPJ' ? t('solicitations.receita.openingDate') : t('solicitations.receita.registrationDate')}</th>
                <td>{r.openingDate ? formatDate(r.openingDate) : '—'}</td>
              </tr>
              {r.cnae && (
                <tr>
                  <th>{t('solicitations.receita.cnae')}</th>
                  <td data-testid="receita-cnae">
                    {r.cnae.code} — {r.cnae.description}
                  </td>
                </tr>
              )}
              <tr>
                <th>{t('solicitations.receita.provider')}</th>
                <td className="bp6-text-muted">
                  {r.provider} · {t('solicitations.receita.checkedAt')} {formatDateTime(r.checked_at)}
                </td>
              </tr>
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {query.error && (
              <Button icon="refresh" loading={query.isFetching} data-testid="receita-again" onClick={() => void query.refetch()}>
                {t('solicitations.receita.again')}
              </Button>
            )}
            <Button onClick={onClose}>{t('solicitations.viewer.close')}</Button>
          </>
        }
      />
    </Dialog>
  );
}
