/**
 * Reports: read-only views over the other areas' tables (read through their
 * schema files), as JSON, PDF and export rows for Excel.
 * This file is the area's only way in for the server's composition.
 *
 * Design choices:
 * - IOF (iof-report.ts): the IOF recorded at each release (disbursements),
 *   per decêndio and payer type with its DARF code and due date
 *   (domain/iof-decendio.ts, bank business days); the period is widened to
 *   whole decêndios.
 * - PDFs are rendered in memory by pdfkit (a report is a few pages), paginated
 *   with the table header repeated; Excel is written by the main process from
 *   export rows (info sheet, frozen header, typed cells).
 */
export { reportsHandlers } from './handlers/reports';
