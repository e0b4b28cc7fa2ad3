/**
 * /app/lgpd/view/:id: one request and what the system holds about the
 * person; the erase behind a typed confirmation (the person's e-mail or the
 * word APAGAR), pessimistic; refusing with a reason.
 */
import { Button, Callout, Card, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LGPD_ERASE_WORD } from '@shared/contract';
import { formatDateTime, formatInteger } from '@shared/format';
import { ROLE_LABELS_PT } from '@shared/roles';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { erasureConfirmed, statusIntent } from './status';

const AFTER_ERASE = ['lgpd.get', 'lgpd.list', 'users.admins', 'users.entrepreneurs', 'logs.all'] as const;

export function LgpdDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useApiQuery('lgpd.get', { id }, { enabled: valid });
  const erase = useApiMutation('users.erase', { invalidates: AFTER_ERASE });
  const refuse = useApiMutation('lgpd.refuse', { invalidates: ['lgpd.get', 'lgpd.list'] });
  const [erasing, setErasing] = useState(false);
  const [typed, setTyped] = useState('');
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<'done' | 'already' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  if (!valid) return <Callout intent="danger" data-testid="lgpd-detail-error">{t('errors.notFound')}</Callout>;
  if (query.error) return <Callout intent="danger" data-testid="lgpd-detail-error">{errorText(query.error, t)}</Callout>;
  if (!query.data) return <Spinner />;
  const { request, holdings } = query.data;
  const account = holdings.account;
  const anonymised = !!account?.anonymised_at;
  const confirmEmail = anonymised ? null : (account?.email ?? request.subject_email);
  const canErase = erasureConfirmed(typed, confirmEmail, LGPD_ERASE_WORD);

  const doErase = async () => {
    setActionError(null);
    try {
      const result = await erase.mutateAsync({ id: request.user_id });
      setNotice(result.alreadyErased ? 'already' : 'done');
      setErasing(false);
      setTyped('');
    } catch (e) {
      setActionError(errorText(e, t));
    }
  };

  const doRefuse = async () => {
    setActionError(null);
    try {
      await refuse.mutateAsync({ id: request.id, outcome: reason });
      setRefusing(false);
      toast.success(t('lgpd.refuse.done'));
    } catch (e) {
      setActionError(errorText(e, t));
    }
  };

  return (
    <div className="screen" data-testid="lgpd-detail">
      <div className="toolbar">
        <Button icon="arrow-left" data-testid="lgpd-detail-back" onClick={() => navigate('/app/lgpd')}>
          {t('lgpd.detail.back')}
        </Button>
        <div className="app-header-spacer" />
        {request.status === 'aberto' && (
          <Button icon="disable" data-testid="lgpd-refuse" onClick={() => setRefusing(true)}>
            {t('lgpd.refuse.button')}
          </Button>
        )}
        {account && (
          <Button intent="danger" icon="trash" data-testid="lgpd-erase" onClick={() => setErasing(true)}>
            {t('lgpd.erase.button')}
          </Button>
        )}
      </div>
      {notice === 'done' && (
        <Callout intent="success" icon="tick" data-testid="lgpd-erase-done">
          {t('lgpd.erase.done')}
        </Callout>
      )}
      {notice === 'already' && (
        <Callout intent="primary" icon="info-sign" data-testid="lgpd-erase-already">
          {t('lgpd.erase.already')}
        </Callout>
      )}
      <Card>
        <h2 className="bp6-heading heading-as-h3">{t('lgpd.detail.title', { id: request.id })}</h2>
        <HTMLTable compact>
          <tbody>
            <tr>
              <th>{t('lgpd.columns.subject')}</th>
              <td data-testid="lgpd-detail-subject">{request.subject_name}</td>
            </tr>
            <tr>
              <th>{t('lgpd.columns.email')}</th>
              <td data-testid="lgpd-detail-email">{request.subject_email ?? ''}</td>
            </tr>
            <tr>
              <th>{t('lgpd.columns.channel')}</th>
              <td data-testid="lgpd-detail-channel">{t(`lgpd.channel.${request.channel}`)}</td>
            </tr>
            <tr>
              <th>{t('lgpd.columns.receivedAt')}</th>
              <td>{formatDateTime(request.received_at)}</td>
            </tr>
            <tr>
              <th>{t('lgpd.columns.status')}</th>
              <td>
                <Tag intent={statusIntent(request.status)} data-testid="lgpd-detail-status" data-status={request.status}>
                  {t(`lgpd.status.${request.status}`)}
                </Tag>
              </td>
            </tr>
            {request.outcome && (
              <tr>
                <th>{t('lgpd.detail.outcome')}</th>
                <td data-testid="lgpd-detail-outcome">{request.outcome}</td>
              </tr>
            )}
            {request.handled_by_name && (
              <tr>
                <th>{t('lgpd.detail.handledBy')}</th>
                <td>{request.handled_by_name}</td>
              </tr>
            )}
            {request.notes && (
              <tr>
                <th>{t('lgpd.detail.notes')}</th>
                <td>{request.notes}</td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </Card>
      <Card data-testid="lgpd-holdings">
        <h2 className="bp6-heading heading-as-h3">{t('lgpd.detail.holdings')}</h2>
        <h3 className="bp6-heading heading-as-h4">{t('lgpd.detail.account')}</h3>
        {account ? (
          <HTMLTable compact data-testid="lgpd-holdings-account">
            <tbody>
              <tr>
                <th>{t('lgpd.detail.name')}</th>
                <td data-testid="lgpd-account-name">{account.name}</td>
              </tr>
              <tr>
                <th>{t('lgpd.detail.email')}</th>
                <td data-testid="lgpd-account-email">{account.email}</td>
              </tr>
              <tr>
                <th>{t('lgpd.detail.cpf')}</th>
                <td>{account.cpf ?? ''}</td>
              </tr>
              <tr>
                <th>{t('lgpd.detail.phone')}</th>
                <td>{account.phone ?? ''}</td>
              </tr>
              <tr>
                <th>{t('lgpd.detail.role')}</th>
                <td>{ROLE_LABELS_PT[account.role_id]}</td>
              </tr>
              <tr>
                <th>{t('lgpd.detail.createdAt')}</th>
                <td>{formatDateTime(account.created_at)}</td>
              </tr>
              {account.anonymised_at && (
                <tr>
                  <th>{t('lgpd.detail.anonymisedAt')}</th>
                  <td data-testid="lgpd-account-anonymised">{formatDateTime(account.anonymised_at)}</td>
                </tr>
              )}
            </tbody>
          </HTMLTable>
        ) : (
          <p>{t('lgpd.detail.noAccount')}</p>
        )}
        <h3 className="bp6-heading heading-as-h4">{t('lgpd.detail.uploads')}</h3>
        {holdings.uploads.length === 0 ? (
          <p data-testid="lgpd-holdings-no-uploads">{t('lgpd.detail.noUploads')}</p>
        ) : (
          <ul data-testid="lgpd-holdings-uploads">
            {holdings.uploads.map((u) => (
              <li key={u.id}>
                {u.name} ({t(`access.uploadTypes.${u.type}`, { defaultValue: u.type })}, {formatInteger(u.size)} B, {formatDateTime(u.created_at)})
              </li>
            ))}
          </ul>
        )}
        <HTMLTable compact>
          <tbody>
            {holdings.sections.map((s) => (
              <tr key={s.key} data-testid={`lgpd-section-${s.key}`} data-available={s.available ? 'true' : 'false'}>
                <th>{t(`lgpd.detail.sections.${s.key}`)}</th>
                <td>{s.available ? t('lgpd.detail.count', { count: s.count ?? 0 }) : <em>{t('lgpd.detail.notAvailable')}</em>}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>

      <Dialog isOpen={erasing} title={t('lgpd.erase.title')} onClose={erase.isPending ? undefined : () => setErasing(false)}>
        <DialogBody>
          <Callout intent="danger">{t('lgpd.erase.warning')}</Callout>
          <FormGroup
            label={
              confirmEmail
                ? t('lgpd.erase.typeToConfirm', { email: confirmEmail, word: LGPD_ERASE_WORD })
                : t('lgpd.erase.typeWord', { word: LGPD_ERASE_WORD })
            }
            labelFor="lgpd-erase-typed"
          >
            <InputGroup id="lgpd-erase-typed" data-testid="lgpd-erase-typed" autoComplete="off" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
          </FormGroup>
          {actionError && (
            <Callout intent="danger" data-testid="lgpd-action-error">
              {actionError}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button data-testid="confirm-dialog-cancel" disabled={erase.isPending} onClick={() => setErasing(false)}>
                {t('common.cancel')}
              </Button>
              <Button intent="danger" data-testid="lgpd-erase-confirm" disabled={!canErase} loading={erase.isPending} onClick={() => void doErase()}>
                {t('lgpd.erase.confirm')}
              </Button>
            </>
          }
        />
      </Dialog>

      <Dialog isOpen={refusing} title={t('lgpd.refuse.title')} onClose={refuse.isPending ? undefined : () => setRefusing(false)}>
        <DialogBody>
          <FormGroup label={t('lgpd.refuse.reason')} labelFor="lgpd-refuse-reason">
            <TextArea id="lgpd-refuse-reason" data-testid="lgpd-refuse-reason" fill value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          </FormGroup>
          {actionError && (
            <Callout intent="danger" data-testid="lgpd-action-error">
              {actionError}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button disabled={refuse.isPending} onClick={() => setRefusing(false)}>
                {t('common.cancel')}
              </Button>
              <Button intent="warning" data-testid="lgpd-refuse-confirm" loading={refuse.isPending} onClick={() => void doRefuse()}>
                {t('lgpd.refuse.confirm')}
              </Button>
            </>
          }
        />
      </Dialog>
    </div>
  );
}
