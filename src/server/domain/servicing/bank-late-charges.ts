/**
 * The late charges a remittance tells the bank, so the bank never collects
 * less than the app says is due (late-charges.ts, read from the frozen
 * contract), and what a bank following that instruction collects.
 *
 * The bank's codes (FEBRABAN "Layout Padrão Febraban 240 posições" v10.6, the
 * same in BB's Particularidades, Caixa's SIGCB 67.118 and Itaú's FEBRABAN 240
 * manual named in domain/cnab/bank-tables.ts): P 27.3P código de juros
 * 1 = valor por dia, 2 = taxa mensal (C018); R 14.3R código da multa
 * 1 = valor fixo, 2 = percentual (G073); P 38–39.3P baixa/devolução
 * 1 = baixar/devolver after the number of days given (C028/C029).
 *
 * The choice:
 * - Multa as a fixed amount (code 1): the app's multa to the cent (half-up,
 *   late-charges.ts) — exactly what the app books. A percentage (code 2)
 *   leaves the rounding of 2% of the value to the bank (a bank truncating
 *   2% of R$ 907,75 collects 18,15 where the app books 18,16).
 * - Juros as an amount per day (code 1), rounded UP to the cent: Itaú takes
 *   no other form (its P 118 is zero, bank-tables.ts), and at BB and Caixa a
 *   monthly rate (code 2) leaves the day count's rounding to the bank again.
 *   With only multa and mora (no remuneratory clause) the app's mora is one
 *   half-up rounding of value × rate/30 × days; a daily amount rounded up
 *   times the days is a whole number of cents not below the exact figure, so
 *   never below the app's, at any number of days: the title needs no limit.
 * - Where the contract also charges remuneratory interest during delay (or an
 *   operation released before migration 0038 kept the old daily rate up to
 *   its legacy day), the bank's one juros field must cover mora plus that
 *   interest. Compounded pro rata die it grows faster than any daily amount,
 *   so no single daily amount covers every day: the title stays at the bank
 *   for BANK_WINDOW_DAYS days after the due date (baixa/devolução code 1, that
 *   many days — within every table's field: Itaú 2 positions, BB/Caixa 3) and
 *   the daily amount is the largest, over every day of that window, of the
 *   app's own mora + remuneratory interest for those days divided by them,
 *   rounded up. After the window the title is off the bank and is paid
 *   through a new slip at the app's figure.
 * - Both run from the day after the printed due date (P 28.3P, R 15.3R). The
 *   bank counts the days from the due date; paid by the next business day
 *   after a due date on a weekend or holiday it charges nothing (Código Civil
 *   art. 132 §1, as the app). The app counts from that moved day (or from the
 *   printed date where the contract says so), never more days than the bank.
 *   What the bank collects above the app's figure (at most a cent a day) is a
 *   bank settlement above what is due: collection's settlement tolerance.
 */
import Decimal from 'decimal.js';
import { daysBetween } from '../credit/calendar';
import { payableUntil } from './business-days';
import { addDays } from './days';
import { checkTerms, lateChargesAt, lateFeeOn, lateFrom, type LateChargeTerms } from './late-charges';
import { money } from './money';

/** Days after the due date a title whose contract charges remuneratory interest in delay stays at the bank. */
export const BANK_WINDOW_DAYS = 60;

export interface BankLateCharges {
  /** multa, a fixed amount (R code 1): the app's to the cent; null when none */
  fine: string | null;
  /** juros, an amount per day (P code 1), rounded up; null when none */
  dailyInterest: string | null;
  /** the day both run from: the day after the printed due date */
  from: string;
  /** days after the due date the bank keeps the title (baixa/devolução); null: no limit needed */
  keepDays: number | null;
}

const CENT = new Decimal('0.01');

function upToCent(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_UP);
}

/** What the remittance instructs for a title of `amount` due on `dueDate`, by the frozen contract's terms. */
export function bankLateCharges(amount: Decimal.Value, dueDate: string, terms: LateChargeTerms): BankLateCharges {
  const base = money(amount, 'title amount');
  const checked = checkTerms(terms);
  const fee = lateFeeOn(base, checked);
  const from = addDays(dueDate, 1);
  const linear = checked.remuneratory === 'none' && checked.legacyUntil === null;
  let daily: Decimal;
  let keepDays: number | null = null;
  if (linear) {
    daily = upToCent(base.mul(checked.dailyDefaultInterest));
  } else {
    // The app's own charges for each day of the window, the largest per day.
    keepDays = BANK_WINDOW_DAYS;
    daily = new Decimal(0);
    const start = lateFrom(dueDate, checked);
    for (let n = 1; n <= BANK_WINDOW_DAYS; n++) {
      const c = lateChargesAt({ overdue: base, dueDate, date: addDays(start, n), terms });
      if (c.daysLate === 0) continue;
      const perDay = upToCent(c.defaultInterest.plus(c.contractInterest).div(c.daysLate));
      if (perDay.gt(daily)) daily = perDay;
    }
  }
  return {
    fine: fee.gt(0) ? fee.toFixed(2) : null,
    dailyInterest: daily.gte(CENT) ? daily.toFixed(2) : null,
    from,
    keepDays,
  };
}

/**
 * What a bank following the instruction collects for the title paid on
 * `paidOn`: the amount by the moved due date; after it, the fixed multa and
 * the daily amount times the days from the printed due date; null once the
 * title has left the bank (more than `keepDays` days late).
 */
export function bankCollects(amount: Decimal.Value, dueDate: string, charges: BankLateCharges, paidOn: string): Decimal | null {
  const base = money(amount, 'title amount');
  if (paidOn <= payableUntil(dueDate)) return base;
  const days = daysBetween(dueDate, paidOn);
  if (charges.keepDays !== null && days > charges.keepDays) return null;
  return base.plus(charges.fine ?? 0).plus(new Decimal(charges.dailyInterest ?? 0).mul(days));
}
