/**
 * The monthly balancete by COSIF account: the trial balance on the day before
 * the month's first day (the opening) and on its last day (the closing); the
 * month's debits and credits are their difference, so the closing is the
 * trial balance on the last day by construction and a month's opening is
 * the month before's closing.
 */
import Decimal from 'decimal.js';
import { CHART_OF_ACCOUNTS } from '@shared/ledger';
import type { Balancete } from '@shared/contract/ledger-books';
import type { Db } from '../../db/connect';
import { trialBalanceOn } from './reads';

/** The first and last day of a YYYY-MM month, and the day before the first. */
export function monthBounds(month: string): { from: string; to: string; dayBefore: string } {
  const [year, mon] = month.split('-').map(Number);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: `${month}-01`,
    to: iso(new Date(Date.UTC(year, mon, 0))),
    dayBefore: iso(new Date(Date.UTC(year, mon - 1, 0))),
  };
}

export async function balancete(db: Db, month: string): Promise<Balancete> {
  const { from, to, dayBefore } = monthBounds(month);
  const [before, after] = await Promise.all([trialBalanceOn(db, dayBefore), trialBalanceOn(db, to)]);
  const opening = new Map(before.accounts.map((a) => [a.account, a]));
  const totals = { opening: new Decimal(0), debits: new Decimal(0), credits: new Decimal(0), closing: new Decimal(0) };
  const accounts = after.accounts.map((end) => {
    const start = opening.get(end.account);
    const debits = new Decimal(end.debits).minus(start?.debits ?? 0);
    const credits = new Decimal(end.credits).minus(start?.credits ?? 0);
    const open = new Decimal(start?.balance ?? 0);
    const close = new Decimal(end.balance);
    totals.opening = totals.opening.plus(open);
    totals.debits = totals.debits.plus(debits);
    totals.credits = totals.credits.plus(credits);
    totals.closing = totals.closing.plus(close);
    const chart = CHART_OF_ACCOUNTS[end.account];
    return {
      account: end.account,
      code: chart.code,
      name: chart.name,
      nature: chart.nature,
      normal_balance: chart.normalBalance,
      cosif_code: chart.cosif.code,
      cosif_title: chart.cosif.title,
      cosif_internal: chart.cosif.internal,
      opening: open.toFixed(2),
      debits: debits.toFixed(2),
      credits: credits.toFixed(2),
      closing: close.toFixed(2),
    };
  });
  accounts.sort((a, b) => a.cosif_code.localeCompare(b.cosif_code, 'en', { numeric: true }));
  return {
    month,
    from,
    to,
    accounts,
    totals: {
      opening: totals.opening.toFixed(2),
      debits: totals.debits.toFixed(2),
      credits: totals.credits.toFixed(2),
      closing: totals.closing.toFixed(2),
      difference: totals.debits.minus(totals.credits).toFixed(2),
    },
  };
}

/** The Excel rows: one per account, then the totals (Portuguese, like every export). */
export function balanceteRows(b: Balancete): Array<Record<string, string | number | null>> {
  const rows: Array<Record<string, string | number | null>> = b.accounts.map((a) => ({
    cosif_code: a.cosif_code,
    cosif_title: a.cosif_title,
    name: a.name,
    opening: a.opening,
    debits: a.debits,
    credits: a.credits,
    closing: a.closing,
  }));
  rows.push({ cosif_code: '', cosif_title: 'Total', name: '', opening: b.totals.opening, debits: b.totals.debits, credits: b.totals.credits, closing: b.totals.closing });
  return rows;
}
