/**
 * The Excel writer lives in src/node (Node code shared by the main process
 * and the server) so the server's reports write the same workbook (info
 * sheet, frozen header, typed cells) as the main process's list exports,
 * while src/shared stays free of runtime libraries.
 */
export * from '../../node/excel-export';
