/**
 * The side of the view screen: the status history, the team's comments (add;
 * delete one's own) and the staff documents (attach with title and
 * description, view, delete for their author or an administrator).
 */
import { Button, Callout, Card, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, InputGroup, NonIdealState, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_SOLICITATION_FILE_BYTES,
  SOLICITATION_FILE_TYPES,
  type StatusHistoryEntry,
} from '@shared/contract/solicitations';
import { formatDateTime } from '@shared/format';
import { AllAdmins, hasProfilePermission } from '@shared/roles';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../app/session';
import { useToast } from '../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import type { ViewedDocument } from './DocumentViewer';
import { payloadOf } from './files';
import { fileProblem, statusIntent } from './model';

export function HistoryPanel({ entries }: { entries: readonly StatusHistoryEntry[] }) {
  const { t } = useTranslation();
  const ordered = [...entries].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id));
  return (
    <Card compact className="sol-side-card" data-testid="status-history">
      <h2 className="bp6-heading heading-as-h4 sol-card-title">{t('solicitations.history.title')}</h2>
      {ordered.length === 0 ? (
        <p className="bp6-text-muted">{t('solicitations.history.empty')}</p>
      ) : (
        <ol className="sol-timeline">
          {ordered.map((e) => (
            <li key={e.id} data-testid={`history-${e.id}`} data-to={e.toStatus}>
              <div>
                {e.fromStatus && (
                  <>
                    <Tag minimal intent={statusIntent(e.fromStatus)}>
                      {t(`solicitations.status.${e.fromStatus}`)}
                    </Tag>{' '}
                    →{' '}
                  </>
                )}
                <Tag intent={statusIntent(e.toStatus)}>{t(`solicitations.status.${e.toStatus}`)}</Tag>
              </div>
              <div className="bp6-text-muted bp6-text-small">
                {formatDateTime(e.created_at)} · {e.actor_name ? t('solicitations.history.by', { name: e.actor_name }) : t('solicitations.history.system')}
              </div>
              {e.reason && <div className="sol-reason">{e.reason}</div>}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function CommentsPanel({ solicitationId }: { solicitationId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const list = useApiQuery('comments.list', { id: solicitationId });
  const create = useApiMutation('comments.create', { invalidates: ['comments.list'] });
  const remove = useApiMutation('comments.delete', { invalidates: ['comments.list'] });
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState<number | null>(null);

  const add = async () => {
    try {
      await create.mutateAsync({ solicitationId, comment: text });
      setText('');
      toast.success(t('solicitations.comments.added'));
    } catch (e) {
      toast.failure(errorText(e, t));
    }
  };

  return (
    <Card compact className="sol-side-card" data-testid="comments">
      <h2 className="bp6-heading heading-as-h4 sol-card-title">{t('solicitations.comments.title')}</h2>
      {list.isPending && <Spinner size={20} />}
      {list.error && <Callout intent="danger">{errorText(list.error, t)}</Callout>}
      {list.data && list.data.length === 0 && <p className="bp6-text-muted">{t('solicitations.comments.empty')}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="sol-comments">
          {list.data.map((c) => (
            <li key={c.id} data-testid={`comment-${c.id}`}>
              <div className="sol-comment-head">
                <span className="bp6-text-muted bp6-text-small">{t('solicitations.comments.by', { name: c.username, at: formatDateTime(c.createdAt) })}</span>
                {user?.id === c.author_id && (
                  <Button size="small" variant="minimal" icon="trash" intent="danger" aria-label={t('solicitations.comments.delete')} data-testid={`comment-delete-${c.id}`} onClick={() => setDeleting(c.id)} />
                )}
              </div>
              <div className="sol-comment-text">{c.comment}</div>
            </li>
          ))}
        </ul>
      )}
      <TextArea
        fill
        rows={2}
        aria-label={t('solicitations.comments.placeholder')}
        placeholder={t('solicitations.comments.placeholder')}
        value={text}
        data-testid="comment-text"
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <div className="sol-side-actions">
        <Button size="small" intent="primary" icon="comment" disabled={text.trim() === ''} loading={create.isPending} data-testid="comment-add" onClick={() => void add()}>
          {t('solicitations.comments.add')}
        </Button>
      </div>
      {deleting !== null && (
        <ConfirmDialog
          isOpen
          title={t('solicitations.comments.delete')}
          intent="danger"
          confirmText={t('common.delete')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ id: deleting });
              toast.success(t('solicitations.comments.deleted'));
            } catch (e) {
              toast.failure(errorText(e, t));
            }
            setDeleting(null);
          }}
        >
          {t('solicitations.comments.confirmDelete')}
        </ConfirmDialog>
      )}
    </Card>
  );
}

function StaffUploadDialog({ solicitationId, onClose }: { solicitationId: number; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const upload = useApiMutation('staffDocuments.upload', { invalidates: ['staffDocuments.list'] });
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (f: File | undefined) => {
    if (!f) return;
    const issue = fileProblem(f, SOLICITATION_FILE_TYPES, MAX_SOLICITATION_FILE_BYTES);
    setProblem(issue ? t(issue.key, issue.vars) : null);
    setFile(issue ? null : f);
  };
  const save = async () => {
    if (!file) return;
    setProblem(null);
    try {
      await upload.mutateAsync({ solicitationId, title, description, file: await payloadOf(file) });
      toast.success(t('solicitations.staffDocuments.saved'));
      onClose();
    } catch (e) {
      setProblem(errorText(e, t));
    }
  };

  return (
    <Dialog isOpen title={t('solicitations.staffDocuments.dialogTitle')} onClose={upload.isPending ? undefined : onClose}>
      <DialogBody>
        <FormGroup label={t('solicitations.staffDocuments.docTitle')} labelFor="staff-doc-title">
          <InputGroup id="staff-doc-title" data-testid="staff-doc-title" value={title} maxLength={200} onChange={(e) => setTitle(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('solicitations.staffDocuments.description')} labelFor="staff-doc-description">
          <TextArea id="staff-doc-description" data-testid="staff-doc-description" fill rows={3} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('solicitations.staffDocuments.file')} labelFor="staff-doc-file">
          <FileInput
            fill
            text={file ? file.name : t('solicitations.staffDocuments.noFile')}
            buttonText={t('solicitations.staffDocuments.chooseFile')}
            inputProps={{ id: 'staff-doc-file', accept: SOLICITATION_FILE_TYPES.join(','), ...({ 'data-testid': 'staff-doc-file' } as object) }}
            onInputChange={(e) => choose(e.currentTarget.files?.[0])}
          />
        </FormGroup>
        {problem && (
          <Callout intent="danger" data-testid="staff-doc-problem">
            {problem}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button disabled={upload.isPending} onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button intent="primary" icon="paperclip" disabled={!file || title.trim() === ''} loading={upload.isPending} data-testid="staff-doc-save" onClick={() => void save()}>
              {t('solicitations.staffDocuments.save')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

export function StaffDocumentsPanel({ solicitationId, onView }: { solicitationId: number; onView(doc: ViewedDocument): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const list = useApiQuery('staffDocuments.list', { id: solicitationId });
  const remove = useApiMutation('staffDocuments.delete', { invalidates: ['staffDocuments.list'] });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null);
  const isAdmin = hasProfilePermission(user?.role_id, AllAdmins);

  return (
    <Card compact className="sol-side-card" data-testid="staff-documents">
      <div className="sol-card-head">
        <h2 className="bp6-heading heading-as-h4 sol-card-title">{t('solicitations.staffDocuments.title')}</h2>
        <Button size="small" icon="paperclip" data-testid="staff-doc-add" onClick={() => setAdding(true)}>
          {t('solicitations.staffDocuments.add')}
        </Button>
      </div>
      {list.isPending && <Spinner size={20} />}
      {list.error && <Callout intent="danger">{errorText(list.error, t)}</Callout>}
      {list.data && list.data.length === 0 && <NonIdealState className="sol-empty" description={t('solicitations.staffDocuments.empty')} />}
      {list.data && list.data.length > 0 && (
        <ul className="sol-staff-docs">
          {list.data.map((d) => (
            <li key={d.id} data-testid={`staff-doc-${d.id}`}>
              <div className="sol-comment-head">
                <Button
                  size="small"
                  variant="minimal"
                  icon={d.mime === 'application/pdf' ? 'document' : 'media'}
                  className="sol-staff-doc-title"
                  data-testid={`staff-doc-view-${d.id}`}
                  onClick={() => onView({ fileName: d.fileName, name: d.name, title: d.title })}
                >
                  {d.title}
                </Button>
                {(isAdmin || user?.id === d.author_id) && (
                  <Button size="small" variant="minimal" icon="trash" intent="danger" aria-label={t('solicitations.staffDocuments.delete')} data-testid={`staff-doc-delete-${d.id}`} onClick={() => setDeleting({ id: d.id, title: d.title })} />
                )}
              </div>
              {d.description && <div className="sol-comment-text">{d.description}</div>}
              <div className="bp6-text-muted bp6-text-small">{t('solicitations.staffDocuments.by', { name: d.username, at: formatDateTime(d.createdAt) })}</div>
            </li>
          ))}
        </ul>
      )}
      {adding && <StaffUploadDialog solicitationId={solicitationId} onClose={() => setAdding(false)} />}
      {deleting && (
        <ConfirmDialog
          isOpen
          title={t('solicitations.staffDocuments.delete')}
          intent="danger"
          confirmText={t('common.delete')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ a: solicitationId, b: deleting.id });
              toast.success(t('solicitations.staffDocuments.deleted'));
            } catch (e) {
              toast.failure(errorText(e, t));
            }
            setDeleting(null);
          }}
        >
          {t('solicitations.staffDocuments.confirmDelete', { title: deleting.title })}
        </ConfirmDialog>
      )}
    </Card>
  );
}
