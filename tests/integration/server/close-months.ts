/** Months for the close's suites: calendar arithmetic on 'YYYY-MM', no time zone. */
import type { TestServer } from '../../helpers/server';

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** Every month from the journal's first posting's that has ended by the server's business date, oldest first. */
export async function endedMonths(server: TestServer): Promise<string[]> {
  const [span] = await server.database.rows<{ first: string }>("SELECT to_char(min(business_date), 'YYYY-MM') AS first FROM journal_entries");
  const months: string[] = [];
  for (let m = span.first; lastDayOfMonth(m) <= server.clock.today(); m = nextMonth(m)) months.push(m);
  return months;
}
