/**
 * The late-charge terms of a contract: chosen at issue, printed in its text and PDF, frozen with it, and read by
 * servicing from the frozen contract (never from the company's parameters of the day).
 *
 * - Multa and juros de mora: the company's parameters at issue (≤ 2%, CDC art. 52 §1; ≤ 1% a month, STJ Súmula 379).
 * - Remuneratory interest during delay is charged only where the contract provides it (Res. CMN 4.882/2020). A
 *   contract states it (`compound_daily`: the contract's rate, compounded pro rata die — capitalisation expressly
 *   agreed, Lei 10.931/2004 art. 28 §1 I; MP 2.170-36/2001 art. 5; STJ Súmula 539) only when the company's
 *   `remuneratory_interest_in_delay` is on at issue AND its template prints `{{encargos.juros_remuneratorios}}`:
 *   a clause the text does not print is not agreed. Otherwise `none`.
 * - Days late: a due date on a weekend or bank holiday moves to the next business day (Código Civil art. 132 §1);
 *   paid after it, the days count from that moved day (`payable_until`). Every contract the app issues says so
 *   (`{{encargos.contagem_atraso}}`, and the PDF's summary).
 */
import { formatPercentage } from '@shared/format';
import { REMUNERATORY_PLACEHOLDER } from '@shared/contract/company';
import type { FrozenLateCharges } from './schema';

/** The terms a contract issued now states. */
export function lateChargesAtIssue(
  params: { late_fee_percent: string; default_interest_monthly_percent: string; remuneratory_interest_in_delay: boolean },
  monthlyRate: string,
  templatePrintsClause: boolean,
): FrozenLateCharges {
  return {
    late_fee_percent: params.late_fee_percent,
    default_interest_monthly_percent: params.default_interest_monthly_percent,
    remuneratory: params.remuneratory_interest_in_delay && templatePrintsClause ? 'compound_daily' : 'none',
    contract_monthly_percent: monthlyRate,
    late_days_from: 'payable_until',
  };
}

/** The remuneratory clause as the contract's text says it. */
export function remuneratoryClausePt(t: FrozenLateCharges): string {
  switch (t.remuneratory) {
    case 'none':
      return 'sem juros remuneratórios durante o atraso';
    case 'compound_daily':
      return `juros remuneratórios à taxa deste contrato, de ${formatPercentage(t.contract_monthly_percent)} ao mês, capitalizados diariamente (pro rata die) sobre o valor em atraso`;
    case 'simple_daily':
      return `juros remuneratórios à taxa deste contrato, de ${formatPercentage(t.contract_monthly_percent)} ao mês, à razão de 1/30 por dia de atraso`;
  }
}

/** How the days late are counted, as the contract's text says it. */
export function lateDaysClausePt(t: FrozenLateCharges): string {
  return t.late_days_from === 'payable_until'
    ? 'O vencimento em sábado, domingo ou feriado bancário prorroga-se para o primeiro dia útil seguinte (Código Civil, art. 132, § 1º); paga depois dele, os dias de atraso contam-se a partir desse dia útil.'
    : 'O vencimento em sábado, domingo ou feriado bancário prorroga-se para o primeiro dia útil seguinte (Código Civil, art. 132, § 1º); paga depois dele, os dias de atraso contam-se a partir da data de vencimento original.';
}

/** The placeholders of the late-charge terms, filled from the frozen terms. */
export function lateChargeValues(t: FrozenLateCharges): Record<string, string> {
  return {
    'encargos.multa': formatPercentage(t.late_fee_percent),
    'encargos.juros_mora': formatPercentage(t.default_interest_monthly_percent),
    [REMUNERATORY_PLACEHOLDER]: remuneratoryClausePt(t),
    'encargos.contagem_atraso': lateDaysClausePt(t),
  };
}

/** The PDF summary's line of the late charges. */
export function lateChargesSummaryPt(t: FrozenLateCharges): string {
  return `multa de ${formatPercentage(t.late_fee_percent)}; juros de mora de ${formatPercentage(t.default_interest_monthly_percent)} ao mês, pro rata die; ${remuneratoryClausePt(t)}`;
}
