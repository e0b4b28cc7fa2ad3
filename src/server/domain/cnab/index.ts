/** CNAB 240 cobrança: field tables per bank, one writer and reader, the remittance builder and the return reader. */
export { CNAB_BANKS, cnabTables, isCnabBank, type CnabBank } from './bank-tables';
export { ENTRY_REJECTED_KIND, ENTRY_REJECTED_MOVEMENT, FINE_CODES, INSTRUCTION_CODES, INTEREST_CODES, movementKind, movementWords, reasonsInWords, type MovementKind, type Reason, type RemittanceInstruction } from './codes';
export { FEBRABAN_TABLES, type CnabTables } from './febraban-240';
export { coverageProblems, LINE_LENGTH, type FieldSpec, type RecordKind, type RecordTable } from './field-table';
export { CnabFieldError, cnabText, readRecord, writeRecord, type RecordValues } from './record';
export {
  buildRemittance,
  type LateCharges,
  type RemittanceAccount,
  type RemittanceFile,
  type RemittanceInput,
  type RemittancePayer,
  type RemittanceProblem,
  type RemittanceResult,
  type RemittanceSlip,
} from './remittance';
export { checkRemittance, type FileProblem } from './remittance-check';
export { readReturnFile, splitLines, type ReturnEntry, type ReturnFile, type ReturnHeader, type ReturnResult } from './return-file';
export { lineProblems, type LineCheckOptions, type LineProblem } from './validate';
export {
  APPLIED_OUTCOMES,
  headerAccountKey,
  headerNamesAccount,
  headerNamesCompany,
  lineOutcome,
  slipSequenceOf,
  type CollectingAccount,
  type HeaderAccountKey,
  type LineFacts,
  type LineOutcome,
} from './return-settlement';
