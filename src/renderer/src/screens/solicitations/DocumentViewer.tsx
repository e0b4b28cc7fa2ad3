/**
 * The in-app viewer of a solicitation document: the main process fetches the
 * file through its signed URL (files.preview: images and PDF, size-capped);
 * an image is shown from a blob: URL, a PDF by PdfView (its own chunk). No
 * file:// page, no frame pointing at the server.
 *
 * Opened from the document slots, it walks the solicitation's documents in
 * the order of the steps: previous / next, and "approve and next", which
 * approves the one shown and opens the next still awaiting approval, so a
 * review is done without leaving the viewer (keys: app/shortcuts.ts).
 */
import { Button, Callout, Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';
import { useShortcuts } from '../../app/shortcuts';
import { useToast } from '../../app/toaster';
import { downloadDocument, fetchPreview } from './files';

const PdfView = lazy(() => import('@kit/PdfView'));

export interface ViewedDocument {
  fileName: string;
  name: string;
  title: string;
  /** a slot's document: its id, and whether it is approved (staff documents have neither) */
  id?: number;
  approved?: boolean;
}

const VIEWER_WIDTH = 760;

/** The next document after `index` still awaiting approval, else the next one; -1 at the end. */
export function nextToReview(queue: readonly ViewedDocument[], index: number): number {
  const waiting = queue.findIndex((d, i) => i > index && d.id !== undefined && !d.approved);
  return waiting !== -1 ? waiting : index + 1 < queue.length ? index + 1 : -1;
}

const AFTER_APPROVAL = ['solicitations.get', 'solicitations.list', 'solicitations.reviewDocuments'] as const;

export function DocumentViewer({
  doc,
  onClose,
  queue = [],
  onNavigate,
  canApprove = false,
}: {
  doc: ViewedDocument;
  onClose(): void;
  /** the documents the viewer walks (the slots', in step order); empty: this one alone */
  queue?: readonly ViewedDocument[];
  onNavigate?(doc: ViewedDocument): void;
  /** approving is offered (an open solicitation) */
  canApprove?: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [actualSize, setActualSize] = useState(false);
  const approve = useApiMutation('documents.approve', { invalidates: AFTER_APPROVAL });
  const index = queue.findIndex((d) => d.fileName === doc.fileName);
  const current = index === -1 ? doc : queue[index];
  const go = (i: number) => {
    if (i >= 0 && i < queue.length) onNavigate?.(queue[i]);
  };
  const approvable = canApprove && current.id !== undefined && !current.approved;
  const approveAndNext = async () => {
    if (current.id === undefined || approve.isPending) return;
    try {
      await approve.mutateAsync({ id: current.id });
      toast.success(t('solicitations.documents.approved'));
      const next = nextToReview(queue, index);
      if (next === -1) onClose();
      else go(next);
    } catch (e) {
      toast.failure(errorText(e, t));
    }
  };
  useShortcuts({
    viewerApproveNext: approvable ? () => void approveAndNext() : undefined,
    viewerNext: index !== -1 && index < queue.length - 1 ? () => go(index + 1) : undefined,
    viewerPrevious: index > 0 ? () => go(index - 1) : undefined,
  });
  const query = useQuery({ queryKey: ['documents.preview', doc.fileName], queryFn: () => fetchPreview(doc.fileName), retry: false, gcTime: 0 });
  const preview = query.data;
  const imageUrl = useMemo(
    () => (preview && preview.mime !== 'application/pdf' ? URL.createObjectURL(new Blob([preview.bytes], { type: preview.mime })) : null),
    [preview],
  );
  // pdf.js takes the buffer over (it is transferred to its worker): a copy, made once per document.
  const pdfFile = useMemo(() => (preview && preview.mime === 'application/pdf' ? { data: preview.bytes.slice() } : null), [preview]);
  useEffect(() => () => {
    if (imageUrl) URL.revokeObjectURL(imageUrl);
  }, [imageUrl]);

  const download = async () => {
    try {
      const saved = await downloadDocument(doc.fileName, doc.name);
      if (saved) toast.success(saved.path);
    } catch (e) {
      toast.failure(errorText(e, t));
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={doc.title} className="sol-viewer">
      {/* Blueprint's Dialog does not pass a test id on: the body carries it. */}
      <DialogBody className="sol-viewer-body" data-testid="document-viewer">
        <div className="sol-viewer-head">
          <span className="bp6-text-muted sol-viewer-name" title={doc.name}>
            {doc.name}
          </span>
          <span className="sol-viewer-tools">
            {index !== -1 && queue.length > 1 && (
              <>
                <Button size="small" icon="chevron-left" disabled={index <= 0} aria-label={t('solicitations.viewer.previousDocument')} title={t('solicitations.viewer.previousDocument')} data-testid="viewer-previous-document" onClick={() => go(index - 1)} />
                <span className="bp6-text-muted" data-testid="viewer-position">
                  {t('solicitations.viewer.position', { current: index + 1, total: queue.length })}
                </span>
                <Button size="small" icon="chevron-right" disabled={index >= queue.length - 1} aria-label={t('solicitations.viewer.nextDocument')} title={t('solicitations.viewer.nextDocument')} data-testid="viewer-next-document" onClick={() => go(index + 1)} />
              </>
            )}
            {approvable && (
              <Button size="small" intent="success" icon="tick" loading={approve.isPending} data-testid="viewer-approve-next" onClick={() => void approveAndNext()}>
                {nextToReview(queue, index) === -1 ? t('solicitations.viewer.approveClose') : t('solicitations.viewer.approveNext')}
              </Button>
            )}
            {current.approved && (
              <span className="bp6-text-muted" data-testid="viewer-approved">
                {t('solicitations.viewer.alreadyApproved')}
              </span>
            )}
            {imageUrl && (
              <Button size="small" icon={actualSize ? 'zoom-to-fit' : 'zoom-in'} data-testid="viewer-image-size" onClick={() => setActualSize((v) => !v)}>
                {actualSize ? t('solicitations.viewer.fit') : t('solicitations.viewer.actualSize')}
              </Button>
            )}
            <Button size="small" icon="download" data-testid="viewer-download" onClick={() => void download()}>
              {t('solicitations.viewer.download')}
            </Button>
          </span>
        </div>
        {query.isPending && (
          <div className="center-fill" data-testid="viewer-loading">
            <Spinner />
            <span>{t('solicitations.viewer.loading')}</span>
          </div>
        )}
        {query.error && (
          <Callout intent="danger" data-testid="viewer-error">
            {errorText(query.error, t)}
          </Callout>
        )}
        {imageUrl && (
          // A scrolling area is reached by the keyboard (Tab), so the arrow keys scroll a large picture.
          <div className="sol-viewer-canvas" tabIndex={0} role="region" aria-label={t('solicitations.viewer.scrollArea', { name: doc.title })} data-testid="viewer-scroll">
            <img src={imageUrl} alt={doc.title} data-testid="viewer-image" className={actualSize ? 'sol-viewer-image sol-viewer-image-actual' : 'sol-viewer-image'} />
          </div>
        )}
        {pdfFile && (
          <Suspense fallback={<Spinner />}>
            <PdfView file={pdfFile} width={VIEWER_WIDTH} label={t('solicitations.viewer.scrollArea', { name: doc.title })} />
          </Suspense>
        )}
      </DialogBody>
    </Dialog>
  );
}
