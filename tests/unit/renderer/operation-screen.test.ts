/**
 * The operation screen's title by what the operation is now, and the list
 * kit's empty state choosing between "clear the filters" and "how records
 * get here".
 */
import { describe, expect, it } from 'vitest';
import { CREDIT_OPERATION_STATUSES } from '../../../src/shared/credit-operation-status';
import { translate } from '../../../src/shared/i18n';
import { analysisTitleKey } from '../../../src/renderer/src/screens/creditOperations/model';
import { hasActiveFilter } from '../../../src/renderer/src/components/list/listState';

describe('operation screen title', () => {
  it('is an analysis while the operation is being decided, the operation itself afterwards', () => {
    const titles = Object.fromEntries(CREDIT_OPERATION_STATUSES.map((s) => [s, translate('pt-BR', analysisTitleKey(s), { number: 'OP-000015' })]));
    expect(titles).toEqual({
      proposal: 'Análise da operação OP-000015',
      analysis: 'Análise da operação OP-000015',
      returned: 'Análise da operação OP-000015',
      approved: 'Operação OP-000015',
      refused: 'Operação OP-000015',
      contract_issued: 'Operação OP-000015',
      disbursed: 'Operação OP-000015',
      cancelled: 'Operação OP-000015',
      settled: 'Operação OP-000015',
      written_off: 'Operação OP-000015',
    });
    expect(translate('en', analysisTitleKey('disbursed'), { number: 'OP-000015' })).toBe('Operation OP-000015');
  });
});

describe('empty list', () => {
  it('counts a filter as active only when it narrows something', () => {
    expect(hasActiveFilter({})).toBe(false);
    expect(hasActiveFilter({ status: [], name: '' })).toBe(false);
    expect(hasActiveFilter({ status: ['analysis'] })).toBe(true);
    expect(hasActiveFilter({ name: 'Ana' })).toBe(true);
    expect(hasActiveFilter({ valueStart: 0 })).toBe(true);
  });
});
