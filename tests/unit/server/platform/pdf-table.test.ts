/**
 * The reports' shared PDF table (src/server/platform/pdf-table.ts) read back
 * with pdftotext: rows past a page start a page with the header again, every
 * page is numbered, a note row spans the table (not cut at its first
 * column's width), and room() moves a block that does not fit to a new page.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { brDay, openPdf, pdfTable } from '../../../../src/server/platform/pdf-table';

it('repeats the header on every page, numbers the pages, spans a note row and keeps a block whole', async () => {
  const { doc, finish } = openPdf({ title: 'Teste', margin: 40 });
  const table = pdfTable(doc, [
    { title: 'Coluna A', width: 60, align: 'left' },
    { title: 'Coluna B', width: 200, align: 'right' },
  ], { rowHeight: 16, fontSize: 9, headerFill: '#e8e8e8' });
  table.header();
  table.row(['Uma observação bem mais longa que a primeira coluna']);
  for (let i = 1; i <= 100; i++) table.row([`L${i}`, `valor ${i}`]);
  table.room(16 * 200);
  doc.text('Bloco final');
  const bytes = await finish();

  const dir = mkdtempSync(join(tmpdir(), 'pdf-table-'));
  try {
    const file = join(dir, 't.pdf');
    writeFileSync(file, bytes);
    const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').filter((p) => p.trim() !== '');
    // 101 rows of 16 points on pages of about 760 points: three pages of table, then the block on its own.
    expect(pages.length).toBe(4);
    pages.slice(0, 3).forEach((page) => expect(page).toMatch(/Coluna A\s+Coluna B/));
    pages.forEach((page, i) => expect(page).toContain(`Página ${i + 1} de ${pages.length}`));
    expect(pages[0]).toContain('Uma observação bem mais longa que a primeira coluna');
    expect(pages[2]).toMatch(/L100\s+valor 100/);
    expect(pages[3]).toContain('Bloco final');
    expect(pages[3]).not.toContain('Coluna A');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('writes a calendar day as DD/MM/YYYY by its digits', () => {
  expect(brDay('2026-01-05')).toBe('05/01/2026');
});
