/**
 * How wide each column of a table is, from what it holds and the width the
 * window gives. Pure, so the rules are tested without a browser:
 *
 * - a value that is read whole (an identifier, a CPF/CNPJ, a date, an
 *   amount, a count) is never cut: its column is at least as wide as its
 *   widest value; its header may be narrowed to its longest word, wrapping
 *   onto more lines (never cut to "O…": a header is read, not guessed);
 * - status tags keep their whole width while there is room, then may shrink
 *   to a readable minimum;
 * - free text (names, descriptions) takes the room left, shared by the
 *   declared weights, and is cut with an ellipsis when there is too little;
 * - a width the person set by dragging a header's edge is kept as set (a
 *   whole value's column still never goes below its widest value);
 * - when even the minimums do not fit, the table is wider than its box and
 *   scrolls sideways rather than cutting a whole value.
 */

/** How a column's content may be fitted. */
export type ColumnFit = 'whole' | 'tag' | 'text' | 'actions';

export interface ColumnSpec {
  id: string;
  fit: ColumnFit;
  /** the share of spare room a text column takes (the declaration's relative width) */
  weight: number;
  /** widest content of the column's cells, padding included (0 when not measured yet) */
  content: number;
  /** the header's natural width on one line, padding and sort icon included */
  header: number;
  /**
   * the header's narrowest width wrapped at its spaces (its longest word, padding and sort icon included):
   * the header is never made narrower than this; absent (not measured), the old floor of HEADER_FLOOR
   */
  headerWord?: number;
  /** the width the person chose, when they did */
  chosen?: number;
}

/** The narrowest a column the person resizes may become. */
export const MIN_CHOSEN_WIDTH = 48;
/** Text and tags shrink to this before the table overflows (a few letters and the ellipsis). */
const TEXT_MIN = 88;
const TAG_MIN = 96;
/** Text keeps this much while whole values' headers are still being shortened. */
const TEXT_COMFORTABLE = 160;
/** Without a measured longest word, a whole value's header keeps at least this much. */
const HEADER_FLOOR = 52;
/** A long text does not claim more than this while other columns want room. */
const TEXT_PREFERRED_MAX = 360;

/**
 * A column's widths from the most comfortable to the narrowest, in the order
 * room is taken back: first long text down to a comfortable width, then the
 * headers of whole values (their values stay whole), then text and tags down
 * to their minimum.
 */
type Levels = readonly [number, number, number, number];

interface Bounds {
  levels: Levels;
  /** takes a share of room left over */
  grows: boolean;
}

function boundsOf(c: ColumnSpec): Bounds {
  const natural = Math.max(c.content, c.header);
  // The narrowest the header reads whole, on as many lines as its words need.
  const headerMin = Math.min(c.header, c.headerWord ?? HEADER_FLOOR);
  const fixed = (w: number, grows = false): Bounds => ({ levels: [w, w, w, w], grows });
  if (c.chosen !== undefined) {
    const chosen = Math.max(MIN_CHOSEN_WIDTH, Math.round(c.chosen));
    return fixed(c.fit === 'whole' || c.fit === 'actions' ? Math.max(chosen, c.content) : chosen);
  }
  switch (c.fit) {
    case 'whole': {
      const tight = Math.max(c.content, headerMin);
      return { levels: [natural, natural, tight, tight], grows: false };
    }
    case 'actions':
      // An icon under "Ações": the header's longest word too, or it breaks into "Aç/õe/s" (headers wrap, list.css).
      return fixed(Math.max(c.content, headerMin));
    case 'tag':
      return { levels: [natural, natural, natural, Math.max(Math.min(natural, TAG_MIN), headerMin)], grows: true };
    case 'text': {
      const preferred = Math.min(natural, TEXT_PREFERRED_MAX);
      const min = Math.max(Math.min(preferred, TEXT_MIN), Math.min(headerMin, preferred));
      const comfortable = Math.max(min, Math.min(preferred, TEXT_COMFORTABLE));
      return { levels: [preferred, comfortable, comfortable, min], grows: true };
    }
  }
}

/**
 * Whole-pixel widths, in the columns' order, for a box `available` pixels
 * wide. Their sum is `available` when the columns fit (spare room goes to the
 * text and tag columns by weight), and more than it when even their minimums
 * do not (the table then scrolls).
 */
export function allocateWidths(columns: readonly ColumnSpec[], available: number): number[] {
  const bounds = columns.map(boundsOf);
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const at = (level: number) => bounds.map((b) => b.levels[level]);
  let widths: number[];

  if (sum(at(0)) <= available) {
    widths = at(0);
    const spare = available - sum(widths);
    const growing = columns.map((c, i) => (bounds[i].grows ? Math.max(1, c.weight) : 0));
    const weights = sum(growing);
    // Nothing may grow (every width chosen or whole): the last column takes the rest so the table still fills its box.
    if (weights === 0) widths[widths.length - 1] += spare;
    else widths = widths.map((w, i) => w + (spare * growing[i]) / weights);
  } else {
    // The first step of narrowing that fits, shared in proportion to what each column can give in it.
    const step = [1, 2, 3].find((level) => sum(at(level)) <= available);
    if (step === undefined) widths = at(3);
    else {
      const from = at(step - 1);
      const to = at(step);
      const room = sum(from) - sum(to);
      const need = sum(from) - available;
      widths = from.map((w, i) => w - (room === 0 ? 0 : ((w - to[i]) * need) / room));
    }
  }

  // Whole pixels: round down and hand the leftover pixels to a growing column, so nothing overflows by a fraction.
  const floored = widths.map((w, i) => Math.max(Math.floor(w), Math.ceil(bounds[i].levels[3])));
  const target = Math.max(Math.round(Math.min(available, sum(widths))), sum(floored));
  let leftover = target - sum(floored);
  for (let i = floored.length - 1; leftover > 0 && i >= 0; i--) {
    if (!bounds[i].grows && bounds.some((b) => b.grows)) continue;
    floored[i] += leftover;
    leftover = 0;
  }
  return floored;
}

/** The widths the person chose for one table, kept between sessions. */
export type ChosenWidths = Readonly<Record<string, number>>;

/** A chosen width, clamped to what the settings accept. */
export function clampChosen(width: number): number {
  return Math.min(2000, Math.max(MIN_CHOSEN_WIDTH, Math.round(width)));
}
