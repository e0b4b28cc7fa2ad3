/**
 * The custodian's CNAB 444 return (arquivo de retorno da remessa de
 * aquisição): for each title of our assignment remittance, whether the fund's
 * custodian acquired it (entrada confirmada) or refused it (entrada
 * rejeitada), with the reasons. A pure reader: text in, lines out.
 *
 * Sources, and what is a reading (the folder's README says the same):
 * - The record positions the custodian echoes are those of the remittance we
 *   send (layout.ts: Banco Paulista/Fromtis "Troca Eletrônica Padrão –
 *   Remessa/Cobrança", CNAB 444, junho/2019): Nº de controle do participante
 *   38–62 (our installment reference), identificação da ocorrência 109–110,
 *   Nº do documento 111–120, vencimento 121–126, valor de face 127–139,
 *   Nº do termo de cessão 174–192, sequência 439–444.
 * - That 444 layout is Bradesco's CNAB 400 cobrança widened; its return
 *   follows the CNAB 400 return's conventions: header literal "RETORNO" at
 *   3–9 with 2 at position 2 (the remittance has "REMESSA" and 1), detail
 *   occurrence 02 "entrada confirmada" and 03 "entrada rejeitada" at 109–110
 *   (Bradesco, "Cobrança Bancária – Layout CNAB 400", retorno, identificação
 *   da ocorrência).
 * - A reading, not a published table: no custodian's 444 return manual was
 *   found in public. The reasons are read from 395–404 as five 2-digit codes
 *   (CNAB 400 returns carry their "motivos das rejeições" as five 2-digit
 *   codes in one 10-position field; in the 444 remittance 395–438 is the
 *   spare invoice key area, where the custodian answers), and their words
 *   below are our table of the refusals custodians state (eligibility,
 *   concentration, duplicate, divergent value…). A code not in it is shown as
 *   its number. Change REASONS_444 and the field when the custodian sends its
 *   manual.
 * - Complements the custodian fills its own way are fillers, read leniently
 *   (lower case, zeros or blanks): only the fields above are checked.
 */
import { alpha, amount, date, num, LINE_LENGTH_444, type Table444 } from './field-table';
import { lineProblems } from '../cnab/validate';
import { readRecord444 } from './record';

const SOURCE_RETURN_444 =
  'Banco Paulista/Fromtis CNAB 444 (remittance positions echoed) with the CNAB 400 return conventions (Bradesco): header RETORNO, occurrence 02/03; reasons at 395–404 a reading';

const filler = (name: string, start: number, end: number) => alpha(name, start, end, { filler: true });

export const RETURN_HEADER_444: Table444 = {
  record: 'header',
  source: SOURCE_RETURN_444,
  length: LINE_LENGTH_444,
  fields: [
    num('recordType', 1, 1, { fixed: '0' }),
    num('fileKind', 2, 2, { fixed: '2' }),
    alpha('returnLiteral', 3, 9, { fixed: 'RETORNO' }),
    filler('service', 10, 26),
    /** The originator code the custodian gave (or our CNPJ), as the remittance's header carried it. */
    num('originatorCode', 27, 46),
    filler('originatorName', 47, 76),
    num('bankCode', 77, 79),
    filler('bankName', 80, 94),
    date('writtenOn', 95, 100),
    filler('blank1', 101, 110),
    /** The return's own file number. */
    num('fileSequence', 111, 117),
    filler('blank2', 118, 438),
    num('recordSequence', 439, 444),
  ],
};

export const RETURN_DETAIL_444: Table444 = {
  record: 'detail',
  source: SOURCE_RETURN_444,
  length: LINE_LENGTH_444,
  fields: [
    num('recordType', 1, 1, { fixed: '1' }),
    filler('echo1', 2, 37),
    /** Our reference of the installment (operation/number), as the remittance sent it. */
    alpha('participantControl', 38, 62),
    filler('echo2', 63, 108),
    num('occurrence', 109, 110),
    alpha('documentNumber', 111, 120),
    date('dueDate', 121, 126),
    amount('faceValue', 127, 139),
    filler('echo3', 140, 173),
    /** Our cession number, as the remittance sent it. */
    alpha('cessionTerm', 174, 192),
    filler('echo4', 193, 394),
    /** Five 2-digit reason codes (blank or 00 for none): a reading, see above. */
    filler('reasons', 395, 404),
    filler('echo5', 405, 438),
    num('recordSequence', 439, 444),
  ],
};

export const RETURN_TRAILER_444: Table444 = {
  record: 'trailer',
  source: SOURCE_RETURN_444,
  length: LINE_LENGTH_444,
  fields: [num('recordType', 1, 1, { fixed: '9' }), filler('blank', 2, 438), num('recordSequence', 439, 444)],
};

/** Occurrences of the return (CNAB 400 return convention): 02 acquired, 03 refused; any other is read and does nothing. */
export const OCCURRENCE_ACQUIRED = '02';
export const OCCURRENCE_REFUSED = '03';

/** Refusal reasons in words (our reading of what custodians state; see the header). */
export const REASONS_444: Readonly<Record<string, string>> = {
  '01': 'título fora dos critérios de elegibilidade do fundo',
  '02': 'sacado acima do limite de concentração',
  '03': 'título em duplicidade',
  '04': 'valor presente ou de face divergente',
  '05': 'CPF/CNPJ do sacado inválido',
  '06': 'data de vencimento inválida',
  '07': 'cedente sem limite disponível',
  '08': 'lastro (documentação do título) pendente',
  '09': 'termo de cessão não localizado',
  '10': 'título vencido na data da aquisição',
  '99': 'outros motivos informados pelo custodiante',
};

export interface CustodianReason {
  readonly code: string;
  readonly words: string;
}

export interface CustodianReturnLine {
  /** The line's number in the file (1 is the header). */
  readonly line: number;
  readonly reference: string;
  readonly cessionTerm: string;
  readonly documentNumber: string;
  readonly occurrence: string;
  readonly kind: 'acquired' | 'refused' | 'other';
  readonly reasons: readonly CustodianReason[];
  readonly dueDate: string;
  readonly faceValue: string;
}

export interface CustodianReturnFile {
  readonly originatorCode: string;
  readonly bankCode: string;
  readonly writtenOn: string;
  readonly fileSequence: number;
  readonly lines: readonly CustodianReturnLine[];
}

export interface CustodianReturnProblem {
  readonly line: number;
  readonly field: string;
  readonly message: string;
}

export type CustodianReturnResult = { ok: true; file: CustodianReturnFile } | { ok: false; problems: CustodianReturnProblem[] };

export function reasonWords(code: string): string {
  return REASONS_444[code] ?? `motivo ${code} (fora da tabela do custodiante)`;
}

/** The reason codes of 395–404: two digits each, blanks and 00 are none. */
function reasonsOf(text: string): CustodianReason[] {
  const codes: CustodianReason[] = [];
  for (let k = 0; k + 2 <= text.length; k += 2) {
    const code = text.slice(k, k + 2);
    if (/^\d\d$/.test(code) && code !== '00') codes.push({ code, words: reasonWords(code) });
  }
  return codes;
}

/**
 * Reads a custodian's return: header first, trailer last, details between,
 * record sequences 1…n, every checked field well formed. Any problem refuses
 * the whole file, naming the line and the field (as the bank's return does).
 */
export function readCustodianReturn(text: string): CustodianReturnResult {
  const lines = text.split(/\r?\n/);
  while (lines.length && lines.at(-1)!.trim() === '') lines.pop();
  if (lines.length < 3) return { ok: false, problems: [{ line: 0, field: 'linha', message: `o arquivo tem ${lines.length} linha(s): header, detalhes e trailer são pelo menos 3` }] };
  const problems: CustodianReturnProblem[] = [];
  const details: CustodianReturnLine[] = [];
  let header: Record<string, string> = {};
  lines.forEach((line, k) => {
    const table = k === 0 ? RETURN_HEADER_444 : k === lines.length - 1 ? RETURN_TRAILER_444 : RETURN_DETAIL_444;
    const found = lineProblems(table, line, { lenient: true });
    for (const p of found) problems.push({ line: k + 1, field: p.field, message: p.message });
    if (found.length) return;
    const values = readRecord444(table, line);
    if (values.recordSequence !== String(k + 1).padStart(6, '0')) problems.push({ line: k + 1, field: 'recordSequence', message: `sequência ${values.recordSequence}, esperada ${k + 1}` });
    if (table === RETURN_HEADER_444) header = values;
    if (table !== RETURN_DETAIL_444) return;
    if (!values.participantControl.trim()) problems.push({ line: k + 1, field: 'participantControl', message: 'nº de controle do participante em branco: a linha não nomeia a parcela' });
    const occurrence = values.occurrence;
    details.push({
      line: k + 1,
      reference: values.participantControl.trim(),
      cessionTerm: values.cessionTerm.trim(),
      documentNumber: values.documentNumber.trim(),
      occurrence,
      kind: occurrence === OCCURRENCE_ACQUIRED ? 'acquired' : occurrence === OCCURRENCE_REFUSED ? 'refused' : 'other',
      reasons: reasonsOf(line.slice(394, 404)),
      dueDate: values.dueDate,
      faceValue: values.faceValue,
    });
  });
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    file: { originatorCode: header.originatorCode, bankCode: header.bankCode, writtenOn: header.writtenOn, fileSequence: Number(header.fileSequence), lines: details },
  };
}
