/**
 * One bank's remittances across the company's accounts
 * (/app/company-operation/remittance-operation/:bankId, the bank's code):
 * every file generated, newest first, paged by the server
 * (remittance.history), each with the file downloaded again and the report of
 * what it carried (PDF, Excel), saved by the main process; a link to the
 * bank's remittance screen to generate the next one; the report of the bank's
 * remittances of a period (PDF, Excel) for the roles that read reports.
 */
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RemittanceBankCode, RemittanceHistoryItem } from '@shared/contract/company-remittance';
import { formatDate } from '@shared/format';
import { errorText } from '../../../api/errors';
import { useApiQuery } from '../../../api/hooks';
import { COMPANY_ID } from '../../../app/company';
import { RecordsTable } from '@kit/RecordsTable';
import { RemittanceFileButtons, useRemittanceFiles } from './RemittanceFileActions';
import { RemittancePeriodReport } from './RemittancePeriodReport';

/** Files per page: a screenful; the server answers at most 200. */
const PAGE = 20;

export function RemittanceOperationScreen() {
  const { t } = useTranslation();
  const bankCode = useParams().bankId ?? '';
  // Another code is answered by the server with a 400 naming bankCode.
  const bank = bankCode as RemittanceBankCode;
  const [offset, setOffset] = useState(0);
  const history = useApiQuery('remittance.history', { id: COMPANY_ID, bankCode: bank, history_offset: offset, history_limit: PAGE });
  const files = useRemittanceFiles(bank);
  const data = history.data;
  const total = data?.total ?? 0;

  return (
    <div className="company-remittance" data-testid="remittance-operation">
      <h2>{t('remittance.operationTitle', { bank: bankCode })}</h2>
      <p className="bp6-text-muted">
        {t('remittance.operationIntro')} <Link to={`/app/company-operation/banks/${bankCode}/remessa`}>{t('remittance.generateLink')}</Link>
      </p>
      {history.error && <Callout intent="danger">{errorText(history.error, t)}</Callout>}
      {files.saved && (
        <Callout intent="success" icon="tick" data-testid="remittance-saved" className="export-result">
          {t(files.saved.report ? 'remittance.reportSaved' : 'remittance.saved', { path: files.saved.path })}
        </Callout>
      )}
      <RecordsTable<RemittanceHistoryItem>
        testId="remittance-operation-history"
        loading={history.isFetching && !data}
        rows={data?.items ?? []}
        columns={[
          { id: 'generated_on', title: 'remittance.columns.generatedOn', width: 100, kind: 'date', text: (r) => formatDate(r.generated_on) },
          { id: 'account', title: 'remittance.columns.account', width: 130, kind: 'identifier', text: (r) => `${r.agency} / ${r.account}` },
          { id: 'nsa', title: 'remittance.columns.nsa', width: 60, kind: 'integer', field: 'nsa' },
          { id: 'cutoff', title: 'remittance.columns.cutoff', width: 100, kind: 'date', text: (r) => formatDate(r.cutoff_date) },
          { id: 'slips', title: 'remittance.columns.slips', width: 70, kind: 'integer', field: 'slip_count' },
          { id: 'total', title: 'remittance.columns.total', width: 110, kind: 'money', field: 'total' },
          { id: 'actor', title: 'remittance.columns.actor', width: 140, text: (r) => r.actor_name ?? '' },
          { id: 'file', title: 'remittance.columns.file', width: 150, kind: 'identifier', field: 'file_name' },
        ]}
        actions={{ title: t('remittance.actions'), render: (r) => <RemittanceFileButtons id={r.id} files={files} /> }}
      />
      {data && data.items.length === 0 && <p data-testid="remittance-operation-empty">{t('remittance.historyEmpty')}</p>}
      {total > PAGE && (
        <div className="company-remittance-pages" data-testid="remittance-operation-pages">
          <Button small icon="chevron-left" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            {t('remittance.previousPage')}
          </Button>
          <span>{t('remittance.pageOf', { from: offset + 1, to: Math.min(offset + PAGE, total), total })}</span>
          <Button small rightIcon="chevron-right" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
            {t('remittance.nextPage')}
          </Button>
        </div>
      )}
      <RemittancePeriodReport bank={bank} />
    </div>
  );
}
