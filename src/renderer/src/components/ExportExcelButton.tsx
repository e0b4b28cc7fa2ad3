/**
 * 'EXPORTAR EXCEL': the main process fetches every matching row and writes
 * the workbook (info sheet + data sheet); this shows its progress and where
 * the file went.
 */
import { Button, Callout, ProgressBar } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileProgress, SavedFile } from '@shared/bridge';
import type { ArgsOf, ExposedOperationName } from '@shared/contract';
import { bridge } from '../api/client';
import { errorText } from '../api/errors';
import { ApiError } from '../api/errors';
import { useToast } from '../app/toaster';

export interface ExportExcelButtonProps<N extends ExposedOperationName> {
  operation: N;
  args: ArgsOf<N>;
  title?: string;
  fileName?: string;
}

let jobCounter = 0;

export function ExportExcelButton<N extends ExposedOperationName>({ operation, args, title, fileName }: ExportExcelButtonProps<N>) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<FileProgress | null>(null);
  const [saved, setSaved] = useState<SavedFile | null>(null);

  const run = async () => {
    jobCounter += 1;
    const jobId = `export-${Date.now()}-${jobCounter}`;
    setBusy(true);
    setSaved(null);
    setProgress(null);
    const off = bridge().files.onProgress((p) => {
      if (p.jobId === jobId) setProgress(p);
    });
    try {
      const result = await bridge().files.exportExcel(operation, args, { title, fileName, jobId });
      if (result.error) toast.failure(errorText(new ApiError(result), t));
      else if (result.data) setSaved(result.data);
    } catch {
      toast.failure();
    } finally {
      off();
      setBusy(false);
    }
  };

  return (
    <div className="export-excel">
      <Button icon="export" data-testid="export-excel" loading={busy} onClick={() => void run()}>
        {t('common.exportExcel')}
      </Button>
      {busy && progress && (
        <div className="export-progress" data-testid="export-progress">
          <ProgressBar
            intent="primary"
            value={progress.total ? Math.min(1, progress.written / progress.total) : undefined}
          />
          <span>{t('common.exporting', { written: progress.written })}</span>
        </div>
      )}
      {saved && (
        <Callout intent="success" icon="tick" data-testid="export-result" className="export-result">
          {t('common.exportDone', { path: saved.path, rows: saved.rows ?? 0 })}
        </Callout>
      )}
    </div>
  );
}
