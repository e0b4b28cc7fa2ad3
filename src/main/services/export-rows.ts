/**
 * Reads an export answer (`{"total": n, "rows": [{…}, …]}`, the contract's
 * exportRowsSchema) from the body as it arrives, handing the rows on in
 * batches, so the main process writes a 100,000-row report without ever
 * holding it whole. Any JSON envelope is understood (keys in any order, other
 * keys skipped); only when `total` does not come before the rows (a server
 * that does not announce it) are the rows gathered first, since the workbook's
 * info sheet, written before the data, carries the count.
 */
import { StringDecoder } from 'node:string_decoder';
import { z } from 'zod';
// The one schema from its module: the worker thread that reads the answer (excel-worker.ts) need not load the whole contract.
import { exportRowSchema } from '@shared/contract/common';
import type { ExportRow } from './excel';

export interface ExportRowsSource {
  total: number;
  /** Each batch once; the whole answer has been checked when the iteration ends without throwing. */
  batches: AsyncIterable<readonly ExportRow[]>;
}

type Piece = { kind: 'total'; total: number } | { kind: 'rows'; rows: ExportRow[] };

const batchSchema = z.array(exportRowSchema);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

function malformed(): Error {
  return new Error('resposta da exportação malformada');
}

/**
 * The answer's pieces in order: the total when its value ends, each chunk's
 * finished rows as one batch (parsed with one JSON.parse, checked against the
 * contract's row schema). A scanner follows strings and nesting depth; only
 * the top level's keys and the rows array's elements are cut out of the text.
 */
export async function* exportAnswerPieces(body: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): AsyncGenerator<Piece> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  let pos = 0;
  let depth = 0;
  let started = false;
  let inString = false;
  let escaped = false;
  // Top level: whether a key or a value comes next, the last key, where the current key or scalar value began.
  let expectKey = true;
  let key: string | null = null;
  let tokenStart = -1;
  let inRows = false;
  let rowsSeen = false;
  // The first unparsed row's start, the current row's start and the end of the last finished row in `text`.
  let batchStart = -1;
  let rowStart = -1;
  let batchEnd = -1;

  const scalarEnd = (end: number): Piece | null => {
    const raw = text.slice(tokenStart, end).trim();
    tokenStart = -1;
    if (key !== 'total') return null;
    const total = Number(raw);
    if (raw === '' || !Number.isInteger(total) || total < 0) throw malformed();
    return { kind: 'total', total };
  };

  for await (const chunk of body) {
    text += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    const pieces: Piece[] = [];
    for (; pos < text.length; pos += 1) {
      const c = text.charCodeAt(pos);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (depth === 1 && expectKey) {
            key = JSON.parse(text.slice(tokenStart, pos + 1)) as string;
            tokenStart = -1;
          }
        }
        continue;
      }
      if (depth === 0 && c !== OPEN_OBJECT && c > 0x20) throw malformed();
      if (depth === 2 && inRows && c !== OPEN_OBJECT && c !== CLOSE_ARRAY && c !== COMMA && c > 0x20) {
        // Each row is an object; anything else in the list is no export answer.
        throw malformed();
      }
      if (c === QUOTE) {
        inString = true;
        if (depth === 1 && (expectKey || tokenStart === -1)) tokenStart = pos;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (depth === 0) {
          if (started || c !== OPEN_OBJECT) throw malformed();
          started = true;
        } else if (depth === 1) {
          if (expectKey) throw malformed();
          if (key === 'rows') {
            if (c !== OPEN_ARRAY || rowsSeen) throw malformed();
            inRows = true;
            rowsSeen = true;
          }
          tokenStart = -1;
        } else if (depth === 2 && inRows) {
          rowStart = pos;
          if (batchStart === -1) batchStart = pos;
        }
        depth += 1;
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        if (depth === 1) {
          if (tokenStart !== -1) {
            const piece = scalarEnd(pos);
            if (piece) pieces.push(piece);
          }
        } else if (depth === 2 && inRows) inRows = false;
        else if (depth === 3 && inRows) batchEnd = pos + 1;
        depth -= 1;
        if (depth < 0) throw malformed();
      } else if (depth === 1) {
        if (c === COLON) {
          expectKey = false;
        } else if (c === COMMA) {
          if (tokenStart !== -1) {
            const piece = scalarEnd(pos);
            if (piece) pieces.push(piece);
          }
          expectKey = true;
        } else if (!expectKey && tokenStart === -1 && c > 0x20) tokenStart = pos;
      }
    }
    if (batchEnd !== -1) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(`[${text.slice(batchStart, batchEnd)}]`);
      } catch {
        throw malformed();
      }
      pieces.push({ kind: 'rows', rows: batchSchema.parse(parsed) });
      // A row begun after the last finished one starts the next batch.
      batchStart = inRows && depth >= 3 ? rowStart : -1;
      batchEnd = -1;
    }
    // Keep only the text still being read: an unfinished row, key or value.
    const keep = Math.min(...[batchStart, tokenStart, pos].filter((i) => i !== -1));
    if (keep > 0) {
      text = text.slice(keep);
      pos -= keep;
      if (batchStart !== -1) batchStart -= keep;
      if (rowStart !== -1) rowStart -= keep;
      if (tokenStart !== -1) tokenStart -= keep;
    }
    // A total after the rows is not announced: the caller has gathered them already.
    yield* pieces;
  }
  text += decoder.end();
  if (!started || depth !== 0 || inString || text.slice(pos).trim() !== '' || !rowsSeen) throw malformed();
}

/**
 * The rows of an export answer with their count. With the count first the
 * rows are read as the batches are consumed (backpressure reaches the
 * socket); without it they are gathered here, as before.
 */
export async function readExportRows(body: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): Promise<ExportRowsSource> {
  const pieces = exportAnswerPieces(body);
  const first = await pieces.next();
  if (!first.done && first.value.kind === 'total') {
    const total = first.value.total;
    return {
      total,
      batches: (async function* () {
        let count = 0;
        for await (const piece of pieces) {
          if (piece.kind !== 'rows') throw malformed();
          count += piece.rows.length;
          if (count > total) throw malformed();
          yield piece.rows;
        }
        // A body cut short or a count that lies: never a workbook whose info sheet disagrees with its data.
        if (count !== total) throw malformed();
      })(),
    };
  }
  const held: ExportRow[][] = [];
  let count = 0;
  let announced: number | null = null;
  if (!first.done) {
    for (let step: IteratorResult<Piece> = first; !step.done; step = await pieces.next()) {
      if (step.value.kind === 'rows') {
        held.push(step.value.rows);
        count += step.value.rows.length;
      } else announced = step.value.total;
    }
  }
  if (announced !== null && announced !== count) throw malformed();
  return {
    total: count,
    batches: (async function* () {
      yield* held;
    })(),
  };
}
