/** CNAB 444 assignment remittance (files for a receivables fund's custodian): tables, one writer and reader, the file builder. */
export { DETAIL_444, HEADER_444, TABLES_444, TRAILER_444 } from './layout';
export { coverageProblems444, LINE_LENGTH_444, type Field444, type Record444, type Table444 } from './field-table';
export { Cnab444FieldError, lineProblems444, readRecord444, writeRecord444, type Line444Problem, type Values444 } from './record';
export {
  buildAssignmentRemittance,
  MAX_ITEMS_444,
  readAssignmentRemittance,
  type AssignmentFile,
  type AssignmentItem,
  type AssignmentProblem,
  type AssignmentRemittanceInput,
  type AssignmentResult,
  type ReadAssignmentFile,
  type ReadAssignmentResult,
} from './assignment-file';
export {
  OCCURRENCE_ACQUIRED,
  OCCURRENCE_REFUSED,
  readCustodianReturn,
  REASONS_444,
  reasonWords,
  RETURN_DETAIL_444,
  RETURN_HEADER_444,
  RETURN_TRAILER_444,
  type CustodianReason,
  type CustodianReturnFile,
  type CustodianReturnLine,
  type CustodianReturnProblem,
  type CustodianReturnResult,
} from './custodian-return';
