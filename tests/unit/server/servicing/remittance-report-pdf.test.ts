/**
 * The remittance report's PDF paginates: with more lines than a page holds,
 * every page starts with the table's header, every line is printed once, the
 * pages are numbered, and the totals come last. Read back with pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderRemittanceReportPdf } from '../../../../src/server/areas/bank-files/remittance-report-pdf';
import type { RemittanceReport } from '../../../../src/server/areas/bank-files/remittance-report';

const LINES = 120;

const report: RemittanceReport = {
  id: 7,
  bank_code: '341',
  nsa: 12,
  generated_on: '2026-01-20',
  cutoff_date: '2026-01-19',
  file_name: 'REM341000012.rem',
  sha256: 'a'.repeat(64),
  agency: '0912',
  account: '45021-7',
  company_name: 'Crédito Demo S.A.',
  lines: Array.from({ length: LINES }, (_, k) => ({
    instruction: k % 10 === 0 ? ('writeOff' as const) : ('entry' as const),
    our_number: `109/${String(1000 + k).padStart(8, '0')}-1`,
    borrower: `Tomador ${k}`,
    operation: 'OP-000042',
    installment_number: k + 1,
    due_date: '2026-02-10',
    amount: '100.00',
  })),
  totals: [
    { instruction: 'entry', count: 108, total: '10800.00' },
    { instruction: 'writeOff', count: 12, total: '1200.00' },
  ],
  total: '12000.00',
};

describe('remittance report PDF', () => {
  it('repeats the header on every page, prints each line once and the totals at the end', async () => {
    const bytes = await renderRemittanceReportPdf(report, new Date(Date.UTC(2026, 0, 20, 15, 0)));
    const dir = mkdtempSync(join(tmpdir(), 'remittance-pdf-'));
    let text: string;
    try {
      writeFileSync(join(dir, 'r.pdf'), bytes);
      text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, k) => {
      expect(page).toMatch(/Instrução\s+Nosso número\s+Tomador\s+Operação\s+Parcela\s+Vencimento\s+Valor/);
      expect(page).toContain(`Página ${k + 1} de ${pages.length}`);
    });
    for (let k = 0; k < LINES; k++) expect(text.match(new RegExp(`109/${String(1000 + k).padStart(8, '0')}-1`, 'g'))).toHaveLength(1);
    const last = pages[pages.length - 1];
    expect(last).toMatch(/Entrada: 108 título\(s\)\s+R\$\s*10\.800,00/);
    expect(last).toMatch(/Baixa: 12 título\(s\)\s+R\$\s*1\.200,00/);
    expect(last).toMatch(/Total da remessa: 120 título\(s\)\s+R\$\s*12\.000,00/);
  });
});
