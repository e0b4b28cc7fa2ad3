/**
 * The monthly balancete by COSIF account (/app/company-operation/books/balancete):
 * pick a month, see every account of the chart with its COSIF code and title,
 * opening balance, the month's debits and credits and closing balance
 * (ledger.balancete), the totals and whether debits equal credits; save it as
 * PDF (ledger.balancetePdf, rendered by the server) or Excel
 * (ledger.balanceteExcel, written by the main process), on the report kit
 * (@kit/ReportKit). It opens on the
 * business date's month (the server's clock: no month sent).
 */
import { Callout, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Balancete } from '@shared/contract/ledger-books';
import { formatCurrency, formatDate } from '@shared/format';
import { useApiQuery } from '../../api/hooks';
import { RecordsTable } from '@kit/RecordsTable';
import { ReportScreen } from '@kit/ReportKit';

interface LineRow {
  id: number;
  cosif_code: string;
  cosif_title: string;
  opening: string;
  debits: string;
  credits: string;
  closing: string;
}

/** A signed balance (debits − credits) as its amount and side. */
function sided(balance: string, side: (s: 'debit' | 'credit') => string): string {
  if (Number(balance) === 0) return formatCurrency('0.00');
  return balance.startsWith('-') ? `${formatCurrency(balance.slice(1))} ${side('credit')}` : `${formatCurrency(balance)} ${side('debit')}`;
}

/** How many months back from the business date's the picker offers (five years). */
const MONTHS_BACK = 60;

/** The months offered, newest first: the business date's month and the MONTHS_BACK before it, named in the screen's language. */
function monthOptions(current: string, language: string): Array<{ value: string; label: string }> {
  const [year, month] = current.split('-').map(Number);
  const name = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const out: Array<{ value: string; label: string }> = [];
  for (let i = 0; i <= MONTHS_BACK; i++) {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    out.push({ value: d.toISOString().slice(0, 7), label: name.format(d) });
  }
  return out;
}

function rowsOf(b: Balancete, totalLabel: string): LineRow[] {
  const rows: LineRow[] = b.accounts.map((a, i) => ({
    id: i + 1,
    cosif_code: a.cosif_code,
    cosif_title: `${a.cosif_title}${a.cosif_internal ? ' *' : ''} (${a.name})`,
    opening: a.opening,
    debits: a.debits,
    credits: a.credits,
    closing: a.closing,
  }));
  rows.push({ id: rows.length + 1, cosif_code: '', cosif_title: totalLabel, ...b.totals });
  return rows;
}

export function BalanceteScreen() {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  // The business date's month: the server's answer when no month is sent (the picker's newest month).
  const current = useApiQuery('ledger.balancete', {}).data?.month;
  const report = useApiQuery('ledger.balancete', asked ? { filter: { month: asked } } : {});
  const data = report.data;
  const month = typed ?? data?.month ?? '';
  const options = current ? monthOptions(current, i18n.language) : [];
  const side = (s: 'debit' | 'credit') => t(`books.side.${s}`);

  const rows = data ? rowsOf(data, t('books.total')) : undefined;
  const balanced = data?.totals.difference === '0.00';

  return (
    <ReportScreen
      testId="books-balancete"
      idPrefix="books"
      className="books-balancete"
      title={t('books.title')}
      intro={t('books.intro')}
      fields={
        <FormGroup label={t('books.month')} labelFor="books-month">
          <HTMLSelect id="books-month" value={month} onChange={(e) => setTyped(e.currentTarget.value)} data-testid="books-month" options={options} />
        </FormGroup>
      }
      showLabel={t('books.show')}
      onShow={() => {
        if (month) setAsked(month);
      }}
      asked
      error={report.error}
      files={
        data
          ? {
              pdf: { operation: 'ledger.balancetePdf', args: { filter: { month: data.month } }, fileName: `balancete-cosif-${data.month}` },
              pdfLabel: t('books.savePdf'),
              excel: { operation: 'ledger.balanceteExcel', args: { filter: { month: data.month } }, title: t('books.title'), fileName: `balancete-cosif-${data.month}` },
              savedText: (path) => t('books.saved', { path }),
            }
          : null
      }
    >
      {data && rows ? (
        <>
          <p data-testid="books-period">{t('books.period', { from: formatDate(data.from), to: formatDate(data.to) })}</p>
          <Callout intent={balanced ? 'success' : 'danger'} icon={balanced ? 'tick' : 'error'} data-testid="books-check">
            {balanced ? t('books.balanced', { amount: formatCurrency(data.totals.debits) }) : t('books.unbalanced', { difference: formatCurrency(data.totals.difference) })}
          </Callout>
          <RecordsTable<LineRow>
            testId="books-table"
            loading={report.isFetching && !data}
            rows={rows}
            columns={[
              { id: 'cosif_code', title: 'books.columns.cosifCode', kind: 'identifier', field: 'cosif_code' },
              { id: 'cosif_title', title: 'books.columns.cosifTitle', field: 'cosif_title' },
              { id: 'opening', title: 'books.columns.opening', kind: 'identifier', text: (r) => sided(r.opening, side) },
              { id: 'debits', title: 'books.columns.debits', kind: 'money', field: 'debits' },
              { id: 'credits', title: 'books.columns.credits', kind: 'money', field: 'credits' },
              { id: 'closing', title: 'books.columns.closing', kind: 'identifier', text: (r) => sided(r.closing, side) },
            ]}
          />
          <p className="bp6-text-muted">{t('books.legend')}</p>
        </>
      ) : null}
    </ReportScreen>
  );
}
