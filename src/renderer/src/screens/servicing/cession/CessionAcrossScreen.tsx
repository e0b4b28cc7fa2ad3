/**
 * Cession across operations (/app/clientOperation/cession): the installments
 * of every disbursed operation that can be assigned today, filtered by
 * borrower, product and due dates, and one cession of any of them (the batch
 * call), with the same confirmation as an operation's cession tab.
 */
import { Button, Callout, Card, FormGroup, H2, InputGroup, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssignableFilter } from '@shared/contract/servicing-cession';
import { errorText } from '../../../api/errors';
import { useApiQuery } from '../../../api/hooks';
import { DateTextInput } from '@kit/form/DateTextInput';
import { AssignPanel } from './CessionTab';

const c = (key: string) => `servicing.cession.${key}`;

export function CessionAcrossScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ borrower: '', product: '', due_from: '', due_to: '' });
  const [filter, setFilter] = useState<AssignableFilter>({});
  const query = useApiQuery('cession.assignableAcross', filter);
  const apply = () =>
    setFilter({
      ...(draft.borrower.trim() ? { borrower: draft.borrower.trim() } : {}),
      ...(draft.product.trim() ? { product: draft.product.trim() } : {}),
      ...(draft.due_from ? { due_from: draft.due_from } : {}),
      ...(draft.due_to ? { due_to: draft.due_to } : {}),
    });
  return (
    <div className="screen" data-testid="cession-across">
      <H2 className="heading-as-h4">{t(c('acrossTitle'))}</H2>
      <p className="bp6-text-muted">{t(c('acrossNote'))}</p>
      <Card compact>
        <form
          className="cession-filters"
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <FormGroup label={t(c('filters.borrower'))} labelFor="cession-filter-borrower" inline>
            <InputGroup id="cession-filter-borrower" data-testid="cession-filter-borrower" value={draft.borrower} onChange={(e) => setDraft({ ...draft, borrower: e.currentTarget.value })} />
          </FormGroup>
          <FormGroup label={t(c('filters.product'))} labelFor="cession-filter-product" inline>
            <InputGroup id="cession-filter-product" data-testid="cession-filter-product" value={draft.product} onChange={(e) => setDraft({ ...draft, product: e.currentTarget.value })} />
          </FormGroup>
          <FormGroup label={t(c('filters.dueFrom'))} labelFor="cession-filter-from" inline>
            <DateTextInput id="cession-filter-from" value={draft.due_from} onChange={(v) => setDraft({ ...draft, due_from: v })} />
          </FormGroup>
          <FormGroup label={t(c('filters.dueTo'))} labelFor="cession-filter-to" inline>
            <DateTextInput id="cession-filter-to" value={draft.due_to} onChange={(v) => setDraft({ ...draft, due_to: v })} />
          </FormGroup>
          <Button type="submit" icon="filter" data-testid="cession-filter-apply">
            {t(c('filters.apply'))}
          </Button>
        </form>
      </Card>
      <Card>
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
    </div>
  );
}
