/**
 * Cession across operations (/app/clientOperation/cession): the installments
 * of every disbursed operation that can be assigned today, filtered by
 * borrower, product, due dates and installment value, and one cession of any
 * of them (the batch call), with the same confirmation as an operation's
 * cession tab. The filters are declarations on the list kit's filter bar
 * (amounts typed the way the language writes them, sent as decimal text; an
 * inverted range is refused before it is sent). Below, what each assignee
 * still owes of its cessions' price (CessionPricePanel).
 */
import { Callout, Card, H2, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssignableFilter } from '@shared/contract/servicing-cession';
import { errorText } from '../../../api/errors';
import { useApiQuery } from '../../../api/hooks';
import { FilterBar } from '@kit/list/FilterBar';
import type { FilterDecl } from '@kit/list/filters';
import type { ListState } from '@kit/list/listState';
import { useListFilters } from '@kit/list/useListFilters';
import { AssignPanel } from './CessionTab';
import { CessionPricePanel } from './CessionPricePanel';
import '../servicing.css';

const c = (key: string) => `servicing.cession.${key}`;

const FILTERS: readonly FilterDecl<keyof AssignableFilter>[] = [
  { kind: 'text', key: 'borrower', label: c('filters.borrower') },
  { kind: 'text', key: 'product', label: c('filters.product') },
  { kind: 'dateRange', key: 'due_from', to: 'due_to', label: c('filters.due') },
  { kind: 'moneyRange', key: 'value_min', to: 'value_max', label: c('filters.value') },
];

export function CessionAcrossScreen() {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState>({ page: 1, filter: {} });
  const filters = useListFilters(FILTERS, state, setState);
  // The filter bar writes only the declared keys, as text: the assignable filter's own shape.
  const filter = state.filter as AssignableFilter;
  const query = useApiQuery('cession.assignableAcross', filter);
  return (
    <div className="screen" data-testid="cession-across">
      <H2 className="heading-as-h4">{t(c('acrossTitle'))}</H2>
      <p className="bp6-text-muted">{t(c('acrossNote'))}</p>
      <Card compact>
        <FilterBar testId="cession" filters={FILTERS} draft={filters.draft} errors={filters.errors} onChange={filters.change} onApply={filters.applyNow} onClear={filters.clear} />
      </Card>
      <Card compact>
        {query.error ? (
          <Callout intent="danger" data-testid="cession-across-error">
            {errorText(query.error, t)}
          </Callout>
        ) : query.data ? (
          <AssignPanel key={JSON.stringify(filter)} list={query.data} operationId={null} />
        ) : (
          <Spinner size={24} />
        )}
      </Card>
      {query.data && (
        <Card compact>
          <CessionPricePanel today={query.data.as_of} />
        </Card>
      )}
    </div>
  );
}
