/**
 * The borrower's seven-day withdrawal (direito de arrependimento), pure: the
 * window and what the undoing posts. The rules and their sources are written
 * here and in areas/withdrawal/README.md.
 *
 * The window — CDC (Lei 8.078/1990) art. 49: "O consumidor pode desistir do
 * contrato, no prazo de 7 dias a contar de sua assinatura ou do ato de
 * recebimento do produto ou serviço, sempre que a contratação […] ocorrer
 * fora do estabelecimento comercial". Every contract this app issues is
 * signed electronically, away from the lender's premises (a digital lender
 * has none the borrower visits), so every released operation may be
 * withdrawn. Our reading: the seven calendar days count from the later of the
 * signature and the release of the money (the "recebimento" of a loan is the
 * money reaching the borrower). The day it starts is left out and the last
 * day is in (Código Civil art. 132 caput); a last day that is not a business
 * day moves to the next business day (art. 132 §1) — the reading that favours
 * the consumer (CDC art. 47).
 *
 * The money — CDC art. 49 parágrafo único: what the consumer paid during the
 * window is returned; the contract is undone as if never made, so the
 * borrower returns exactly what was released to them (`released`), with no
 * interest and no fees; the fees financed are undone (fee income reversed).
 * The IOF: its taxable event is the delivery of the money (Decreto
 * 6.306/2007 art. 3 and §1 I), which took place; the decree provides no
 * refund of IOF on a credit operation the borrower undoes, so the IOF stays
 * owed to (or already remitted to) the Treasury and is not charged to the
 * borrower: the lender bears it — an operating expense of its own,
 * iof_expense (COSIF 8.1.9.99.60, an internal subtitle of "outras despesas
 * operacionais", @shared/ledger), not a credit loss: nothing the borrower
 * owed was lost.
 *
 *   bank                 released   debit    the borrower's return
 *   fee income           fees       debit    the fees undone
 *   IOF expense          IOF        debit    the IOF the lender bears
 *   loans receivable     financed   credit   the receivable closed
 *
 * Interest the accrual run recognised is undone by the ledger's
 * reconcileAccrual in the same transaction (no interest is owed).
 */
import Decimal from 'decimal.js';
import { signedPosting, type Posting } from '../ledger/posting';
import { addDays } from '../servicing/days';
import { isBusinessDay, nextBusinessDay } from '../servicing/business-days';
import { money } from '../servicing/money';

/** Calendar days of CDC art. 49. */
export const WITHDRAWAL_DAYS = 7;

export interface WithdrawalWindow {
  /** the day the seven days count from (the later of the signature and the release) */
  countedFrom: string;
  /** the last day a withdrawal is accepted (inclusive) */
  lastDay: string;
}

/** The window of CDC art. 49 for a contract signed on `signedOn` (null: not recorded apart from the release) and released on `disbursedOn`. */
export function withdrawalWindow(disbursedOn: string, signedOn: string | null = null): WithdrawalWindow {
  const countedFrom = signedOn !== null && signedOn > disbursedOn ? signedOn : disbursedOn;
  const seventh = addDays(countedFrom, WITHDRAWAL_DAYS);
  return { countedFrom, lastDay: isBusinessDay(seventh) ? seventh : nextBusinessDay(seventh) };
}

/** Whether a withdrawal on `today` falls in the window. */
export function withinWindow(window: WithdrawalWindow, today: string): boolean {
  return today >= window.countedFrom && today <= window.lastDay;
}

export interface ReleaseFigures {
  financed: Decimal.Value;
  released: Decimal.Value;
  iof: Decimal.Value;
  fees: Decimal.Value;
}

/** What the borrower returns: the principal released to them, nothing more. */
export function amountToReturn(figures: ReleaseFigures): Decimal {
  return money(figures.released, 'released');
}

/** The balanced posting that undoes the release (kind 'withdrawal'); throws when the figures do not add up. */
export function withdrawalPosting(figures: ReleaseFigures): Posting {
  const financed = money(figures.financed, 'financed');
  const released = money(figures.released, 'released');
  const iof = money(figures.iof, 'iof');
  const fees = money(figures.fees, 'fees');
  if (!financed.eq(released.plus(iof).plus(fees))) throw new RangeError(`financed ${financed.toFixed(2)} must equal released + IOF + fees`);
  return signedPosting('withdrawal', [
    ['bank', released],
    ['fee_income', fees],
    ['iof_expense', iof],
    ['loans_receivable', financed.neg()],
  ]);
}
