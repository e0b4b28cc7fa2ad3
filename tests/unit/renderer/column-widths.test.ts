/**
 * How the list kit sizes columns: whole values (identifiers, documents, dates,
 * amounts) never below their widest value, text taking the room left, the
 * order in which room is taken back, a width the person chose, and an
 * overflowing table rather than a cut value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateWidths, clampChosen, MIN_CHOSEN_WIDTH, type ColumnSpec } from '../../../src/renderer/src/components/list/columnWidths';
import { fitOf, WHOLE_KINDS } from '../../../src/renderer/src/components/list/columns';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** The operations list at about its real widths (padding included). */
const OPERATIONS: ColumnSpec[] = [
  { id: 'number', fit: 'whole', weight: 95, content: 80, header: 75 },
  { id: 'borrower', fit: 'text', weight: 180, content: 260, header: 90 },
  { id: 'document', fit: 'whole', weight: 140, content: 150, header: 90 },
  { id: 'product', fit: 'text', weight: 120, content: 170, header: 80 },
  { id: 'principal', fit: 'whole', weight: 125, content: 112, header: 150 },
  { id: 'rate', fit: 'whole', weight: 75, content: 58, header: 110 },
  { id: 'status', fit: 'tag', weight: 150, content: 170, header: 90 },
  { id: 'created', fit: 'whole', weight: 100, content: 92, header: 140 },
];
const whole = (cols: readonly ColumnSpec[]) => cols.flatMap((c, i) => (c.fit === 'whole' ? [i] : []));

describe('column widths', () => {
  it('fill the box exactly when the columns fit, the spare room going to text and tags', () => {
    const widths = allocateWidths(OPERATIONS, 1400);
    expect(sum(widths)).toBe(1400);
    for (const i of whole(OPERATIONS)) expect(widths[i]).toBe(Math.max(OPERATIONS[i].content, OPERATIONS[i].header));
    expect(widths[1]).toBeGreaterThan(260);
  });

  it('take room back from long text first, then from the headers of whole values, never from the values', () => {
    const roomy = allocateWidths(OPERATIONS, 1150);
    expect(sum(roomy)).toBe(1150);
    // Headers still whole: only text gave room.
    expect(roomy[4]).toBe(150);
    expect(roomy[1]).toBeLessThan(260);
    expect(roomy[1]).toBeGreaterThanOrEqual(160);

    const tight = allocateWidths(OPERATIONS, 960);
    expect(sum(tight)).toBe(960);
    for (const i of whole(OPERATIONS)) expect(tight[i]).toBeGreaterThanOrEqual(OPERATIONS[i].content);
    expect(tight[4]).toBeLessThan(150);
  });

  it('overflow the box (the table scrolls) rather than cut a whole value', () => {
    const widths = allocateWidths(OPERATIONS, 500);
    expect(sum(widths)).toBeGreaterThan(500);
    for (const i of whole(OPERATIONS)) expect(widths[i]).toBe(OPERATIONS[i].content);
    expect(widths[1]).toBe(88);
  });

  it('narrow a header down to its longest word (wrapped onto more lines), never to "O…", text, tags and actions too', () => {
    // The operations report at 1024 px: a short value under a long one-word title ("Operação", "Parcelas").
    const report: ColumnSpec[] = [
      { id: 'id', fit: 'whole', weight: 70, content: 33, header: 78, headerWord: 78 },
      { id: 'borrower', fit: 'text', weight: 180, content: 200, header: 75, headerWord: 75 },
      { id: 'installments', fit: 'whole', weight: 70, content: 33, header: 72, headerWord: 72 },
      { id: 'principal', fit: 'whole', weight: 120, content: 117, header: 140, headerWord: 95 },
      { id: 'status', fit: 'tag', weight: 140, content: 90, header: 80, headerWord: 80 },
      { id: 'long', fit: 'text', weight: 100, content: 90, header: 130, headerWord: 110 },
      // A delete icon under "Ações".
      { id: 'actions', fit: 'actions', weight: 40, content: 36, header: 58, headerWord: 58 },
    ];
    for (const available of [300, 500, 700]) {
      const widths = allocateWidths(report, available);
      for (const [i, c] of report.entries()) expect(widths[i], `${c.id} at ${available}`).toBeGreaterThanOrEqual(Math.max(c.fit === 'whole' ? c.content : 0, c.headerWord!));
    }
    // Without a measured word the old floor stands (a header cut to a few letters).
    const unmeasured = report.map(({ headerWord: _word, ...c }) => c);
    expect(allocateWidths(unmeasured, 300)[0]).toBe(52);
  });

  it('keep the width the person chose, but a whole value still whole', () => {
    const chosen = OPERATIONS.map((c) => (c.id === 'borrower' ? { ...c, chosen: 300 } : c.id === 'document' ? { ...c, chosen: 60 } : c));
    const widths = allocateWidths(chosen, 1100);
    expect(widths[1]).toBe(300);
    expect(widths[2]).toBe(150);
    expect(clampChosen(3)).toBe(MIN_CHOSEN_WIDTH);
    expect(clampChosen(99_999)).toBe(2000);
  });

  it('hold for any columns and box: whole values whole, whole pixels, the box filled when the minimums fit', () => {
    const column = fc.record({
      fit: fc.constantFrom('whole', 'tag', 'text', 'actions') as fc.Arbitrary<ColumnSpec['fit']>,
      weight: fc.integer({ min: 1, max: 400 }),
      content: fc.integer({ min: 0, max: 500 }),
      header: fc.integer({ min: 0, max: 300 }),
      headerWord: fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }),
      chosen: fc.option(fc.integer({ min: 1, max: 900 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(column, { minLength: 1, maxLength: 12 }), fc.integer({ min: 200, max: 3000 }), (cols, available) => {
        const specs = cols.map((c, i) => ({ ...c, id: String(i) }));
        const widths = allocateWidths(specs, available);
        expect(widths).toHaveLength(specs.length);
        for (const [i, w] of widths.entries()) {
          expect(Number.isInteger(w)).toBe(true);
          if (specs[i].fit === 'whole' || specs[i].fit === 'actions') expect(w).toBeGreaterThanOrEqual(specs[i].content);
        }
        if (sum(widths) !== available) {
          // Only an overflow, and only when nothing could give more.
          expect(sum(widths)).toBeGreaterThan(available);
        }
      }),
      { seed: 19, numRuns: 400 },
    );
  });

  it('follow the cell kinds: identifiers, counts, amounts, dates and documents are read whole', () => {
    expect(WHOLE_KINDS).toEqual(expect.arrayContaining(['identifier', 'integer', 'money', 'date', 'datetime', 'document']));
    expect(fitOf('money')).toBe('whole');
    expect(fitOf('status')).toBe('tag');
    expect(fitOf(undefined)).toBe('text');
  });
});
