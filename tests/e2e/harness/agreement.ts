/**
 * Renegotiation agreements made through the API for the end-to-end tests that start from one: a calendar day's
 * arithmetic, an overdue installment of the demo seed that a test's rule accepts, and the simulate-then-agree pair
 * (the agreement's expected figures are the simulation's, as the screen sends them).
 */
import type { ExpiredInstallmentRow } from '../../../src/shared/contract';
import { directCall, type DirectAnswer } from './direct-api';

/** `day` + n calendar days, YYYY-MM-DD (text arithmetic in UTC: no time zone involved). */
export function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export interface RenegotiableInstallment {
  installment_id: number;
  overdue: boolean;
  total: string;
  late_charges: string;
}

/**
 * The first installment on the overdue list (or the last, `fromEnd`) whose renegotiation view `accept`s, with its
 * borrower; null when none does. `viewer` reads the renegotiation view (a role the test needs to see it).
 */
export async function findRenegotiable(
  baseUrl: string,
  admin: string,
  accept: (item: RenegotiableInstallment) => boolean,
  options: { viewer?: string; fromEnd?: boolean } = {},
): Promise<{ borrower: number; item: RenegotiableInstallment } | null> {
  const list = await directCall<{ items: ExpiredInstallmentRow[] }>(baseUrl, 'collections.expiredInstallments', { page: 1, limit: 20 }, admin);
  const rows = options.fromEnd ? list.body.items.slice().reverse() : list.body.items;
  for (const row of rows) {
    const op = await directCall<{ borrower_id: number }>(baseUrl, 'creditOperation.get', { id: row.credit_operation_id }, admin);
    const open = await directCall<{ items?: RenegotiableInstallment[] }>(baseUrl, 'renegotiation.installments', { id: op.body.borrower_id, credit_operation_id: row.credit_operation_id }, options.viewer ?? admin);
    const item = open.body.items?.find(accept);
    if (item) return { borrower: op.body.borrower_id, item };
  }
  return null;
}

/** Simulates the conditions and agrees them with the simulation's figures; the caller checks the answer's status. */
export async function simulateAndAgree<T = { id: number; status: string }>(
  baseUrl: string,
  token: string,
  conditions: Record<string, unknown>,
): Promise<{ simulated: DirectAnswer<Record<string, string>>; agreed: DirectAnswer<T> }> {
  const simulated = await directCall<Record<string, string>>(baseUrl, 'renegotiation.simulate', conditions, token);
  const s = simulated.body;
  const expected = { renegotiated_balance: s.renegotiated_balance, discount: s.discount, principal: s.principal, iof_total: s.iof_total, total_payable: s.total_payable };
  const agreed = await directCall<T>(baseUrl, 'renegotiation.agree', { ...conditions, idempotency_key: crypto.randomUUID(), expected }, token);
  return { simulated, agreed };
}
