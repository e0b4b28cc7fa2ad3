/**
 * What a title tells the payer and the bank about the days after its due date:
 * protest at a notary, a report to the credit bureaus (negativação), or
 * neither. One declaration feeds both the slip's instruction lines and the
 * CNAB 240 segment P's protest fields, so the slip never promises what the
 * file tells the bank not to do (they disagreed: the slip printed "negativar
 * após N dias" while every file sent "não protestar").
 *
 * Codes: FEBRABAN CNAB 240 v10, segment P 221 "código para protesto" (table
 * G026): 1 protestar dias corridos, 3 não protestar, 8 negativação sem
 * protesto; 222–223 the number of days. The title's data keeps one of the two
 * (the contract's refinement and the table's check): the bank accepts one.
 */

export type TitleAfterDue = { readonly kind: 'protest' | 'negativation'; readonly days: number } | { readonly kind: 'none' };

export interface TitleAfterDueData {
  readonly protest_days: number | null;
  readonly negativation_days: number | null;
}

export const NO_AFTER_DUE: TitleAfterDue = { kind: 'none' };

/** The title data's choice (protest wins only if both were ever stored, which the table's check forbids). */
export function titleAfterDue(title: TitleAfterDueData | null | undefined): TitleAfterDue {
  if (title?.protest_days) return { kind: 'protest', days: title.protest_days };
  if (title?.negativation_days) return { kind: 'negativation', days: title.negativation_days };
  return NO_AFTER_DUE;
}

/** The slip's instruction line, in the payer's language (Portuguese), or null when the title says nothing. */
export function afterDueLine(terms: TitleAfterDue): string | null {
  switch (terms.kind) {
    case 'protest':
      return `Protestar após ${terms.days} dias corridos do vencimento.`;
    case 'negativation':
      return `Negativar nos órgãos de proteção ao crédito após ${terms.days} dias do vencimento.`;
    default:
      return null;
  }
}

/** Segment P's protest code and days (positions 221 and 222–223). */
export function cnabProtestFields(terms: TitleAfterDue): { protestCode: '1' | '3' | '8'; protestDays: string } {
  switch (terms.kind) {
    case 'protest':
      return { protestCode: '1', protestDays: String(terms.days) };
    case 'negativation':
      return { protestCode: '8', protestDays: String(terms.days) };
    default:
      return { protestCode: '3', protestDays: '0' };
  }
}
