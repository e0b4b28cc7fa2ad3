/**
 * The confirmation before money moves: its amounts are declared rows written
 * by the shared money formatter, the rows that decide carry the test ids the
 * end-to-end specs read, and the operation screens state the same four rows
 * whether the amounts come from a saved operation or a fresh simulation.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CreditOperation, SimulationResult } from '../../../src/shared/contract/credit-operations';
import { formatCurrency, formatDate } from '../../../src/shared/format';
import { translate } from '../../../src/shared/i18n';
import { MoneyRowsTable } from '../../../src/renderer/src/components/MoneyConfirmDialog';
import { moneyCells } from '../../../src/renderer/src/components/moneyRows';
import { amountRows, operationAmounts, simulatedAmounts } from '../../../src/renderer/src/screens/creditOperations/model';

const t = (key: string, vars?: Record<string, unknown>) => translate('pt-BR', key, vars as Record<string, string | number> | undefined);

describe('money rows', () => {
  it('formats amounts with the shared currency formatter and keeps worded rows as they are', () => {
    const cells = moneyCells(
      [
        { label: 'Valor', amount: '1234.50', strong: true, id: 'value' },
        { label: 'Parcelas', text: '12 parcelas' },
      ],
      'x-amounts',
    );
    expect(cells).toEqual([
      { key: 'value', label: 'Valor', value: formatCurrency('1234.50'), strong: true, testId: 'x-amounts-value' },
      { key: 'row-1', label: 'Parcelas', value: '12 parcelas', strong: false, testId: undefined },
    ]);
    expect(cells[0].value).toBe('R$ 1.234,50');
  });

  it('renders one table row per declared row, the test ids on the values', () => {
    const html = renderToStaticMarkup(
      <MoneyRowsTable rows={[{ label: 'Liberado', amount: '900.00', strong: true, id: 'released' }, { label: 'Principal', amount: '1000.00' }]} testId="t-amounts" />,
    );
    expect(html).toContain('data-testid="t-amounts"');
    expect(html).toContain('data-testid="t-amounts-released"><strong>R$ 900,00</strong>');
    expect(html).toContain('<th scope="row">Principal</th><td class="numeric">R$ 1.000,00</td>');
    expect(html.match(/<tr>/g)).toHaveLength(2);
  });
});

describe("an operation's confirmation amounts", () => {
  const amounts = { principal: '10000.00', released: '9650.00', totalPayable: '12345.67', plots: 12, firstPayment: '1028.81', firstDue: '2026-02-10' };

  it('states principal, released, total payable and the installments, the deciding ones marked', () => {
    const rows = amountRows(amounts, t);
    expect(rows.map((r) => r.id)).toEqual([undefined, 'released', 'total-payable', 'plots']);
    expect(rows.filter((r) => r.strong).map((r) => r.id)).toEqual(['released', 'total-payable']);
    expect(rows[1].amount).toBe('9650.00');
    expect(rows[3].text).toBe(`12 × a partir de ${formatCurrency('1028.81')} · ${formatDate('2026-02-10')}`);
    // Without a schedule yet, the count alone.
    expect(amountRows({ ...amounts, firstPayment: undefined, firstDue: undefined }, t)[3].text).toBe('12');
  });

  it('reads the same amounts from a saved operation and from a simulation', () => {
    const op = {
      principal: '10000.00',
      released: '9650.00',
      total_payable: '12345.67',
      installments_count: 12,
      first_due_date: '2026-02-10',
      installments: [{ payment: '1028.81', due_date: '2026-02-10' }],
    } as unknown as CreditOperation;
    const sim = {
      principal: '10000.00',
      released: '9650.00',
      totalPayable: '12345.67',
      installments: Array.from({ length: 12 }, () => ({ payment: '1028.81', dueDate: '2026-02-10' })),
    } as unknown as SimulationResult;
    expect(operationAmounts(op)).toEqual(amounts);
    expect(simulatedAmounts(sim)).toEqual(amounts);
    // An operation without its schedule falls back to the first due date it was given.
    expect(operationAmounts({ ...op, installments: [] } as CreditOperation)).toEqual({ ...amounts, firstPayment: undefined });
  });
});
