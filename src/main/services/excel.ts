/**
 * The Excel writer lives in src/shared so the server's reports write the
 * same workbook (info sheet, frozen header, typed cells) as the main
 * process's list exports.
 */
export * from '@shared/excel-export';
