/**
 * The document slots of a questionnaire step: each slot's meaning (the spec's document slots),
 * whether it is required, its state (missing, sent, replaced, approved), who
 * sent and approved it; view inside the app, approve, upload or replace
 * through a file picker (the bytes cross the bridge like the project banner).
 */
import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_SOLICITATION_FILE_BYTES,
  SOLICITATION_FILE_TYPES,
  type SlotStatus,
} from '@shared/contract/solicitations';
import { formatDateTime } from '@shared/format';
import { errorText } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { fileProblem, slotStateIntent } from './model';
import { payloadOf } from './files';
import type { ViewedDocument } from './DocumentViewer';

const AFTER_DOCUMENT = ['solicitations.get', 'solicitations.list', 'solicitations.reviewDocuments'] as const;

/** `closed`: a decided solicitation (FINAL_STATUSES) keeps its documents; the server refuses new ones (409). */
export function DocumentSlots({
  solicitationId,
  slots,
  onView,
  closed = false,
}: {
  solicitationId: number;
  slots: readonly SlotStatus[];
  onView(doc: ViewedDocument): void;
  closed?: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<SlotStatus | null>(null);
  const [busySlot, setBusySlot] = useState<number | null>(null);
  const upload = useApiMutation('documents.upload', { invalidates: AFTER_DOCUMENT });
  const replace = useApiMutation('documents.update', { invalidates: AFTER_DOCUMENT });
  const approve = useApiMutation('documents.approve', { invalidates: AFTER_DOCUMENT });
  const max = Math.round(MAX_SOLICITATION_FILE_BYTES / (1024 * 1024));

  const pick = (slot: SlotStatus) => {
    setTarget(slot);
    if (input.current) {
      input.current.value = '';
      input.current.click();
    }
  };

  const send = async (file: File | undefined) => {
    const slot = target;
    if (!file || !slot) return;
    const problem = fileProblem(file, SOLICITATION_FILE_TYPES, MAX_SOLICITATION_FILE_BYTES);
    if (problem) {
      toast.failure(t(problem.key, problem.vars));
      return;
    }
    setBusySlot(slot.slot);
    try {
      const payload = await payloadOf(file);
      if (slot.current) await replace.mutateAsync({ id: slot.current.id, file: payload, type: slot.slot, solicitation_id: solicitationId });
      else await upload.mutateAsync({ file: payload, type: slot.slot, solicitation_id: solicitationId });
      toast.success(t('solicitations.documents.uploaded'));
    } catch (e) {
      toast.failure(errorText(e, t));
    } finally {
      setBusySlot(null);
    }
  };

  const doApprove = async (slot: SlotStatus) => {
    if (!slot.current) return;
    setBusySlot(slot.slot);
    try {
      await approve.mutateAsync({ id: slot.current.id });
      toast.success(t('solicitations.documents.approved'));
    } catch (e) {
      toast.failure(errorText(e, t));
    } finally {
      setBusySlot(null);
    }
  };

  return (
    <>
      {/* Three columns: the document (its name, then the file's whole name and who sent it), its state, and icon
          buttons named for screen readers and on hover, so names keep their width at 1024 px. */}
      <HTMLTable compact striped className="sol-slots" data-testid="document-slots">
        <thead>
          <tr>
            <th>{t('solicitations.columns.documents')}</th>
            <th className="sol-slot-state">{t('solicitations.columns.status')}</th>
            <th className="sol-slot-actions">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {slots.map((s) => {
            const doc = s.current;
            const title = t(`solicitations.slots.${s.key}`);
            const uploadLabel = doc ? t('solicitations.documents.replace') : t('solicitations.documents.upload');
            return (
              <tr key={s.slot} data-testid={`slot-${s.slot}`} data-state={s.state}>
                <td>
                  <div className="sol-slot-title">{title}</div>
                  <div className="bp6-text-muted bp6-text-small">
                    {t('solicitations.documents.slot', { slot: s.slot })} · {s.required ? t('solicitations.documents.required') : t('solicitations.documents.optional')}
                  </div>
                  {doc && (
                    <div className="bp6-text-small sol-slot-doc">
                      <div className="sol-slot-file">{doc.name}</div>
                      <div className="bp6-text-muted">
                        {doc.uploaded_by_name
                          ? t('solicitations.documents.sentBy', { at: formatDateTime(doc.created_at), name: doc.uploaded_by_name })
                          : t('solicitations.documents.sentAt', { at: formatDateTime(doc.created_at) })}
                      </div>
                      {doc.approved && doc.approved_at && (
                        <div className="bp6-text-muted">
                          {t('solicitations.documents.approvedBy', { at: formatDateTime(doc.approved_at), name: doc.approved_by_name ?? '' })}
                        </div>
                      )}
                      {s.replacedCount > 0 && <div className="bp6-text-muted">{t('solicitations.documents.replacedCount', { count: s.replacedCount })}</div>}
                    </div>
                  )}
                </td>
                <td className="sol-slot-state">
                  <Tag intent={slotStateIntent(s.state)} minimal={s.state === 'missing'} data-testid={`slot-${s.slot}-state`}>
                    {t(`solicitations.slotState.${s.state}`)}
                  </Tag>
                </td>
                <td className="sol-slot-actions">
                  {doc && (
                    <Button
                      size="small"
                      icon="eye-open"
                      aria-label={`${t('solicitations.documents.view')}: ${title}`}
                      title={t('solicitations.documents.view')}
                      data-testid={`slot-${s.slot}-view`}
                      onClick={() => onView({ fileName: doc.fileName, name: doc.name, title, id: doc.id, approved: doc.approved })}
                    />
                  )}
                  {doc && !doc.approved && (
                    <Button
                      size="small"
                      intent="success"
                      icon="tick"
                      aria-label={`${t('solicitations.documents.approve')}: ${title}`}
                      title={t('solicitations.documents.approve')}
                      loading={busySlot === s.slot && approve.isPending}
                      data-testid={`slot-${s.slot}-approve`}
                      onClick={() => void doApprove(s)}
                    />
                  )}
                  {!closed && (
                    <Button
                      size="small"
                      variant="minimal"
                      icon="upload"
                      aria-label={`${uploadLabel}: ${title}`}
                      loading={busySlot === s.slot && (upload.isPending || replace.isPending)}
                      data-testid={`slot-${s.slot}-upload`}
                      title={`${uploadLabel} — ${t('solicitations.documents.uploadHint', { max })}`}
                      onClick={() => pick(s)}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      <input
        ref={input}
        type="file"
        hidden
        accept={SOLICITATION_FILE_TYPES.join(',')}
        data-testid="slot-file-input"
        onChange={(e) => void send(e.currentTarget.files?.[0])}
      />
    </>
  );
}
