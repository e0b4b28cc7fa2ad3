/**
 * A CNAB 240 return file of Itaú (341) written with the project's own tables
 * (src/server/domain/cnab), for the suites that import one: no public Itaú 240
 * return sample was found (the BB and Caixa public samples are in
 * tests/unit/server/cnab/fixtures, with their source), so the file is built
 * from the layout "Cobrança Bancária — Layout de Arquivos FEBRABAN 240",
 * Itaú, janeiro/2017, as the reader's own test does.
 */
import { cnabTables, writeRecord } from '../../src/server/domain/cnab';

export interface ItauReturnAccount {
  agency: string;
  account: string;
  accountDac: string;
  companyDocument: string;
}

export interface ItauReturnMovement {
  /** Itaú's movement code: 02 entrada confirmada, 03 entrada rejeitada, 06 liquidação normal, 09 baixa */
  movement: string;
  /** the 8-digit nosso número (the account's slip sequence) */
  nossoNumero: string;
  amount: string;
  paid: string;
  fee: string;
  /** up to four two-digit reason codes (nota 23) */
  reasons?: string;
  occurredOn: string;
  creditedOn?: string;
}

/** The file's text, CR LF lines as the bank sends them. */
export function itauReturnFile(account: ItauReturnAccount, movements: readonly ItauReturnMovement[], header: { generatedOn: string; fileSequence: number }): string {
  const t = cnabTables('341');
  const base = { bank: '341', lot: '1' };
  const who = { agency: account.agency, account: account.account, accountDac: account.accountDac };
  const details = movements.flatMap((m, k) => [
    writeRecord(t.segmentT, { ...base, ...who, sequence: String(2 * k + 1), movement: m.movement, wallet: '109', nossoNumero: m.nossoNumero, nossoNumeroDigit: '0', amount: m.amount, fee: m.fee, reasons: m.reasons ?? '' }),
    writeRecord(t.segmentU, { ...base, sequence: String(2 * k + 2), movement: m.movement, paid: m.paid, net: m.paid, occurredOn: m.occurredOn, creditedOn: m.creditedOn ?? '' }),
  ]);
  const lines = [
    writeRecord(t.fileHeader, { bank: '341', direction: '2', companyDocumentType: '2', companyDocument: account.companyDocument, ...who, generatedOn: header.generatedOn, fileSequence: String(header.fileSequence) }),
    writeRecord(t.lotHeader, { ...base, operation: 'T' }),
    ...details,
    writeRecord(t.lotTrailer, { ...base, recordCount: String(details.length + 2) }),
    writeRecord(t.fileTrailer, { bank: '341', lotCount: '1', recordCount: String(details.length + 4) }),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
