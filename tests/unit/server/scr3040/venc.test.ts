/** The Doc 3040's maturity buckets (anexo Vencimentos): worked examples at each edge. */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { monthsSince, vencBuckets, vencCodeFor, vencTotal, writtenOffCodeFor } from '../../../../src/server/domain/scr3040/venc';

const BASE = '2026-03-31';
const plain = (b: Record<string, Decimal>) => Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v.toFixed(2)]));

describe('Venc buckets', () => {
  it('puts amounts falling due in v110…v190 by days from the data-base', () => {
    expect(vencCodeFor(BASE, '2026-03-31')).toBe('v110'); // due on the data-base: not overdue
    expect(vencCodeFor(BASE, '2026-04-30')).toBe('v110'); // 30 days
    expect(vencCodeFor(BASE, '2026-05-01')).toBe('v120'); // 31
    expect(vencCodeFor(BASE, '2026-06-29')).toBe('v130'); // 90
    expect(vencCodeFor(BASE, '2026-06-30')).toBe('v140'); // 91
    expect(vencCodeFor(BASE, '2026-09-27')).toBe('v140'); // 180
    expect(vencCodeFor(BASE, '2027-03-26')).toBe('v150'); // 360
    expect(vencCodeFor(BASE, '2027-03-27')).toBe('v160'); // 361
    expect(vencCodeFor(BASE, '2029-03-15')).toBe('v165'); // 1080
    expect(vencCodeFor(BASE, '2030-03-10')).toBe('v170');
    expect(vencCodeFor(BASE, '2031-03-05')).toBe('v175'); // 1800
    expect(vencCodeFor(BASE, '2031-03-06')).toBe('v180'); // 1801
    expect(vencCodeFor(BASE, '2041-12-31')).toBe('v190'); // over 5400
  });

  it('puts overdue amounts in v205…v290 by days late', () => {
    expect(vencCodeFor(BASE, '2026-03-30')).toBe('v205'); // 1 day
    expect(vencCodeFor(BASE, '2026-03-17')).toBe('v205'); // 14
    expect(vencCodeFor(BASE, '2026-03-16')).toBe('v210'); // 15
    expect(vencCodeFor(BASE, '2026-03-01')).toBe('v210'); // 30
    expect(vencCodeFor(BASE, '2026-02-28')).toBe('v220'); // 31
    expect(vencCodeFor(BASE, '2026-01-30')).toBe('v220'); // 60
    expect(vencCodeFor(BASE, '2025-12-31')).toBe('v230'); // 90
    expect(vencCodeFor(BASE, '2025-12-30')).toBe('v240'); // 91
    expect(vencCodeFor(BASE, '2025-11-01')).toBe('v245'); // 150
    expect(vencCodeFor(BASE, '2025-10-02')).toBe('v250'); // 180
    expect(vencCodeFor(BASE, '2025-10-01')).toBe('v255'); // 181
    expect(vencCodeFor(BASE, '2025-06-04')).toBe('v260'); // 300
    expect(vencCodeFor(BASE, '2025-04-05')).toBe('v270'); // 360
    expect(vencCodeFor(BASE, '2024-10-08')).toBe('v280'); // 539
    expect(vencCodeFor(BASE, '2024-01-01')).toBe('v290');
  });

  it('reports a write-off by months since it: v310 up to 12, v320 to 48, v330 beyond', () => {
    expect(monthsSince('2025-03-31', BASE)).toBe(12);
    expect(writtenOffCodeFor('2025-03-31', BASE)).toBe('v310'); // exactly 12 months
    expect(writtenOffCodeFor('2025-03-30', BASE)).toBe('v320'); // 12 months and a day
    expect(writtenOffCodeFor('2022-03-31', BASE)).toBe('v320'); // 48
    expect(writtenOffCodeFor('2022-03-01', BASE)).toBe('v330');
    expect(plain(vencBuckets({ baseDate: BASE, flows: [{ due: '2026-04-10', amount: '10' }], writtenOff: { date: '2026-01-15', amount: '900.00' } }))).toEqual({ v310: '900.00' });
  });

  it('a 12-installment loan three installments late: the overdue ones by days late, the rest by due date', () => {
    const flows = Array.from({ length: 12 }, (_, k) => ({ due: `2026-${String(k + 1).padStart(2, '0')}-10`, amount: '100.00' }));
    const buckets = vencBuckets({ baseDate: BASE, flows: flows.slice(0, 12) });
    // Jan 10 (80 days late), Feb 10 (49), Mar 10 (21) overdue; Apr 10 (10 ahead) … Dec 10 (254 ahead).
    expect(plain(buckets)).toEqual({
      v230: '100.00',
      v220: '100.00',
      v210: '100.00',
      v110: '100.00',
      v120: '100.00',
      v130: '100.00',
      v140: '300.00',
      v150: '300.00',
    });
    expect(vencTotal(buckets).toFixed(2)).toBe('1200.00');
  });

  it('adds up to the balance: accrued interest goes with the next amount falling due', () => {
    const buckets = vencBuckets({ baseDate: BASE, balance: '1012.34', flows: [{ due: '2026-02-10', amount: '200' }, { due: '2026-04-10', amount: '400' }, { due: '2026-05-10', amount: '400' }] });
    expect(plain(buckets)).toEqual({ v220: '200.00', v110: '412.34', v120: '400.00' });
    expect(vencTotal(buckets).toFixed(2)).toBe('1012.34');
  });

  it('adds up to the balance: an excess leaves the farthest amounts first, never a negative bucket', () => {
    const buckets = vencBuckets({ baseDate: BASE, balance: '500', flows: [{ due: '2026-04-10', amount: '300' }, { due: '2026-08-10', amount: '300' }] });
    expect(plain(buckets)).toEqual({ v110: '300.00', v140: '200.00' });
  });

  it('with nothing falling due, the difference goes to the latest overdue amount', () => {
    const buckets = vencBuckets({ baseDate: BASE, balance: '310', flows: [{ due: '2026-01-10', amount: '100' }, { due: '2026-03-10', amount: '200' }] });
    expect(plain(buckets)).toEqual({ v230: '100.00', v210: '210.00' });
  });
});
