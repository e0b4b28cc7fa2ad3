/**
 * What the codes of a remittance and a return mean to the back office.
 *
 * Remittance (FEBRABAN C004, the same at BB, Caixa and Itaú for the three we
 * send): 01 entrada de títulos, 02 pedido de baixa, 06 alteração de vencimento.
 * Late charges: P 27.3P código de juros (1 valor por dia, 2 taxa mensal,
 * 3 isento — C018) and R 14.3R código da multa (0 isento, 1 valor fixo,
 * 2 percentual — G073).
 */
import type { CnabBank } from './bank-tables';
import {
  CAIXA_PAYMENT_FORMS,
  CAIXA_REJECTION_REASONS,
  CAIXA_SETTLEMENT_CHANNELS,
  CAIXA_TARIFF_REASONS,
  FEBRABAN_MOVEMENTS,
  FEBRABAN_REJECTION_REASONS,
  FEBRABAN_SETTLEMENT_REASONS,
  FEBRABAN_TARIFF_REASONS,
  ITAU_ENTRY_REJECTION_REASONS,
  ITAU_MOVEMENTS,
} from './code-tables';

export type RemittanceInstruction = 'entry' | 'writeOff' | 'dueDateChange';

export const INSTRUCTION_CODES: Readonly<Record<RemittanceInstruction, string>> = {
  entry: '01',
  writeOff: '02',
  dueDateChange: '06',
};

export const INTEREST_CODES = { dailyAmount: '1', monthlyRate: '2', exempt: '3' } as const;
export const FINE_CODES = { none: '0', amount: '1', percent: '2' } as const;

/**
 * The return movement "entrada rejeitada": the bank refused to register the
 * title (FEBRABAN C044 and Itaú's own table both use 03), so it holds no
 * title under that nosso número and the entry may go out again. The other
 * rejections (26, 30; Itaú 15–17, 60) refuse an instruction about a title the
 * bank does hold.
 */
export const ENTRY_REJECTED_MOVEMENT = '03';
/** The kind every bank's table below gives ENTRY_REJECTED_MOVEMENT. */
export const ENTRY_REJECTED_KIND: MovementKind = 'rejected';

/** How the back office treats a returned line. */
export type MovementKind = 'settled' | 'entryConfirmed' | 'rejected' | 'writtenOff' | 'other';

const FEBRABAN_KINDS: Readonly<Record<string, MovementKind>> = {
  '02': 'entryConfirmed',
  '03': 'rejected',
  '06': 'settled',
  '09': 'writtenOff',
  '17': 'settled',
  '25': 'writtenOff',
  '26': 'rejected',
  '30': 'rejected',
};

const ITAU_KINDS: Readonly<Record<string, MovementKind>> = {
  '02': 'entryConfirmed',
  '03': 'rejected',
  '06': 'settled',
  '08': 'settled',
  '09': 'writtenOff',
  // 10 "baixa por ter sido liquidado" follows the 06 that carried the money; it moves none itself.
  '10': 'writtenOff',
  '15': 'rejected',
  '16': 'rejected',
  '17': 'rejected',
  '32': 'writtenOff',
  '60': 'rejected',
};

export function movementKind(bank: CnabBank, code: string): MovementKind {
  return (bank === '341' ? ITAU_KINDS : FEBRABAN_KINDS)[code] ?? 'other';
}

export function movementWords(bank: CnabBank, code: string): string {
  return (bank === '341' ? ITAU_MOVEMENTS : FEBRABAN_MOVEMENTS)[code] ?? `Movimento ${code} (código não catalogado)`;
}

export interface Reason {
  readonly code: string;
  readonly words: string;
}

/** The reason codes of a T segment (pairs of characters) in words, by the table the bank and the movement point to. */
export function reasonsInWords(bank: CnabBank, movement: string, reasons: string): Reason[] {
  const pairs = (reasons.match(/.{1,2}/g) ?? []).map((c) => c.trim());
  const settlement = ['06', '09', '17'].includes(movement);
  if (bank === '104' && settlement) return caixaSettlementDetail(pairs);
  const table = reasonTable(bank, movement, settlement);
  return pairs
    .filter((code) => code !== '' && code !== '00')
    .map((code) => ({ code, words: table?.[code] ?? `Motivo ${code} (código não catalogado)` }));
}

function reasonTable(bank: CnabBank, movement: string, settlement: boolean): Readonly<Record<string, string>> | null {
  if (bank === '341') return movement === '03' ? ITAU_ENTRY_REJECTION_REASONS : null;
  const rejection = ['02', '03', '26', '30'].includes(movement);
  if (bank === '104') return rejection ? CAIXA_REJECTION_REASONS : movement === '28' ? CAIXA_TARIFF_REASONS : null;
  if (rejection) return FEBRABAN_REJECTION_REASONS;
  if (movement === '28') return FEBRABAN_TARIFF_REASONS;
  return settlement ? FEBRABAN_SETTLEMENT_REASONS : null;
}

/** Caixa's 214–219 on a settlement or write-off: channel, form of payment, float in days. */
function caixaSettlementDetail([channel = '', form = '', float = '']: string[]): Reason[] {
  const detail: Reason[] = [];
  if (channel !== '' && channel !== '00') detail.push({ code: channel, words: CAIXA_SETTLEMENT_CHANNELS[channel] ?? `Canal ${channel} (código não catalogado)` });
  if (form !== '' && form !== '00') detail.push({ code: form, words: CAIXA_PAYMENT_FORMS[form] ?? `Forma ${form} (código não catalogada)` });
  if (/^\d\d$/.test(float)) detail.push({ code: float, words: `Float de ${Number(float)} dia(s)` });
  return detail;
}
