/**
 * The reminders' pure rules: which due dates a rule picks on a date, working hours on São Paulo's clock and the bank
 * calendar, the messages with their missing lines left out, and the settings' validation. Instants are written in
 * UTC; nothing here reads the machine's clock or time zone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../src/server/domain/servicing/business-days';
import { brDate, dueDateFor, offsetsOn, renderReminder, saoPauloWallClock, withinWorkingHours, type ReminderValues } from '../../../../src/server/areas/reminders/rules';
import { DEFAULT_REMINDER_RULES, REMINDER_OFFSET_MAX, REMINDER_OFFSET_MIN, reminderSettingsInputSchema } from '../../../../src/shared/reminders';

const HOURS = { start: '08:00', end: '20:00' };
const days = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
const offsets = fc.integer({ min: REMINDER_OFFSET_MIN, max: REMINDER_OFFSET_MAX });

describe('which installments a rule picks', () => {
  it('picks, on 03/03/2026, the due dates of the default rules', () => {
    expect(DEFAULT_REMINDER_RULES.map((r) => [r.offset_days, dueDateFor('2026-03-03', r.offset_days)])).toEqual([
      [-5, '2026-03-08'],
      [0, '2026-03-03'],
      [1, '2026-03-02'],
      [7, '2026-02-24'],
      [15, '2026-02-16'],
    ]);
    expect(offsetsOn('2026-03-08', '2026-03-03', DEFAULT_REMINDER_RULES)).toEqual([-5]);
    expect(offsetsOn('2026-03-05', '2026-03-03', DEFAULT_REMINDER_RULES)).toEqual([]);
  });

  it('crosses months and leap days by calendar days', () => {
    expect(dueDateFor('2028-03-01', 1)).toBe('2028-02-29');
    expect(dueDateFor('2026-12-28', -5)).toBe('2027-01-02');
  });

  it('property: an installment is picked on a date exactly by the offsets that lead from its due date to that date', () => {
    fc.assert(
      fc.property(days, fc.uniqueArray(offsets, { minLength: 1, maxLength: 8 }), offsets, (date, ruleOffsets, probe) => {
        const rules = ruleOffsets.map((offset_days) => ({ offset_days, channels: ['email' as const] }));
        const due = addDays(date, -probe);
        const picked = offsetsOn(due, date, rules);
        expect(picked).toEqual(ruleOffsets.includes(probe) ? [probe] : []);
        for (const o of ruleOffsets) expect(offsetsOn(dueDateFor(date, o), date, rules)).toEqual([o]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('working hours', () => {
  it('São Paulo wall clock is UTC−3, whatever the machine', () => {
    expect(saoPauloWallClock(new Date('2026-03-04T11:00:00Z'))).toEqual({ day: '2026-03-04', time: '08:00' });
    expect(saoPauloWallClock(new Date('2026-03-04T02:30:00Z'))).toEqual({ day: '2026-03-03', time: '23:30' });
  });

  it.each([
    ['2026-03-04T10:59:00Z', false, 'Wednesday 07:59'],
    ['2026-03-04T11:00:00Z', true, 'Wednesday 08:00'],
    ['2026-03-04T22:59:00Z', true, 'Wednesday 19:59'],
    ['2026-03-04T23:00:00Z', false, 'Wednesday 20:00 (the end is exclusive)'],
    ['2026-03-07T15:00:00Z', false, 'Saturday noon'],
    ['2026-03-08T15:00:00Z', false, 'Sunday noon'],
    ['2026-04-21T15:00:00Z', false, 'Tiradentes (national holiday) noon'],
    ['2026-02-17T15:00:00Z', false, 'Carnival Tuesday noon (bank holiday)'],
  ])('%s is %s (%s)', (instant, expected) => {
    expect(withinWorkingHours(new Date(instant), HOURS)).toBe(expected);
  });

  it('property: within hours only on a business day, between start and end of the São Paulo clock', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }), fc.integer({ min: 0, max: 22 }), fc.integer({ min: 1, max: 23 }), (ms, a, b) => {
        fc.pre(a < b);
        const hours = { start: `${String(a).padStart(2, '0')}:00`, end: `${String(b).padStart(2, '0')}:00` };
        const instant = new Date(ms);
        const local = new Date(ms - 3 * 3600_000);
        const time = local.toISOString().slice(11, 16);
        const within = withinWorkingHours(instant, hours);
        if (within) expect(time >= hours.start && time < hours.end).toBe(true);
        if (time < hours.start || time >= hours.end) expect(within).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('messages', () => {
  const base: ReminderValues = { name: 'Ana Souza', amount: '1234.50', dueDate: '2026-03-08', installmentNumber: 2, offsetDays: -5, companyName: 'Credora', digitableLine: null, pixCode: null };

  it('an e-mail before the due date names the borrower, amount and date, without the lines it has no value for', () => {
    const m = renderReminder('email', base);
    expect(m.subject).toBe('Lembrete: parcela 2 vence em 08/03/2026');
    expect(m.body).toContain('Olá, Ana Souza.');
    expect(m.body).toContain('Valor: R$ 1.234,50');
    expect(m.body).toContain('Vencimento: 08/03/2026');
    expect(m.body).not.toMatch(/Linha digitável|Pix|undefined|null/);
    expect(m.body.endsWith('Credora')).toBe(true);
  });

  it('carries the digitable line and the Pix code when they exist', () => {
    const m = renderReminder('email', { ...base, offsetDays: 7, digitableLine: '34191.79001 01043.510047 91020.150008 1 84410026000', pixCode: '00020126...6304ABCD' });
    expect(m.subject).toBe('Lembrete: parcela 2 em aberto desde 08/03/2026');
    expect(m.body).toContain('Linha digitável do boleto: 34191.79001 01043.510047 91020.150008 1 84410026000');
    expect(m.body).toContain('Pix copia e cola: 00020126...6304ABCD');
  });

  it('an SMS is one line, on the day', () => {
    const m = renderReminder('sms', { ...base, offsetDays: 0, companyName: null });
    expect(m.body).toBe('Olá, Ana Souza. A parcela 2 do seu financiamento vence hoje, 08/03/2026. Valor: R$ 1.234,50.');
    expect(m.body).not.toContain('\n');
  });

  it('property: never prints undefined or null, nor a blank line twice, whatever is missing', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ minLength: 1, maxLength: 30 })), fc.option(fc.string({ minLength: 1, maxLength: 60 })), offsets, (line, pix, offset) => {
        for (const channel of ['email', 'sms'] as const) {
          const m = renderReminder(channel, { ...base, offsetDays: offset, digitableLine: line, pixCode: pix, companyName: null });
          expect(m.body).not.toMatch(/undefined|\bnull\b|\n\n\n/);
          expect(m.body.includes('Linha digitável')).toBe(Boolean(line?.trim()));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('writes a calendar day as dd/MM/yyyy without a time zone', () => {
    expect(brDate('2026-01-01')).toBe('01/01/2026');
  });
});

describe('settings validation', () => {
  const ok = { rules: [{ offset_days: -5, channels: ['email', 'sms'] }], hours_start: '08:00', hours_end: '20:00' };
  it('accepts the defaults and refuses offsets out of range, duplicates, no channel and hours backwards', () => {
    expect(reminderSettingsInputSchema.safeParse(ok).success).toBe(true);
    expect(reminderSettingsInputSchema.safeParse({ ...ok, rules: DEFAULT_REMINDER_RULES }).success).toBe(true);
    const refused = (v: unknown) => reminderSettingsInputSchema.safeParse(v).error?.issues.map((i) => i.path.join('.'));
    expect(refused({ ...ok, rules: [{ offset_days: -31, channels: ['email'] }] })).toEqual(['rules.0.offset_days']);
    expect(refused({ ...ok, rules: [{ offset_days: 91, channels: ['email'] }] })).toEqual(['rules.0.offset_days']);
    expect(refused({ ...ok, rules: [{ offset_days: 1.5, channels: ['email'] }] })).toEqual(['rules.0.offset_days']);
    expect(refused({ ...ok, rules: [{ offset_days: 3, channels: ['email'] }, { offset_days: 3, channels: ['sms'] }] })).toEqual(['rules.1.offset_days']);
    expect(refused({ ...ok, rules: [{ offset_days: 3, channels: [] }] })).toEqual(['rules.0.channels']);
    expect(refused({ ...ok, rules: [{ offset_days: 3, channels: ['sms', 'sms'] }] })).toEqual(['rules.0.channels']);
    expect(refused({ ...ok, hours_start: '20:00', hours_end: '20:00' })).toEqual(['hours_end']);
    expect(refused({ ...ok, hours_start: '24:00' })).toEqual(['hours_start']);
  });
});
