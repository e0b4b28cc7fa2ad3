/** The late-charge terms a contract states at issue and prints (src/server/areas/operations/late-charge-terms.ts, contract-pdf.ts). */
import { describe, expect, it } from 'vitest';
import { lateChargesAtIssue, lateChargeValues } from '../../../src/server/areas/operations/late-charge-terms';
import { summaryLines } from '../../../src/server/areas/operations/contract-pdf';
import type { FrozenContract } from '../../../src/server/areas/operations/schema';

const params = { late_fee_percent: '2.0000', default_interest_monthly_percent: '1.0000', remuneratory_interest_in_delay: true };

describe('late-charge terms at issue', () => {
  it('state remuneratory interest during delay only when the company asks for it and the template prints the clause', () => {
    expect(lateChargesAtIssue(params, '2.7900', true).remuneratory).toBe('compound_daily');
    expect(lateChargesAtIssue(params, '2.7900', false).remuneratory).toBe('none');
    expect(lateChargesAtIssue({ ...params, remuneratory_interest_in_delay: false }, '2.7900', true).remuneratory).toBe('none');
    expect(lateChargesAtIssue(params, '2.7900', true)).toMatchObject({ late_days_from: 'payable_until', contract_monthly_percent: '2.7900' });
  });

  it('print them with two decimals, in the text and in the PDF summary', () => {
    const none = lateChargesAtIssue({ ...params, remuneratory_interest_in_delay: false }, '2.7900', true);
    expect(lateChargeValues(none)).toMatchObject({
      'encargos.multa': '2,00%',
      'encargos.juros_mora': '1,00%',
      'encargos.juros_remuneratorios': 'sem juros remuneratórios durante o atraso',
    });
    const stated = lateChargeValues(lateChargesAtIssue(params, '2.79', true));
    expect(stated['encargos.juros_remuneratorios']).toBe('juros remuneratórios à taxa deste contrato, de 2,79% ao mês, capitalizados diariamente (pro rata die) sobre o valor em atraso');
    expect(stated['encargos.contagem_atraso']).toContain('Código Civil, art. 132, § 1º');
    const amounts = { monthly_rate: '3.2', yearly_rate: '45.9', cet_monthly: '3.5', cet_yearly: '51', fees: [], principal: '1000', iof_total: '0', released: '1000', disbursement_date: '2026-01-12', total_interest: '10', total_payable: '1010', installments_count: 1, amortization: 'price', first_due_date: '2026-02-12', payment_method: 'boleto' } as unknown as FrozenContract['amounts'];
    const lines = Object.fromEntries(summaryLines(amounts, [], none));
    expect(lines['Taxa de juros']).toBe('3,20% ao mês (45,90% ao ano)');
    expect(lines['Custo Efetivo Total (CET)']).toBe('3,50% ao mês; 51,00% ao ano');
    expect(lines['Encargos de atraso']).toBe('multa de 2,00%; juros de mora de 1,00% ao mês, pro rata die; sem juros remuneratórios durante o atraso');
    expect(lines['Vencimento em dia não útil']).toContain('a partir desse dia útil');
  });
});
