/** The repurchase screens' confirmation rows (worded in pt-BR, the server's figures unchanged) and their paths. */
import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/shared/i18n';
import { amountRows, markRows, repurchasePaths } from '../../../src/renderer/src/screens/servicing/repurchase/model';

const t = (key: string, vars?: Record<string, unknown>) => translate('pt-BR', key, vars as Record<string, string | number> | undefined);

describe('repurchase model', () => {
  it('states the rule and every figure as the server gave it, the amount due to the assignee standing out', () => {
    const rows = amountRows({ rule: 'face_plus_charges', face_value: '283.68', charges: '9.45', discount: '0.00', amount: '293.13', carrying: '262.10', result: '-31.03' }, t);
    expect(rows.map((r) => [r.id, r.label, r.amount ?? r.text, r.strong ?? false])).toEqual([
      ['rule', 'Regra da conta do cessionário', 'Valor de face mais encargos', false],
      ['face', 'Valor de face em aberto', '283.68', false],
      ['charges', 'Encargos de atraso', '9.45', false],
      ['discount', 'Desconto (valor presente)', '0.00', false],
      ['amount', 'Valor devido ao cessionário', '293.13', true],
      ['carrying', 'Principal que volta à carteira', '262.10', false],
      ['result', 'Resultado da recompra', '-31.03', false],
    ]);
    expect(amountRows({ rule: 'present_value', face_value: '1000.00', charges: '0.00', discount: '29.27', amount: '970.73', carrying: '950.00', result: '-20.73' }, t)[0].text).toBe('Valor presente à taxa da cessão');
  });

  it("states what a mark concerns: the cause, the assigned installments still open and the sum to buy them all back, in whole cents", () => {
    const installments = ['0.10', '0.20', '1234.56'].map((amount, i) => ({ id: i + 1, amount })) as never[];
    const rows = markRows('contract_cancelled', { credit_operation_id: 7, as_of: '2026-02-10', installments, amount: '1234.86' }, t);
    expect(rows.map((r) => [r.id, r.label, r.amount ?? r.text, r.strong ?? false])).toEqual([
      ['cause', 'Marca', 'Contrato cancelado ou rescindido', false],
      ['installments', 'Parcelas cedidas em aberto', '3', false],
      ['amount', 'Valor para recomprar todas hoje', '1234.86', true],
    ]);
    expect(markRows('fraud', undefined, t).map((r) => r.amount ?? r.text)).toEqual(['Fraude', '0', '0.00']);
  });

  it('routes the three screens under the operation analysis', () => {
    expect(repurchasePaths.list(7)).toBe('/app/clientOperation/analize/7/repurchase');
    expect(repurchasePaths.title(7)).toBe('/app/clientOperation/analize/7/repurchase/title');
    expect(repurchasePaths.details(7, 31)).toBe('/app/clientOperation/analize/7/repurchase/31/details');
  });
});
