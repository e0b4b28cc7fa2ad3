/**
 * A filter of any number of fixed options at once (the list kit's
 * 'multiSelect' kind): the chosen ones as tags in the field, the rest in a
 * menu that narrows as the person types; none chosen reads "all" and sends
 * no filter. Each option's test id is `${testId}-option-${value}`, each tag's
 * `${testId}-tag-${value}`.
 */
import { MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from './filters';

export interface MultiSelectFilterProps {
  id: string;
  testId: string;
  /** the field's label, already translated (the input's accessible name) */
  label: string;
  options: readonly SelectOption[];
  value: readonly string[];
  onChange(next: readonly string[]): void;
}

/** Letters without accents or case, so "liberacao" finds "Liberação". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function MultiSelectFilter({ id, testId, label, options, value, onChange }: MultiSelectFilterProps) {
  const { t } = useTranslation();
  const words = (o: SelectOption) => (o.raw ? o.label : t(o.label));
  const chosen = new Set(value);
  const selected = options.filter((o) => chosen.has(o.value));
  // Kept in the options' order, whatever order they were picked in.
  const toggle = (o: SelectOption) => onChange(options.filter((x) => (x.value === o.value ? !chosen.has(x.value) : chosen.has(x.value))).map((x) => x.value));

  const renderItem: ItemRenderer<SelectOption> = (o, { handleClick, handleFocus, modifiers, ref }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={o.value}
        ref={ref}
        text={words(o)}
        icon={chosen.has(o.value) ? 'tick' : 'blank'}
        active={modifiers.active}
        roleStructure="listoption"
        selected={chosen.has(o.value)}
        data-testid={`${testId}-option-${o.value}`}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;
  const matches: ItemPredicate<SelectOption> = (query, o) => folded(words(o)).includes(folded(query));

  return (
    <div className="list-filter-multi" data-testid={testId}>
      <MultiSelect<SelectOption>
        items={[...options]}
        selectedItems={selected}
        itemRenderer={renderItem}
        itemPredicate={matches}
        itemsEqual="value"
        tagRenderer={words}
        onItemSelect={toggle}
        onRemove={(o) => toggle(o)}
        onClear={selected.length > 0 ? () => onChange([]) : undefined}
        placeholder={t('common.all')}
        resetOnSelect
        popoverProps={{ minimal: true, matchTargetWidth: true }}
        noResults={<MenuItem disabled text={t('common.noRecords')} roleStructure="listoption" />}
        tagInputProps={{
          inputProps: { id, 'aria-label': label },
          tagProps: (_node, index) => ({ minimal: true, 'data-testid': `${testId}-tag-${selected[index]?.value ?? index}` } as Record<string, unknown>),
        }}
      />
    </div>
  );
}
