/** The header's "Sem conexão" tag dates the freshest server data the app holds. */
import { describe, expect, it } from 'vitest';
import { lastGoodDataAt, shortInstant } from '../../../src/renderer/src/layout/connection';

const fresh = (at: number) => ({ state: { data: { ok: true, data: [] }, dataUpdatedAt: at } });
const cached = (cachedAt: string, receivedAt: number) => ({
  state: { data: { ok: true, data: [], stale: true, cachedAt }, dataUpdatedAt: receivedAt },
});

describe('lastGoodDataAt', () => {
  it('is undefined while nothing was received', () => {
    expect(lastGoodDataAt([])).toBeUndefined();
    expect(lastGoodDataAt([{ state: { data: undefined, dataUpdatedAt: 0 } }])).toBeUndefined();
  });

  it('takes the newest server answer', () => {
    expect(lastGoodDataAt([fresh(1_000), fresh(5_000), fresh(3_000)])).toBe(5_000);
  });

  it('dates offline-cache answers by when the server gave them, not when the cache was read', () => {
    const given = '2026-03-10T23:35:00.000Z';
    // Read from the cache "now" (much later): the tag must still say the data is from 23:35 UTC.
    expect(lastGoodDataAt([cached(given, Date.parse(given) + 3_600_000)])).toBe(Date.parse(given));
    expect(lastGoodDataAt([cached(given, 9e12), fresh(Date.parse(given) + 60_000)])).toBe(Date.parse(given) + 60_000);
  });

  it('ignores a cache answer without a usable date', () => {
    expect(lastGoodDataAt([cached('not a date', 9e12), fresh(2_000)])).toBe(2_000);
  });
});

describe('shortInstant', () => {
  const full = (at: number) => {
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  };
  // Local wall times, so the case holds in any time zone.
  const at = new Date(2026, 10, 23, 1, 15).getTime();

  it('shows only the time for data from the current day', () => {
    expect(shortInstant(at, new Date(2026, 10, 23, 23, 59).getTime(), full)).toBe('01:15');
  });
  it('shows the date as well for older data', () => {
    expect(shortInstant(at, new Date(2026, 10, 24, 0, 1).getTime(), full)).toBe('23/11/2026 01:15');
  });
});
