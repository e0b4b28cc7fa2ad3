/**
 * Reports: read-only views over the other areas' tables (read through their
 * schema files), as JSON, PDF and export rows for Excel.
 * Other areas call nothing here: the server's composition registers its
 * handlers (handlers/index.ts), so this file only describes the area.
 *
 * Design choices:
 * - IOF (iof-report.ts): the IOF recorded at each release (disbursements),
 *   per decêndio and payer type with its DARF code and due date
 *   (domain/iof-decendio.ts, bank business days); the period is widened to
 *   whole decêndios.
 * - PDFs are rendered in memory by pdfkit (a report is a few pages), paginated
 *   with the table header repeated; Excel is written by the main process from
 *   export rows (info sheet, frozen header, typed cells).
 * - Parameterized report (parameterized-report.ts): the operations report's
 *   WHERE and order with the columns the person picked from the contract's
 *   catalogue; its files are written by the server (the columns differ per
 *   request). Saved definitions (saved-reports.ts, migration 0032) are shared
 *   by the company's report readers, one per name ignoring case.
 */
export {};
