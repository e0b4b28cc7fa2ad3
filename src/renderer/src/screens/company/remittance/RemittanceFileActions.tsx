/**
 * What a stored remittance offers wherever its history is listed: the file
 * downloaded again (remittance.file) and the report of what it carried as PDF
 * or Excel (remittance.report), each saved to disk by the main process; the
 * path saved last is shown by the screen.
 */
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemittanceBankCode, RemittanceReportFormat } from '@shared/contract/company-remittance';
import { bridge } from '../../../api/client';
import { ApiError, errorText } from '../../../api/errors';
import { useToast } from '../../../app/toaster';
import { COMPANY_ID } from '../../../app/company';

type Job = { id: number; what: 'file' | RemittanceReportFormat };

export function useRemittanceFiles(bank: RemittanceBankCode) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState<Job | null>(null);
  const [saved, setSaved] = useState<{ path: string; report: boolean } | null>(null);

  const run = async (job: Job) => {
    setBusy(job);
    try {
      const result =
        job.what === 'file'
          ? await bridge().files.download('remittance.file', { bankCode: bank, remittanceId: job.id }, {})
          : await bridge().files.download('remittance.report', { id: COMPANY_ID, bankCode: bank, remittance_id: job.id, format: job.what }, {});
      if (result.error) toast.failure(errorText(new ApiError(result), t));
      else if (result.data) setSaved({ path: result.data.path, report: job.what !== 'file' });
    } catch {
      toast.failure();
    } finally {
      setBusy(null);
    }
  };
  return { busy, saved, run };
}

export function RemittanceFileButtons({ id, files }: { id: number; files: ReturnType<typeof useRemittanceFiles> }) {
  const { t } = useTranslation();
  const loading = (what: Job['what']) => files.busy?.id === id && files.busy.what === what;
  return (
    <ButtonGroup>
      <Button small icon="download" loading={loading('file')} data-testid={`remittance-download-${id}`} onClick={() => void files.run({ id, what: 'file' })}>
        {t('remittance.download')}
      </Button>
      <Button small icon="document" loading={loading('pdf')} data-testid={`remittance-report-pdf-${id}`} onClick={() => void files.run({ id, what: 'pdf' })}>
        {t('remittance.reportPdf')}
      </Button>
      <Button small icon="th" loading={loading('xlsx')} data-testid={`remittance-report-xlsx-${id}`} onClick={() => void files.run({ id, what: 'xlsx' })}>
        {t('remittance.reportXlsx')}
      </Button>
    </ButtonGroup>
  );
}
