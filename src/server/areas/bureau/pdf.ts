/**
 * A bureau report as a PDF (pdfkit, the standard Helvetica fonts: their
 * WinAnsi encoding has every Portuguese letter). Money in Brazilian reais and
 * dates DD/MM/YYYY through the shared formatters, as the screens show them.
 */
import type PdfKitDocument from 'pdfkit';
import { lazyRequire } from '../../platform/lazy-require';
import type { BureauReport } from '@shared/contract/bureau';
import { formatCurrency, formatPercentage } from '@shared/format';

/** pdfkit is loaded by the first PDF, not at every start of the server (platform/lazy-require.ts). */
const pdfDocument = lazyRequire<typeof PdfKitDocument>('pdfkit');

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' by text (a calendar date never passes through a zone). */
function day(value: string): string {
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
}

/** The instant as Brazil's wall clock (the report is read in Brazil, whatever the server's zone). */
function brasilia(instant: string): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
  return `${parts.replace(',', '')} (horário de Brasília)`;
}

const RISK_TEXT: Record<string, string> = {
  A: 'A — risco muito baixo',
  B: 'B — risco baixo',
  C: 'C — risco médio',
  D: 'D — risco alto',
  E: 'E — risco muito alto',
};

export function reportFileName(report: BureauReport): string {
  return `consulta-biro-${report.id}.pdf`;
}

export function renderReportPdf(report: BureauReport): Promise<Buffer> {
  const doc = new (pdfDocument())({ size: 'A4', margin: 48, info: { Title: `Consulta ao birô de crédito nº ${report.id}`, Author: 'Back-office de Crédito' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const r = report.result;

  doc.font('Helvetica-Bold').fontSize(16).text('Consulta ao birô de crédito');
  doc.font('Helvetica').fontSize(9).fillColor('#5f6b7c').text(`Relatório nº ${report.id} — emitido em ${brasilia(report.created_at)}`);
  doc.moveDown();
  doc.fillColor('#1c2127').fontSize(11);
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };
  line('Consultado', r.name);
  line(r.documentType, r.document);
  if (report.solicitation_id !== null) line('Solicitação', `nº ${report.solicitation_id}`);
  line('Modelo de consulta', report.model_label ?? '—');
  line('Provedor', report.provider);
  if (report.requested_by_name) line('Solicitada por', report.requested_by_name);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text(`Score: ${r.score} de 1000`);
  doc.font('Helvetica').fontSize(11);
  line('Faixa de risco', RISK_TEXT[r.riskBand] ?? r.riskBand);
  line('Probabilidade de inadimplência em 12 meses', formatPercentage(r.defaultProbability));
  line('Total em pendências financeiras', formatCurrency(r.totals.negativeRecords));
  line('Total em protestos', formatCurrency(r.totals.protests));

  const section = (title: string, headers: string[], rows: string[][], widths: number[]) => {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#1c2127').text(title, 48);
    doc.moveDown(0.3);
    if (rows.length === 0) {
      doc.font('Helvetica').fontSize(10).fillColor('#5f6b7c').text('Nada consta.', 48);
      return;
    }
    const drawRow = (cells: string[], bold: boolean) => {
      if (doc.y > doc.page.height - 80) doc.addPage();
      const y = doc.y;
      let x = 48;
      let height = 0;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor('#1c2127');
      cells.forEach((cell, i) => {
        doc.text(cell, x, y, { width: widths[i] - 6 });
        height = Math.max(height, doc.y - y);
        x += widths[i];
      });
      doc.y = y + height + 3;
    };
    drawRow(headers, true);
    for (const row of rows) drawRow(row, false);
    doc.x = 48;
  };

  section(
    'Pendências financeiras (Pefin / Refin)',
    ['Tipo', 'Credor', 'Contrato', 'Valor', 'Data'],
    r.negativeRecords.map((n) => [n.kind.toUpperCase(), n.creditor, n.contract, formatCurrency(n.amount), day(n.date)]),
    [50, 170, 90, 100, 80],
  );
  section(
    'Protestos',
    ['Cartório', 'Cidade', 'Valor', 'Data'],
    r.protests.map((p) => [p.notary, `${p.city}/${p.state}`, formatCurrency(p.amount), day(p.date)]),
    [180, 130, 100, 80],
  );
  section(
    'Consultas anteriores',
    ['Empresa', 'Segmento', 'Data'],
    r.inquiries.map((q) => [q.company, q.segment, day(q.date)]),
    [220, 150, 80],
  );
  section(
    'Cheques devolvidos',
    ['Banco', 'Agência', 'Alínea', 'Quantidade', 'Data'],
    r.returnedCheques.map((c) => [c.bank, c.agency, c.reason, String(c.count), day(c.date)]),
    [180, 70, 60, 80, 80],
  );
  doc.moveDown(2);
  doc.font('Helvetica').fontSize(8).fillColor('#5f6b7c').text('Documento gerado pelo Back-office de Crédito. Informação confidencial: uso restrito à análise de crédito.', 48);
  doc.end();
  return done;
}
