/**
 * The FEBRABAN CNAB 240 tables for cobrança (títulos em cobrança, service
 * 01): file header and trailer, the lot header and trailer of the cobrança
 * lot, segments P, Q and R (remittance) and T and U (return).
 *
 * Source: FEBRABAN, "Layout Padrão Febraban 240 posições", version 10.6
 * (§3.2.2 Títulos em Cobrança; file header and trailer in §3.1). Field names
 * are ours; the manual's field numbers (05.0, 13.3P…) follow each row.
 */
import { alpha, amount, blank, date, num, type RecordTable } from './field-table';

export const FEBRABAN_SOURCE = 'FEBRABAN, Layout Padrão Febraban 240 posições, V10.6';

/** File layout version of v10.6 (field 20.0, G019) and the cobrança lot layout (field 07.1, G030). */
export const FEBRABAN_FILE_LAYOUT = '103';
export const FEBRABAN_COBRANCA_LOT_LAYOUT = '060';

const control = (recordType: string, lot?: string) => [
  num('bank', 1, 3), // 01 Código do Banco na Compensação
  lot === undefined ? num('lot', 4, 7) : num('lot', 4, 7, { fixed: lot }), // 02 Lote de Serviço
  num('recordType', 8, 8, { fixed: recordType }), // 03 Tipo de Registro
];

/** Fields 01–07 of every detail segment: control, sequence, segment, movement code. */
const detailStart = (segment: string) => [
  ...control('3'),
  num('sequence', 9, 13), // 04.3 Nº Sequencial do Registro no Lote
  alpha('segment', 14, 14, { fixed: segment }), // 05.3 Cód. Segmento
  blank('cnab15', 15, 15), // 06.3
  num('movement', 16, 17), // 07.3 Código de Movimento (C004 remessa / C044 retorno)
];

export const FILE_HEADER: RecordTable = {
  record: '0',
  source: FEBRABAN_SOURCE,
  fields: [
    ...control('0', '0000'),
    blank('cnab9', 9, 17), // 04.0
    num('companyDocumentType', 18, 18), // 05.0 1 CPF, 2 CNPJ
    num('companyDocument', 19, 32), // 06.0
    alpha('agreement', 33, 52), // 07.0 Código do Convênio no Banco
    num('agency', 53, 57), // 08.0
    alpha('agencyDigit', 58, 58), // 09.0
    num('account', 59, 70), // 10.0
    alpha('accountDigit', 71, 71), // 11.0
    alpha('agencyAccountDigit', 72, 72), // 12.0
    alpha('companyName', 73, 102), // 13.0
    alpha('bankName', 103, 132), // 14.0
    blank('cnab133', 133, 142), // 15.0
    num('direction', 143, 143), // 16.0 1 remessa, 2 retorno
    date('generatedOn', 144, 151), // 17.0
    num('generatedAt', 152, 157), // 18.0 HHMMSS
    num('fileSequence', 158, 163), // 19.0 NSA
    num('layoutVersion', 164, 166, { default: FEBRABAN_FILE_LAYOUT }), // 20.0
    num('density', 167, 171), // 21.0
    alpha('bankReserved', 172, 191), // 22.0
    alpha('companyReserved', 192, 211), // 23.0
    blank('cnab212', 212, 240), // 24.0
  ],
};

export const LOT_HEADER: RecordTable = {
  record: '1',
  source: FEBRABAN_SOURCE,
  fields: [
    ...control('1'),
    alpha('operation', 9, 9), // 04.1 R remessa, T retorno
    num('service', 10, 11, { default: '01' }), // 05.1
    blank('cnab12', 12, 13), // 06.1
    num('layoutVersion', 14, 16, { default: FEBRABAN_COBRANCA_LOT_LAYOUT }), // 07.1
    blank('cnab17', 17, 17), // 08.1
    num('companyDocumentType', 18, 18), // 09.1
    num('companyDocument', 19, 33), // 10.1
    alpha('agreement', 34, 53), // 11.1
    num('agency', 54, 58), // 12.1
    alpha('agencyDigit', 59, 59), // 13.1
    num('account', 60, 71), // 14.1
    alpha('accountDigit', 72, 72), // 15.1
    alpha('agencyAccountDigit', 73, 73), // 16.1
    alpha('companyName', 74, 103), // 17.1
    alpha('message1', 104, 143), // 18.1
    alpha('message2', 144, 183), // 19.1
    num('remittanceNumber', 184, 191), // 20.1
    date('recordedOn', 192, 199), // 21.1
    date('creditOn', 200, 207), // 22.1
    blank('cnab208', 208, 240), // 23.1
  ],
};

export const SEGMENT_P: RecordTable = {
  record: '3P',
  source: FEBRABAN_SOURCE,
  fields: [
    ...detailStart('P'),
    num('agency', 18, 22), // 08.3P
    alpha('agencyDigit', 23, 23), // 09.3P
    num('account', 24, 35), // 10.3P
    alpha('accountDigit', 36, 36), // 11.3P
    alpha('agencyAccountDigit', 37, 37), // 12.3P
    alpha('nossoNumero', 38, 57), // 13.3P Identificação do Título no Banco
    num('wallet', 58, 58), // 14.3P Código da Carteira (C006)
    num('registration', 59, 59), // 15.3P Forma de Cadastramento (C007)
    alpha('documentType', 60, 60), // 16.3P
    num('slipIssuer', 61, 61), // 17.3P Emissão do boleto (C009)
    alpha('slipDelivery', 62, 62), // 18.3P Distribuição (C010)
    alpha('documentNumber', 63, 77), // 19.3P Número do Documento (seu número)
    date('dueDate', 78, 85), // 20.3P
    amount('amount', 86, 100), // 21.3P
    num('collectingAgency', 101, 105), // 22.3P
    alpha('collectingAgencyDigit', 106, 106), // 23.3P
    num('species', 107, 108), // 24.3P Espécie do Título (C015)
    alpha('accepted', 109, 109), // 25.3P A / N
    date('issuedOn', 110, 117), // 26.3P
    num('interestCode', 118, 118), // 27.3P 1 valor por dia, 2 taxa mensal, 3 isento (C018)
    date('interestFrom', 119, 126), // 28.3P
    amount('interest', 127, 141), // 29.3P
    num('discount1Code', 142, 142), // 30.3P
    date('discount1Until', 143, 150), // 31.3P
    amount('discount1', 151, 165), // 32.3P
    amount('iof', 166, 180), // 33.3P
    amount('rebate', 181, 195), // 34.3P
    alpha('companyReference', 196, 220), // 35.3P Identificação do Título na Empresa
    num('protestCode', 221, 221), // 36.3P
    num('protestDays', 222, 223), // 37.3P
    num('writeOffCode', 224, 224), // 38.3P Código para Baixa/Devolução
    alpha('writeOffDays', 225, 227), // 39.3P
    num('currency', 228, 229, { default: '09' }), // 40.3P 09 = Real
    num('contract', 230, 239), // 41.3P
    alpha('partialPayment', 240, 240), // 42.3P
  ],
};

export const SEGMENT_Q: RecordTable = {
  record: '3Q',
  source: FEBRABAN_SOURCE,
  fields: [
    ...detailStart('Q'),
    num('payerDocumentType', 18, 18), // 08.3Q
    num('payerDocument', 19, 33), // 09.3Q
    alpha('payerName', 34, 73), // 10.3Q
    alpha('payerAddress', 74, 113), // 11.3Q
    alpha('payerDistrict', 114, 128), // 12.3Q
    num('payerPostalCode', 129, 133), // 13.3Q CEP
    num('payerPostalCodeSuffix', 134, 136), // 14.3Q
    alpha('payerCity', 137, 151), // 15.3Q
    alpha('payerState', 152, 153), // 16.3Q UF
    num('guarantorDocumentType', 154, 154), // 17.3Q Sacador/avalista
    num('guarantorDocument', 155, 169), // 18.3Q
    alpha('guarantorName', 170, 209), // 19.3Q
    num('correspondentBank', 210, 212), // 20.3Q
    alpha('correspondentNossoNumero', 213, 232), // 21.3Q
    blank('cnab233', 233, 240), // 22.3Q
  ],
};

export const SEGMENT_R: RecordTable = {
  record: '3R',
  source: FEBRABAN_SOURCE,
  fields: [
    ...detailStart('R'),
    num('discount2Code', 18, 18), // 08.3R
    date('discount2Until', 19, 26), // 09.3R
    amount('discount2', 27, 41), // 10.3R
    num('discount3Code', 42, 42), // 11.3R
    date('discount3Until', 43, 50), // 12.3R
    amount('discount3', 51, 65), // 13.3R
    alpha('fineCode', 66, 66), // 14.3R Código da Multa (G073): 0 none, 1 amount, 2 percent
    date('fineFrom', 67, 74), // 15.3R
    amount('fine', 75, 89), // 16.3R
    alpha('payerNote', 90, 99), // 17.3R
    alpha('message3', 100, 139), // 18.3R
    alpha('message4', 140, 179), // 19.3R
    blank('cnab180', 180, 199), // 20.3R
    num('payerOccurrence', 200, 207), // 21.3R
    num('debitBank', 208, 210), // 22.3R
    num('debitAgency', 211, 215), // 23.3R
    alpha('debitAgencyDigit', 216, 216), // 24.3R
    num('debitAccount', 217, 228), // 25.3R
    alpha('debitAccountDigit', 229, 229), // 26.3R
    alpha('debitAgencyAccountDigit', 230, 230), // 27.3R
    num('debitNotice', 231, 231), // 28.3R
    blank('cnab232', 232, 240), // 29.3R
  ],
};

export const SEGMENT_T: RecordTable = {
  record: '3T',
  source: FEBRABAN_SOURCE,
  fields: [
    ...detailStart('T'),
    num('agency', 18, 22), // 08.3T
    alpha('agencyDigit', 23, 23), // 09.3T
    num('account', 24, 35), // 10.3T
    alpha('accountDigit', 36, 36), // 11.3T
    alpha('agencyAccountDigit', 37, 37), // 12.3T
    alpha('nossoNumero', 38, 57), // 13.3T
    num('wallet', 58, 58), // 14.3T
    alpha('documentNumber', 59, 73), // 15.3T
    date('dueDate', 74, 81), // 16.3T
    amount('amount', 82, 96), // 17.3T
    num('collectingBank', 97, 99), // 18.3T
    num('collectingAgency', 100, 104), // 19.3T
    alpha('collectingAgencyDigit', 105, 105), // 20.3T
    alpha('companyReference', 106, 130), // 21.3T
    num('currency', 131, 132), // 22.3T
    num('payerDocumentType', 133, 133), // 23.3T
    num('payerDocument', 134, 148), // 24.3T
    alpha('payerName', 149, 188), // 25.3T
    num('contract', 189, 198), // 26.3T
    amount('fee', 199, 213), // 27.3T Valor da Tarifa / Custas
    alpha('reasons', 214, 223), // 28.3T Motivo da Ocorrência (C047), up to five codes of two
    blank('cnab224', 224, 240), // 29.3T
  ],
};

export const SEGMENT_U: RecordTable = {
  record: '3U',
  source: FEBRABAN_SOURCE,
  fields: [
    ...detailStart('U'),
    amount('lateCharges', 18, 32), // 08.3U Juros / Multa / Encargos
    amount('discount', 33, 47), // 09.3U
    amount('rebate', 48, 62), // 10.3U
    amount('iof', 63, 77), // 11.3U
    amount('paid', 78, 92), // 12.3U Valor Pago pelo Pagador
    amount('net', 93, 107), // 13.3U Valor Líquido a ser Creditado
    amount('otherExpenses', 108, 122), // 14.3U
    amount('otherCredits', 123, 137), // 15.3U
    date('occurredOn', 138, 145), // 16.3U Data da Ocorrência
    date('creditedOn', 146, 153), // 17.3U Data da Efetivação do Crédito
    alpha('payerOccurrence', 154, 157), // 18.3U
    alpha('payerOccurrenceOn', 158, 165), // 19.3U (Alfa in the manual: blank when there is none)
    amount('payerOccurrenceAmount', 166, 180), // 20.3U
    alpha('payerOccurrenceNote', 181, 210), // 21.3U
    num('correspondentBank', 211, 213), // 22.3U
    num('correspondentNossoNumero', 214, 233), // 23.3U
    blank('cnab234', 234, 240), // 24.3U
  ],
};

export const LOT_TRAILER: RecordTable = {
  record: '5',
  source: FEBRABAN_SOURCE,
  fields: [
    ...control('5'),
    blank('cnab9', 9, 17), // 04.5
    num('recordCount', 18, 23), // 05.5 header, details and trailer of the lot
    num('simpleCount', 24, 29), // 06.5 Cobrança Simples
    amount('simpleTotal', 30, 46), // 07.5
    num('securedCount', 47, 52), // 08.5 Vinculada
    amount('securedTotal', 53, 69), // 09.5
    num('pledgedCount', 70, 75), // 10.5 Caucionada
    amount('pledgedTotal', 76, 92), // 11.5
    num('discountedCount', 93, 98), // 12.5 Descontada
    amount('discountedTotal', 99, 115), // 13.5
    alpha('noticeNumber', 116, 123), // 14.5
    blank('cnab124', 124, 240), // 15.5
  ],
};

export const FILE_TRAILER: RecordTable = {
  record: '9',
  source: FEBRABAN_SOURCE,
  fields: [
    ...control('9', '9999'),
    blank('cnab9', 9, 17), // 04.9
    num('lotCount', 18, 23), // 05.9
    num('recordCount', 24, 29), // 06.9 every line of the file
    num('reconciliationAccounts', 30, 35), // 07.9
    blank('cnab36', 36, 240), // 08.9
  ],
};

export const FEBRABAN_TABLES = {
  fileHeader: FILE_HEADER,
  lotHeader: LOT_HEADER,
  segmentP: SEGMENT_P,
  segmentQ: SEGMENT_Q,
  segmentR: SEGMENT_R,
  segmentT: SEGMENT_T,
  segmentU: SEGMENT_U,
  lotTrailer: LOT_TRAILER,
  fileTrailer: FILE_TRAILER,
} as const;

export type CnabTables = { readonly [K in keyof typeof FEBRABAN_TABLES]: RecordTable };
