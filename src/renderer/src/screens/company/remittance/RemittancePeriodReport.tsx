/**
 * The remittances of a period of one bank (the company's remittance report:
 * report.remittancePdf / report.remittanceExcel), saved to disk by the main
 * process; shown to the roles that read reports. A bad period is the
 * server's 400, shown with the field it names.
 */
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import type { RemittanceBankCode } from '@shared/contract/company-remittance';
import { RoleGate } from '@kit/RoleGate';
import { bridge } from '../../../api/client';
import { ApiError, errorText } from '../../../api/errors';
import { useToast } from '../../../app/toaster';
import { PeriodFields } from '@kit/ReportKit';

type Format = 'pdf' | 'xlsx';

export function RemittancePeriodReport({ bank }: { bank: RemittanceBankCode }) {
  return (
    <RoleGate roles={contract['report.remittancePdf'].access}>
      <PeriodForm bank={bank} />
    </RoleGate>
  );
}

function PeriodForm({ bank }: { bank: RemittanceBankCode }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState<Format | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const save = async (format: Format) => {
    setBusy(format);
    setSaved(null);
    const args = { filter: { from, to, bank } };
    try {
      const result = format === 'pdf' ? await bridge().files.download('report.remittancePdf', args, {}) : await bridge().files.download('report.remittanceExcel', args, {});
      if (result.error) toast.failure(errorText(new ApiError(result), t));
      else if (result.data) setSaved(result.data.path);
    } catch {
      toast.failure();
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="company-remittance-period" data-testid="remittance-period-report">
      <h3>{t('remittance.period.title')}</h3>
      <div className="company-remittance-pick">
        <PeriodFields idPrefix="remittance-period" from={from} to={to} onFrom={setFrom} onTo={setTo} fromLabel={t('remittance.period.from')} toLabel={t('remittance.period.to')} />
        <Button icon="document" loading={busy === 'pdf'} disabled={busy !== null} data-testid="remittance-period-pdf" onClick={() => void save('pdf')}>
          {t('remittance.reportPdf')}
        </Button>
        <Button icon="th" loading={busy === 'xlsx'} disabled={busy !== null} data-testid="remittance-period-xlsx" onClick={() => void save('xlsx')}>
          {t('remittance.reportXlsx')}
        </Button>
      </div>
      {saved && (
        <Callout intent="success" icon="tick" data-testid="remittance-period-saved" className="export-result">
          {t('remittance.reportSaved', { path: saved })}
        </Callout>
      )}
    </section>
  );
}
