/**
 * A PDF shown inside the app with react-pdf (pdf.js): from bytes the main
 * process fetched, never a URL. pdf.js parses in its worker (bundled with the
 * app, worker-src 'self'); no eval, no text or link layer (a link in an
 * applicant's PDF opens nothing). Loaded only when a PDF is opened.
 */
import { Button, ButtonGroup, Callout, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import './PdfView.css';

pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

const OPTIONS = { isEvalSupported: false, disableAutoFetch: true, disableStream: true } as const;
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/**
 * `file` must keep its identity across renders (react-pdf loads again for a
 * new one): the caller, already mounted, makes it once per document.
 */
/** `label` names the scrolling page for screen readers ("Documento PDF" when the caller gives none). */
export default function PdfView({ file, width, label }: { file: { data: Uint8Array }; width: number; label?: string }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(2);
  const [failed, setFailed] = useState(false);

  if (failed) return <Callout intent="danger" data-testid="viewer-pdf-error">{t('solicitations.viewer.pdfFailed')}</Callout>;
  return (
    <div className="pdf-view" data-testid="viewer-pdf" data-pages={pages}>
      <div className="pdf-view-bar">
        <ButtonGroup>
          <Button icon="chevron-left" aria-label={t('solicitations.viewer.previous')} disabled={page <= 1} onClick={() => setPage((p) => p - 1)} />
          <Button icon="chevron-right" aria-label={t('solicitations.viewer.next')} disabled={page >= pages} onClick={() => setPage((p) => p + 1)} data-testid="viewer-pdf-next" />
        </ButtonGroup>
        <span data-testid="viewer-pdf-page">{pages > 0 ? t('solicitations.viewer.page', { page, pages }) : ''}</span>
        <ButtonGroup>
          <Button icon="zoom-out" aria-label={t('solicitations.viewer.zoomOut')} disabled={zoom <= 0} onClick={() => setZoom((z) => z - 1)} />
          <Button icon="zoom-in" aria-label={t('solicitations.viewer.zoomIn')} disabled={zoom >= ZOOMS.length - 1} onClick={() => setZoom((z) => z + 1)} />
        </ButtonGroup>
      </div>
      {/* The scrolling page is reachable by Tab, so the arrow keys scroll it (and screen readers name it). */}
      <div className="pdf-view-canvas" tabIndex={0} role="region" aria-label={label ?? t('solicitations.viewer.pdfArea')} data-testid="viewer-scroll">
        <Document
          file={file}
          options={OPTIONS}
          loading={<Spinner />}
          onLoadSuccess={(doc) => {
            setPages(doc.numPages);
            setPage(1);
          }}
          onLoadError={() => setFailed(true)}
          onSourceError={() => setFailed(true)}
        >
          <Page pageNumber={page} width={Math.round(width * ZOOMS[zoom])} renderTextLayer={false} renderAnnotationLayer={false} loading={<Spinner />} />
        </Document>
      </div>
    </div>
  );
}
