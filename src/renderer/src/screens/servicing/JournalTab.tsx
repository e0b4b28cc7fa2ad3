/**
 * The operation's journal (the double-entry books under its money): every
 * posting, newest first, its lines with debit and credit in their own
 * columns, whether each posting balances, and the operation's balance per
 * account. The sums are by whole cents, never binary floats.
 */
import { Callout, H3, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditOperation } from '@shared/contract/credit-operations';
import { formatCurrency } from '@shared/format';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import type { ColumnDecl } from '@kit/list/columns';
import { RecordsTable } from '@kit/RecordsTable';
import { journalRows, journalTotals, postingTotals, type JournalLineRow } from './model';
import './servicing.css';

const c = (key: string) => `servicing.journal.columns.${key}`;

const COLUMNS: ColumnDecl<JournalLineRow>[] = [
  { id: 'posting', title: c('posting'), kind: 'identifier', text: (r) => (r.first ? `#${r.posting_id}` : '') },
  { id: 'date', title: c('date'), kind: 'date', value: (r) => (r.first ? r.business_date : null) },
  { id: 'kind', title: c('kind'), text: (r, t) => (r.first ? t(`servicing.postingKinds.${r.kind}`) : '') },
  { id: 'code', title: c('code'), kind: 'identifier', field: 'code' },
  { id: 'account', title: c('account'), width: 220, field: 'name' },
  { id: 'debit', title: c('debit'), kind: 'money', text: (r) => (r.debit ? formatCurrency(r.debit) : '') },
  { id: 'credit', title: c('credit'), kind: 'money', text: (r) => (r.credit ? formatCurrency(r.credit) : '') },
];

export function JournalTab({ op }: { op: CreditOperation }) {
  const { t } = useTranslation();
  const query = useApiQuery('servicing.journal', { id: op.id });
  const journal = query.data;
  const rows = useMemo(() => (journal ? journalRows(journal) : undefined), [journal]);
  if (!journal) return query.error ? <Callout intent="danger">{errorText(query.error, t)}</Callout> : <Spinner size={24} />;
  if (journal.postings.length === 0) {
    return (
      <p className="bp6-text-muted" data-testid="journal-empty">
        {t('servicing.journal.none')}
      </p>
    );
  }
  const totals = journalTotals(journal);
  const unbalanced = journal.postings.filter((p) => !postingTotals(p.lines).balanced).map((p) => `#${p.posting_id}`);
  return (
    <div data-testid="analysis-journal">
      <p className="svc-totals" data-testid="journal-totals" data-balanced={totals.balanced}>
        <span>
          {t('servicing.journal.debits')}: <strong data-testid="journal-debits">{formatCurrency(totals.debits)}</strong>
        </span>
        <span>
          {t('servicing.journal.credits')}: <strong data-testid="journal-credits">{formatCurrency(totals.credits)}</strong>
        </span>
        <Tag intent={totals.balanced && unbalanced.length === 0 ? 'success' : 'danger'} icon={totals.balanced && unbalanced.length === 0 ? 'tick' : 'error'} data-testid="journal-balanced">
          {totals.balanced && unbalanced.length === 0 ? t('servicing.journal.balanced') : t('servicing.journal.unbalanced', { postings: unbalanced.join(', ') })}
        </Tag>
      </p>
      <RecordsTable testId="journal-lines" columns={COLUMNS} rows={rows} loading={false} />
      <H3 className="heading-as-h5 op-section-title">{t('servicing.journal.balancesTitle')}</H3>
      <HTMLTable compact striped data-testid="journal-balances">
        <thead>
          <tr>
            <th scope="col">{t(c('account'))}</th>
            <th scope="col" className="numeric">
              {t('servicing.journal.balance')}
            </th>
          </tr>
        </thead>
        <tbody>
          {journal.balances.map((b) => (
            <tr key={b.account} data-testid={`journal-balance-${b.account}`}>
              <td>{t(`servicing.accounts.${b.account}`)}</td>
              <td className="numeric">{formatCurrency(b.balance)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p className="bp6-text-muted op-note">{t('servicing.journal.balanceNote')}</p>
    </div>
  );
}
