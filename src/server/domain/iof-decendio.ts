/**
 * The IOF on credit operations as the lender pays it to the Receita Federal:
 * collected at the release of the money, gathered per ten-day period
 * (decêndio: days 1–10, 11–20 and 21 to the month's end) and paid by DARF
 * by the third business day after the decêndio ends (Decreto 6.306/2007,
 * art. 10: "até o terceiro dia útil subsequente ao decêndio da cobrança").
 *
 * - The DARF revenue code depends on the borrower: 7893 for individuals
 *   (PF), 1150 for legal entities (PJ); companies in the Simples Nacional and
 *   MEIs are legal entities, so they are paid under 1150 with the others
 *   (their reduced rate is already in each operation's IOF).
 * - Business days are the bank calendar of domain/servicing/business-days.ts
 *   (weekends, national and bank holidays), the same one due dates use.
 * - Amounts are decimal strings summed with decimal.js, answered with two places.
 */
import Decimal from 'decimal.js';
import type { IofPersonType } from '@shared/enums';
import { daysInMonth, formatCalendarDay, parseCalendarDay } from './credit/calendar';
import { addBusinessDays } from './servicing/business-days';

export type IofPayerType = 'PF' | 'PJ';

/** DARF revenue codes (código de receita) of the IOF on credit operations. */
export const IOF_DARF_CODES: Readonly<Record<IofPayerType, string>> = { PF: '7893', PJ: '1150' };

/** How many business days after the decêndio's last day the DARF is due. */
export const IOF_DUE_BUSINESS_DAYS = 3;

export interface Decendio {
  /** 1, 2 or 3 within the month */
  index: 1 | 2 | 3;
  start: string;
  end: string;
}

/** The decêndio a calendar day falls in. */
export function decendioOf(date: string): Decendio {
  const { year, month, day } = parseCalendarDay(date);
  const index = day <= 10 ? 1 : day <= 20 ? 2 : 3;
  const startDay = index === 1 ? 1 : index === 2 ? 11 : 21;
  const endDay = index === 1 ? 10 : index === 2 ? 20 : daysInMonth(year, month);
  return {
    index,
    start: formatCalendarDay({ year, month, day: startDay }),
    end: formatCalendarDay({ year, month, day: endDay }),
  };
}

/** The day the DARF of a decêndio ending on `end` is due: the third business day after it. */
export function iofDueDate(end: string): string {
  return addBusinessDays(end, IOF_DUE_BUSINESS_DAYS);
}

/** Individuals pay under PF; every kind of company (including Simples and MEI) under PJ. */
export function payerType(personType: IofPersonType): IofPayerType {
  return personType === 'PF' ? 'PF' : 'PJ';
}

export interface IofCharge {
  /** the day the IOF was collected (the release of the money) */
  date: string;
  personType: IofPersonType;
  /** decimal string */
  amount: string;
}

export interface IofDecendioLine {
  payer_type: IofPayerType;
  darf_code: string;
  operation_count: number;
  total: string;
}

export interface IofDecendioGroup {
  decendio: Decendio;
  due_date: string;
  lines: IofDecendioLine[];
  operation_count: number;
  total: string;
}

/** Charges gathered per decêndio (in date order) and payer type (PF before PJ), with totals. */
export function groupIofByDecendio(charges: readonly IofCharge[]): IofDecendioGroup[] {
  const groups = new Map<string, { decendio: Decendio; lines: Map<IofPayerType, { count: number; total: Decimal }> }>();
  for (const charge of charges) {
    const decendio = decendioOf(charge.date);
    let group = groups.get(decendio.start);
    if (!group) {
      group = { decendio, lines: new Map() };
      groups.set(decendio.start, group);
    }
    const payer = payerType(charge.personType);
    const line = group.lines.get(payer) ?? { count: 0, total: new Decimal(0) };
    line.count += 1;
    line.total = line.total.plus(charge.amount);
    group.lines.set(payer, line);
  }
  return [...groups.values()]
    .sort((a, b) => (a.decendio.start < b.decendio.start ? -1 : 1))
    .map(({ decendio, lines }) => {
      const ordered = (['PF', 'PJ'] as const).filter((p) => lines.has(p)).map((p) => ({ payer: p, ...lines.get(p)! }));
      const total = ordered.reduce((sum, l) => sum.plus(l.total), new Decimal(0));
      return {
        decendio,
        due_date: iofDueDate(decendio.end),
        lines: ordered.map((l) => ({ payer_type: l.payer, darf_code: IOF_DARF_CODES[l.payer], operation_count: l.count, total: l.total.toFixed(2) })),
        operation_count: ordered.reduce((n, l) => n + l.count, 0),
        total: total.toFixed(2),
      };
    });
}
