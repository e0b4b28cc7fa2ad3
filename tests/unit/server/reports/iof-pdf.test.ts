/**
 * The IOF report PDF (src/server/areas/reports/iof-pdf.ts) read back with
 * pdftotext: a report longer than a page repeats the table header on every
 * page and numbers the pages; the totals are the report's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import Decimal from 'decimal.js';
import type { IofReport } from '../../../../src/shared/contract/company-reports';
import { renderIofReportPdf } from '../../../../src/server/areas/reports/iof-pdf';
import { decendioOf, groupIofByDecendio } from '../../../../src/server/domain/iof-decendio';
import { addDays } from '../../../../src/server/domain/servicing/business-days';

it('paginates a long report with the header repeated and the pages numbered', async () => {
  const charges = Array.from({ length: 60 }, (_, i) => ({ date: addDays('2025-01-05', i * 10), personType: i % 3 === 0 ? ('PJ' as const) : ('PF' as const), amount: `${i + 1}.25` }));
  const groups = groupIofByDecendio(charges);
  const report: IofReport = {
    from: decendioOf(charges[0].date).start,
    to: decendioOf(charges.at(-1)!.date).end,
    decendios: groups.map((g) => ({ ...g.decendio, due_date: g.due_date, lines: g.lines, operation_count: g.operation_count, total: g.total })),
    operation_count: charges.length,
    total: groups.reduce((sum, g) => sum.plus(g.total), new Decimal(0)).toFixed(2),
  };
  const bytes = await renderIofReportPdf({ report, companyName: 'Crédito Demo S.A.', issuedOn: '2026-11-26' });
  const dir = mkdtempSync(join(tmpdir(), 'iof-pdf-'));
  try {
    const file = join(dir, 'iof.pdf');
    writeFileSync(file, bytes);
    const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').filter((p) => p.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toMatch(/Decêndio\s+Contribuinte\s+Código DARF\s+Operações\s+IOF\s+Vencimento/);
      expect(page).toContain(`Página ${i + 1} de ${pages.length}`);
    });
    const all = pages.join('\n');
    expect(all).toContain('Crédito Demo S.A.');
    expect(all).toMatch(/Total do período\s+60\s+R\$ 1\.845,00/);
    expect(all).toMatch(/01\/01\/2025 a 10\/01\/2025\s+Pessoa jurídica\s+1150\s+1\s+R\$ 1,25\s+15\/01\/2025/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
