/**
 * The reminders' pure rules (no database): which installments a rule picks on
 * a date, whether an instant is within working hours, and the messages.
 *
 * - A rule of offset n picks, on date d, the installments due on d − n
 *   (calendar days: −5 is five days before the due date, +7 seven days after).
 *   The due date is the printed one; a due date on a weekend is still reminded
 *   on the calendar day the offset gives, and the message waits for working
 *   hours if that day is not a business day.
 * - Working hours are São Paulo's wall clock (America/Sao_Paulo, LENDER_ZONE) on
 *   a business day of the bank calendar (domain/servicing/business-days.ts:
 *   national holidays, Resolução CMN 4.880/2020 for the bank calendar), from
 *   the start inclusive to the end exclusive.
 * - A placeholder with no value (no boleto, no Pix charge) takes its whole line
 *   out of the message; nothing prints "undefined".
 */
import { formatCurrency } from '@shared/format';
import type { ReminderChannel, ReminderRule } from '@shared/reminders';
import { addDays, isBusinessDay } from '../../domain/servicing/business-days';
import { LENDER_ZONE } from '../../platform/clock';

/** The due date a rule of `offset` days picks on `date`. */
export function dueDateFor(date: string, offset: number): string {
  return addDays(date, -offset);
}

/** The offsets (of the rules) whose reminder for an installment due on `dueDate` falls on `date`. */
export function offsetsOn(dueDate: string, date: string, rules: readonly ReminderRule[]): number[] {
  return rules.filter((r) => addDays(dueDate, r.offset_days) === date).map((r) => r.offset_days);
}

let clockFormat: Intl.DateTimeFormat | null = null;

/** The São Paulo calendar day and wall-clock time ('HH:MM') of an instant. */
export function saoPauloWallClock(instant: Date): { day: string; time: string } {
  clockFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: LENDER_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = clockFormat.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { day: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** Whether a message may go at this instant: a business day, start ≤ time < end (São Paulo). */
export function withinWorkingHours(instant: Date, hours: { start: string; end: string }): boolean {
  const { day, time } = saoPauloWallClock(instant);
  return isBusinessDay(day) && time >= hours.start && time < hours.end;
}

export interface ReminderValues {
  name: string;
  amount: string;
  dueDate: string;
  installmentNumber: number;
  offsetDays: number;
  companyName: string | null;
  digitableLine: string | null;
  pixCode: string | null;
}

/** 'YYYY-MM-DD' as dd/MM/yyyy, never through a time zone. */
export function brDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

type Line = readonly [text: string, ...needs: Array<keyof ReminderValues>];

function lead(v: ReminderValues): string {
  if (v.offsetDays < 0) return `Lembramos que a parcela ${v.installmentNumber} do seu financiamento vence em {vencimento}.`;
  if (v.offsetDays === 0) return `A parcela ${v.installmentNumber} do seu financiamento vence hoje, {vencimento}.`;
  return `A parcela ${v.installmentNumber} do seu financiamento venceu em {vencimento} e consta em aberto.`;
}

/** The templates (Portuguese): each line names the values it needs; a line whose value is missing is left out. */
function emailLines(v: ReminderValues): Line[] {
  return [
    ['Olá, {nome}.', 'name'],
    [''],
    [lead(v), 'dueDate'],
    ['Valor: {valor}', 'amount'],
    ['Vencimento: {vencimento}', 'dueDate'],
    ['Linha digitável do boleto: {linha}', 'digitableLine'],
    ['Pix copia e cola: {pix}', 'pixCode'],
    [''],
    ['Se o pagamento já foi feito, desconsidere esta mensagem.'],
    ['{empresa}', 'companyName'],
  ];
}

function smsLines(v: ReminderValues): Line[] {
  return [
    ['{empresa}:', 'companyName'],
    [`Olá, {nome}. ${lead(v)} Valor: {valor}.`, 'name', 'amount', 'dueDate'],
    ['Linha digitável: {linha}', 'digitableLine'],
    ['Pix: {pix}', 'pixCode'],
  ];
}

function fill(lines: readonly Line[], v: ReminderValues): string {
  const values: Record<string, string | null> = {
    nome: v.name.trim() || null,
    valor: v.amount ? formatCurrency(v.amount) : null,
    vencimento: v.dueDate ? brDate(v.dueDate) : null,
    linha: v.digitableLine?.trim() || null,
    pix: v.pixCode?.trim() || null,
    empresa: v.companyName?.trim() || null,
  };
  const present = (key: keyof ReminderValues) => {
    const value = v[key];
    return value !== null && value !== undefined && String(value).trim() !== '';
  };
  const out: string[] = [];
  for (const [text, ...needs] of lines) {
    if (!needs.every(present)) continue;
    out.push(text.replace(/\{(\w+)\}/g, (_m, key: string) => values[key] ?? ''));
  }
  // No blank line at either end, nor two in a row, whatever was left out.
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface RenderedReminder {
  subject: string;
  body: string;
}

export function renderReminder(channel: ReminderChannel, v: ReminderValues): RenderedReminder {
  if (channel === 'sms') return { subject: '', body: fill(smsLines(v), v).replace(/\n/g, ' ') };
  const when = v.offsetDays < 0 ? `vence em ${brDate(v.dueDate)}` : v.offsetDays === 0 ? 'vence hoje' : `em aberto desde ${brDate(v.dueDate)}`;
  return { subject: `Lembrete: parcela ${v.installmentNumber} ${when}`, body: fill(emailLines(v), v) };
}
