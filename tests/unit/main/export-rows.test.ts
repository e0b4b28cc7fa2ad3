import { describe, expect, it } from 'vitest';
import { exportAnswerPieces, readExportRows } from '../../../src/main/services/export-rows';

/** The body cut into pieces of `size` characters, as a socket may deliver it (multi-byte characters split too). */
function chunks(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

async function all(body: Buffer[]) {
  const source = await readExportRows(body);
  const rows = [];
  for await (const batch of source.batches) rows.push(...batch);
  return { total: source.total, rows };
}

const ROWS = [
  { id: 1, name: 'Ação "Ô" {chave} [lista], \\ fim', active: true, note: null },
  { id: 2, name: 'José\nSegunda linha', active: false, note: '1.234,56' },
  { id: 3, name: '', active: true, note: '}]' },
];

describe('export answer read as it arrives', () => {
  it('gives every row whatever the cut, with strings holding quotes, braces, escapes and accents', async () => {
    const body = JSON.stringify({ total: ROWS.length, rows: ROWS });
    for (const size of [1, 2, 3, 7, 64, body.length]) expect(await all(chunks(body, size))).toEqual({ total: 3, rows: ROWS });
  });

  it('hands the count on before any row, and rows batch by batch as chunks arrive', async () => {
    const body = JSON.stringify({ total: 3, rows: ROWS });
    const pieces = [];
    for await (const piece of exportAnswerPieces(chunks(body, 40))) pieces.push(piece.kind === 'total' ? piece.total : piece.rows.length);
    expect(pieces[0]).toBe(3);
    expect(pieces.length).toBeGreaterThan(2);
  });

  it('reads an answer without the count (other keys skipped) by gathering its rows', async () => {
    const body = JSON.stringify({ meta: { page: [1, 2], name: 'x]}' }, rows: ROWS, other: 'y' });
    expect(await all(chunks(body, 5))).toEqual({ total: 3, rows: ROWS });
    expect(await all(chunks('{"rows":[]}', 3))).toEqual({ total: 0, rows: [] });
  });

  it('refuses what is no export answer', async () => {
    for (const body of ['', '[]', '{"total":1}', '{"rows":[1,2]}', '{"rows":[{"a":{"b":1}}]}', '{"total":-1,"rows":[]}', '{"rows":[{"a":1}]} x', '{"rows":[{"a":1},{"a":]}']) {
      await expect(all(chunks(body, 4)), body).rejects.toThrow();
    }
  });
});
