/**
 * The reports' PDF table: pdfkit with the standard Helvetica (its WinAnsi
 * encoding has every Portuguese letter), rows laid out at a fixed height, the
 * table header drawn again at the top of every page the rows run onto, and
 * "Página N de M" on every page once the whole document is laid out (buffered
 * pages). One helper so every report paginates the same way.
 */
import type PdfKitDocument from 'pdfkit';
import { lazyRequire } from './lazy-require';

/** pdfkit is loaded by the first PDF, not at every start of the server (lazy-require.ts). */
const pdfDocument = lazyRequire<typeof PdfKitDocument>('pdfkit');
export type PdfDoc = InstanceType<typeof PdfKitDocument>;

export interface PdfColumn {
  title: string;
  /** points */
  width: number;
  align: 'left' | 'right';
}

export interface PdfTableStyle {
  rowHeight: number;
  fontSize: number;
  /** a fill behind the header row; none when absent */
  headerFill?: string;
}

const FOOTER_GREY = '#5f6b7c';

/** 'YYYY-MM-DD' as DD/MM/YYYY, by its digits (a calendar date never passes through a time zone). */
export function brDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** A document and the promise of its bytes; `finish` numbers the pages and ends it. */
export function openPdf(options: { title: string; margin: number; layout?: 'portrait' | 'landscape' }): { doc: PdfDoc; finish(): Promise<Buffer> } {
  const doc = new (pdfDocument())({ size: 'A4', layout: options.layout ?? 'portrait', margin: options.margin, bufferPages: true, info: { Title: options.title, Author: 'Back-office de Crédito' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish() {
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        // The footer sits in the bottom margin: writing there would make pdfkit start a page, so the margin is lifted meanwhile.
        const margin = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc.font('Helvetica').fontSize(8).fillColor(FOOTER_GREY);
        doc.text(`Página ${i - range.start + 1} de ${range.count}`, doc.page.margins.left, doc.page.height - margin + 10, {
          width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
          align: 'right',
          lineBreak: false,
        });
        doc.page.margins.bottom = margin;
      }
      doc.end();
      return done;
    },
  };
}

export interface PdfTable {
  /** the header row at the current position */
  header(): void;
  /** one row; on a new page (header repeated) when it does not fit */
  row(cells: readonly string[], bold?: boolean): void;
  /** a new page (without the header) unless `height` points still fit */
  room(height: number): void;
}

/** A table drawn from the document's current y (doc.y is the cursor, as for pdfkit's own text). */
export function pdfTable(doc: PdfDoc, columns: readonly PdfColumn[], style: PdfTableStyle): PdfTable {
  const left = doc.page.margins.left;
  const width = columns.reduce((w, c) => w + c.width, 0);
  const textTop = Math.max(0, (style.rowHeight - style.fontSize) / 2);
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const draw = (cells: readonly string[], bold: boolean) => {
    // Every cell at the same y: pdfkit moves doc.y after each text call.
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(style.fontSize).fillColor('black');
    // A row with only its first cell (a note such as "nothing in the period") spans the table.
    const spans = cells.slice(1).every((c) => !c);
    columns.forEach((c, i) => {
      const w = spans && i === 0 ? width : c.width;
      // The height keeps a cell to one line: a longer text ends in "…" instead of running over the next rows.
      if (!(spans && i > 0)) doc.text(cells[i] ?? '', x + 3, y + textTop, { width: w - 6, height: style.rowHeight - textTop, align: c.align, lineBreak: false, ellipsis: true });
      x += c.width;
    });
    doc.y = y + style.rowHeight;
  };
  const header = () => {
    if (style.headerFill) doc.save().rect(left, doc.y, width, style.rowHeight).fill(style.headerFill).restore();
    draw(columns.map((c) => c.title), true);
  };
  return {
    header,
    row(cells, bold = false) {
      if (doc.y + style.rowHeight > bottom()) {
        doc.addPage();
        header();
      }
      draw(cells, bold);
    },
    room(height) {
      if (doc.y + height > bottom()) doc.addPage();
    },
  };
}
