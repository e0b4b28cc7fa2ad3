/**
 * The names an export gets when none is given. Apart from the writer
 * (src/node/excel-export.ts) so the main process, which no longer writes workbooks
 * itself (its worker thread does, src/main/services/excel-in-worker.ts), does
 * not load exceljs to name a file.
 */
export const DEFAULT_EXPORT_FILE_NAME = 'list_exported';
export const DEFAULT_EXPORT_TITLE = 'Lista Exportada';
export const EXPORT_EXTENSION = '.xlsx';
