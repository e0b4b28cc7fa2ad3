/**
 * One bank per title, the pure rules of bank-files: where a slip's title
 * stands at its bank as the remittances and return files say
 * (registrationState), and which entries a remittance holds back because the
 * installment's title is live at another bank (heldBack).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIVE_REGISTRATION_STATES, registrationState, type RegistrationFacts } from '../../../../src/server/areas/bank-files/registered-title';
import { heldBack } from '../../../../src/server/areas/bank-files/remittance';
import { RETURN_MOVEMENT_KINDS } from '../../../../src/shared/enums';

const at = (iso: string) => new Date(iso);
const base: RegistrationFacts = { issued_on: '2026-01-15', sent_on: null, sent_at: null, write_off_on: null, last: null, continued: false };

describe('registrationState', () => {
  it('issued until a file carries it; sent from the file’s day; confirmed from the bank’s day', () => {
    expect(registrationState(base)).toEqual({ state: 'issued', since: '2026-01-15' });
    const sent = { ...base, sent_on: '2026-01-20', sent_at: at('2026-01-20T12:00:00Z') };
    expect(registrationState(sent)).toEqual({ state: 'sent', since: '2026-01-20' });
    expect(registrationState({ ...sent, last: { kind: 'entryConfirmed', day: '2026-01-21', at: at('2026-01-22T09:00:00Z') } })).toEqual({ state: 'confirmed', since: '2026-01-21' });
  });

  it('rejected only when the bank said so after the latest entry went out (a resend is sent again)', () => {
    const rejected = { ...base, sent_on: '2026-01-20', sent_at: at('2026-01-20T12:00:00Z'), last: { kind: 'rejected' as const, day: '2026-01-21', at: at('2026-01-21T09:00:00Z') } };
    expect(registrationState(rejected)).toEqual({ state: 'rejected', since: '2026-01-21' });
    expect(registrationState({ ...rejected, sent_on: '2026-01-22', sent_at: at('2026-01-22T12:00:00Z') })).toEqual({ state: 'sent', since: '2026-01-22' });
  });

  it('the baixa sent ends the registration; the bank settling or writing off says so from its day', () => {
    const sent = { ...base, sent_on: '2026-01-20', sent_at: at('2026-01-20T12:00:00Z'), last: { kind: 'entryConfirmed' as const, day: '2026-01-21', at: at('2026-01-21T09:00:00Z') } };
    expect(registrationState({ ...sent, write_off_on: '2026-01-25' })).toEqual({ state: 'write_off_sent', since: '2026-01-25' });
    expect(registrationState({ ...sent, write_off_on: '2026-01-25', last: { kind: 'writtenOff', day: '2026-01-26', at: at('2026-01-26T09:00:00Z') } })).toEqual({ state: 'written_off', since: '2026-01-26' });
    expect(registrationState({ ...sent, last: { kind: 'settled', day: '2026-01-23', at: at('2026-01-23T09:00:00Z') } })).toEqual({ state: 'settled', since: '2026-01-23' });
    expect(registrationState({ ...sent, continued: true })).toEqual({ state: 'moved', since: '2026-01-20' });
  });

  it('property: a title is live (sent or confirmed) only when sent, without a baixa, not moved on and not closed or rejected since', () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`);
    const moment = fc.integer({ min: 0, max: 1_000_000 }).map((n) => new Date(Date.UTC(2026, 1, 1) + n * 60_000));
    const facts: fc.Arbitrary<RegistrationFacts> = fc.record({
      issued_on: day,
      sent: fc.option(fc.tuple(day, moment), { nil: null }),
      write_off_on: fc.option(day, { nil: null }),
      last: fc.option(fc.record({ kind: fc.constantFrom(...RETURN_MOVEMENT_KINDS), day, at: moment }), { nil: null }),
      continued: fc.boolean(),
    }).map(({ sent, ...f }) => ({ ...f, sent_on: sent?.[0] ?? null, sent_at: sent?.[1] ?? null }));
    fc.assert(
      fc.property(facts, (f) => {
        const live = LIVE_REGISTRATION_STATES.includes(registrationState(f).state);
        const closed = f.last !== null && ['settled', 'writtenOff'].includes(f.last.kind);
        const rejectedSince = f.last !== null && f.last.kind === 'rejected' && f.sent_at !== null && f.last.at > f.sent_at;
        expect(live).toBe(f.sent_on !== null && f.write_off_on === null && !f.continued && !closed && !rejectedSince);
      }),
    );
  });
});

describe('heldBack', () => {
  it('holds back only an entry (not a baixa, not a 06) whose installment has a live title elsewhere', () => {
    expect(heldBack({ sent: false, moved_from_bank: false, held_by: 7 })).toBe(true);
    expect(heldBack({ sent: false, moved_from_bank: false, held_by: null })).toBe(false);
    expect(heldBack({ sent: true, moved_from_bank: false, held_by: 7 })).toBe(false);
    expect(heldBack({ sent: false, moved_from_bank: true, held_by: 7 })).toBe(false);
  });
});
