import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterDueLine, cnabProtestFields, titleAfterDue } from '../../../../src/server/domain/servicing/title-after-due';

describe("a title's protest or negativação: the slip's line and the bank's code from one declaration", () => {
  it('reads the title data: protest, negativação or neither', () => {
    expect(titleAfterDue(null)).toEqual({ kind: 'none' });
    expect(titleAfterDue({ protest_days: null, negativation_days: null })).toEqual({ kind: 'none' });
    expect(titleAfterDue({ protest_days: 5, negativation_days: null })).toEqual({ kind: 'protest', days: 5 });
    expect(titleAfterDue({ protest_days: null, negativation_days: 30 })).toEqual({ kind: 'negativation', days: 30 });
  });

  it('FEBRABAN 240 segment P code G026: 1 protest in calendar days, 8 negativação without protest, 3 neither', () => {
    expect(cnabProtestFields({ kind: 'protest', days: 5 })).toEqual({ protestCode: '1', protestDays: '5' });
    expect(cnabProtestFields({ kind: 'negativation', days: 30 })).toEqual({ protestCode: '8', protestDays: '30' });
    expect(cnabProtestFields({ kind: 'none' })).toEqual({ protestCode: '3', protestDays: '0' });
  });

  it('property: the slip prints a line exactly when the file asks the bank to act, with the same days', () => {
    const days = fc.option(fc.integer({ min: 1, max: 90 }), { nil: null });
    fc.assert(
      fc.property(fc.boolean(), days, (protest, d) => {
        const terms = titleAfterDue(protest ? { protest_days: d, negativation_days: null } : { protest_days: null, negativation_days: d });
        const line = afterDueLine(terms);
        const { protestCode, protestDays } = cnabProtestFields(terms);
        expect(line === null).toBe(protestCode === '3');
        if (line !== null) {
          expect(line).toContain(` ${protestDays} dias`);
          expect(line.startsWith('Protestar')).toBe(protestCode === '1');
          expect(line.startsWith('Negativar')).toBe(protestCode === '8');
        }
      }),
    );
  });
});
