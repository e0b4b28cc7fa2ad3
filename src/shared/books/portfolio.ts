/**
 * An operation's portfolio of Res. BCB 352/2023's simplified method, from
 * its product, its borrower's kind of person and the guarantees pledged to
 * it (credit_operations.secured_guarantee_ids → borrower_secured_guarantees):
 * - C1: credit secured by fiduciary alienation of real estate (guarantee
 *   'property');
 * - C2: secured by a lien on movable assets — fiduciary alienation or pledge
 *   of vehicles and equipment ('vehicle', 'equipment') — or by deposits and
 *   investments ('investment');
 * - C3: receivables discounting and credit secured by receivables ('receivables');
 * - C4: unsecured working capital and other unsecured credit to companies;
 * - C5: personal credit and the rest to individuals ('other' guarantees and
 *   none fall here or in C4 by the borrower's kind).
 * The best (lowest) portfolio any pledged guarantee gives wins. The carteiras
 * are the resolution's (checked against its text as quoted by TOTVS's public
 * page on 352's simplified model); which desk guarantee is which is the
 * lender's reading, stated here and in the ledger's README.
 */
import type { GuaranteeKind } from '../enums';
import type { Portfolio } from './close';

export const GUARANTEE_PORTFOLIO: Readonly<Record<GuaranteeKind, Portfolio | null>> = {
  property: 'C1',
  vehicle: 'C2',
  equipment: 'C2',
  investment: 'C2',
  receivables: 'C3',
  other: null,
};

export interface PortfolioFacts {
  /** the borrower is a company (CNPJ) */
  company: boolean;
  guarantees: readonly GuaranteeKind[];
}

export function portfolioOf(facts: PortfolioFacts): Portfolio {
  const secured = facts.guarantees.map((g) => GUARANTEE_PORTFOLIO[g]).filter((p): p is Portfolio => p !== null).sort();
  if (secured.length > 0) return secured[0];
  return facts.company ? 'C4' : 'C5';
}
