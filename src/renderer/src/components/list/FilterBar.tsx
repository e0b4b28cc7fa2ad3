/**
 * The filter form of a list declaration. Selects (one value or several) apply at once; typed filters
 * (text, dates, amounts) apply 500 ms after the last change, or at once with
 * Enter or the apply button; a refused range shows why and is not sent.
 */
import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { maskDateTyping } from '../form/localeText';
import type { OptionsOperationName } from './contractTypes';
import { draftList, draftText, type Draft, type FilterDecl, type SelectOption } from './filters';
import { MultiSelectFilter } from './MultiSelectFilter';

export interface FilterBarProps {
  testId: string;
  filters: readonly FilterDecl[];
  draft: Draft;
  errors: Record<string, string>;
  onChange(next: Draft, immediate: boolean): void;
  onApply(): void;
  onClear(): void;
}

/** Options of a catalogue picker: its active items. */
function useCatalogueOptions(operation: OptionsOperationName | undefined): SelectOption[] {
  const query = useApiQuery(operation ?? 'situations.listActives', {}, { enabled: !!operation, staleTime: 60_000 });
  return (query.data ?? []).map((item) => ({ value: String(item.id), label: item.label, raw: true }));
}

function CatalogueSelect(props: { id: string; testId: string; operation: OptionsOperationName; value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const options = useCatalogueOptions(props.operation);
  return (
    <HTMLSelect
      id={props.id}
      data-testid={props.testId}
      value={props.value}
      options={[{ value: '', label: t('common.all') }, ...options]}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}

export function FilterBar({ testId, filters, draft, errors, onChange, onApply, onClear }: FilterBarProps) {
  const { t } = useTranslation();
  const set = (key: string, value: string | readonly string[], immediate: boolean) => onChange({ ...draft, [key]: value }, immediate);
  const idOf = (key: string) => `${testId}-filter-${key}`;
  const all = { value: '', label: t('common.all') };
  const options = (list: readonly SelectOption[]) => [all, ...list.map((o) => ({ value: o.value, label: o.raw ? o.label : t(o.label) }))];

  const select = (f: FilterDecl, list: readonly SelectOption[]) => (
    <HTMLSelect id={idOf(f.key)} data-testid={idOf(f.key)} value={draftText(draft, f.key)} options={options(list)} onChange={(e) => set(f.key, e.currentTarget.value, true)} />
  );

  // Dates are typed DD/MM/YYYY whatever the workstation's locale (a native date input would follow the operating system's).
  const typed = (key: string, type: 'text' | 'date' | 'money', label?: string) => (
    <InputGroup
      id={idOf(key)}
      data-testid={idOf(key)}
      type="text"
      inputMode={type === 'text' ? undefined : type === 'date' ? 'numeric' : 'decimal'}
      placeholder={type === 'date' ? t('form.datePlaceholder') : undefined}
      aria-label={label}
      value={draftText(draft, key)}
      onChange={(e) => {
        const value = e.currentTarget.value;
        set(key, type === 'date' ? maskDateTyping(draftText(draft, key), value) : value, false);
      }}
    />
  );

  const control = (f: FilterDecl) => {
    switch (f.kind) {
      case 'text':
        return typed(f.key, 'text');
      case 'select':
        return select(f, f.options);
      case 'multiSelect':
        return <MultiSelectFilter id={idOf(f.key)} testId={idOf(f.key)} label={t(f.label)} options={f.options} value={draftList(draft, f.key)} onChange={(v) => set(f.key, v, true)} />;
      case 'status':
        return select(
          f,
          f.statuses.map((s) => ({ value: s, label: `${f.labels}.${s}` })),
        );
      case 'yesNo':
        return select(f, [
          { value: '1', label: f.wording === 'active' ? 'common.active' : 'common.yes' },
          { value: '2', label: f.wording === 'active' ? 'common.inactive' : 'common.no' },
        ]);
      case 'catalogue':
        return <CatalogueSelect id={idOf(f.key)} testId={idOf(f.key)} operation={f.operation} value={draftText(draft, f.key)} onChange={(v) => set(f.key, v, true)} />;
      case 'dateRange':
      case 'moneyRange': {
        const type = f.kind === 'dateRange' ? 'date' : 'money';
        return (
          <div className="list-filter-range" role="group" aria-label={t(f.label)}>
            {typed(f.key, type, `${t(f.label)} — ${t(f.kind === 'dateRange' ? 'list.filters.from' : 'list.filters.min')}`)}
            {typed(f.to, type, `${t(f.label)} — ${t(f.kind === 'dateRange' ? 'list.filters.to' : 'list.filters.max')}`)}
          </div>
        );
      }
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };

  return (
    <form className="list-filters" onSubmit={submit} aria-label={t('list.filters.title')}>
      {filters.map((f) => {
        const error = errors[f.key];
        const ranged = f.kind === 'dateRange' || f.kind === 'moneyRange';
        return (
          <FormGroup
            key={f.key}
            label={t(f.label)}
            // A range has two inputs, each named by its own aria-label.
            labelFor={ranged ? undefined : idOf(f.key)}
            intent={error ? 'danger' : 'none'}
            helperText={error ? <span data-testid={`${idOf(f.key)}-error`}>{t(error)}</span> : undefined}
          >
            {control(f)}
          </FormGroup>
        );
      })}
      <div className="list-filter-actions">
        <Button type="submit" intent="primary" icon="filter" data-testid={`${testId}-filter-apply`}>
          {t('list.filters.apply')}
        </Button>
        <Button icon="cross" data-testid={`${testId}-filter-clear`} onClick={onClear}>
          {t('common.clear')}
        </Button>
      </div>
    </form>
  );
}
