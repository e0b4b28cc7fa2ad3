/**
 * The in-app viewer of a solicitation document: the main process fetches the
 * file through its signed URL (files.preview: images and PDF, size-capped);
 * an image is shown from a blob: URL, a PDF by PdfView (its own chunk). No
 * file:// page, no frame pointing at the server.
 */
import { Button, Callout, Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import { useToast } from '../../app/toaster';
import { downloadDocument, fetchPreview } from './files';

const PdfView = lazy(() => import('./PdfView'));

export interface ViewedDocument {
  fileName: string;
  name: string;
  title: string;
}

const VIEWER_WIDTH = 760;

export function DocumentViewer({ doc, onClose }: { doc: ViewedDocument; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [actualSize, setActualSize] = useState(false);
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
    <Dialog isOpen onClose={onClose} title={doc.title} className="sol-viewer" data-testid="document-viewer">
      <DialogBody className="sol-viewer-body">
        <div className="sol-viewer-head">
          <span className="bp6-text-muted sol-viewer-name">{doc.name}</span>
          <span className="sol-viewer-tools">
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
          <div className="sol-viewer-canvas">
            <img src={imageUrl} alt={doc.title} data-testid="viewer-image" className={actualSize ? 'sol-viewer-image sol-viewer-image-actual' : 'sol-viewer-image'} />
          </div>
        )}
        {pdfFile && (
          <Suspense fallback={<Spinner />}>
            <PdfView file={pdfFile} width={VIEWER_WIDTH} />
          </Suspense>
        )}
      </DialogBody>
    </Dialog>
  );
}
