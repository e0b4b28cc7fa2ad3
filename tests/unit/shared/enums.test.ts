/** The code lists are declared once: the contract's names are the same arrays, not copies. */
import { describe, expect, it } from 'vitest';
import * as enums from '../../../src/shared/enums';
import { APPROVAL_STATUSES } from '../../../src/shared/contract/approvals';
import { PERSON_TYPES } from '../../../src/shared/contract/borrowers';
import { CONTRACT_KINDS, IOF_PERSON_TYPES } from '../../../src/shared/contract/company';
import { AMORTIZATION_SYSTEMS, PAYMENT_METHODS } from '../../../src/shared/contract/credit-operations';
import { LGPD_CHANNELS, LGPD_STATUSES } from '../../../src/shared/contract/lgpd';
import { BROADCAST_RECIPIENT_STATUSES, MESSAGE_CHANNELS } from '../../../src/shared/contract/messages';
import { TYPE_CREDITS } from '../../../src/shared/contract/solicitations';
import { SOLICITATION_STATUSES } from '../../../src/shared/solicitation-status';

describe('shared enumerations', () => {
  it('the contract re-exports the lists of enums.ts under their old names', () => {
    expect(APPROVAL_STATUSES).toBe(enums.APPROVAL_STATUSES);
    expect(PERSON_TYPES).toBe(enums.PERSON_TYPES);
    expect(TYPE_CREDITS).toBe(enums.PERSON_TYPES);
    expect(CONTRACT_KINDS).toBe(enums.CONTRACT_KINDS);
    expect(IOF_PERSON_TYPES).toBe(enums.IOF_PERSON_TYPES);
    expect(AMORTIZATION_SYSTEMS).toBe(enums.AMORTIZATION_SYSTEMS);
    expect(PAYMENT_METHODS).toBe(enums.PAYMENT_METHODS);
    expect(LGPD_CHANNELS).toBe(enums.LGPD_CHANNELS);
    expect(LGPD_STATUSES).toBe(enums.LGPD_STATUSES);
    expect(MESSAGE_CHANNELS).toBe(enums.MESSAGE_CHANNELS);
    expect(BROADCAST_RECIPIENT_STATUSES).toBe(enums.BROADCAST_RECIPIENT_STATUSES);
    expect(SOLICITATION_STATUSES).toBe(enums.SOLICITATION_STATUSES);
  });

  it('every list is non-empty and has no code twice', () => {
    const lists = Object.entries(enums as Record<string, unknown>).filter(([, v]) => Array.isArray(v)) as Array<[string, string[]]>;
    expect(lists.length).toBeGreaterThanOrEqual(17);
    for (const [name, list] of lists) {
      expect(list.length, name).toBeGreaterThan(0);
      expect(new Set(list).size, name).toBe(list.length);
    }
  });

  it('isOneOf accepts the codes of a list only', () => {
    expect(enums.isOneOf(enums.GUARANTEE_KINDS, 'vehicle')).toBe(true);
    expect(enums.isOneOf(enums.GUARANTEE_KINDS, 'Vehicle')).toBe(false);
    expect(enums.isOneOf(enums.GUARANTEE_KINDS, 'toString')).toBe(false);
    expect(enums.isOneOf(enums.GUARANTEE_KINDS, ['vehicle'])).toBe(false);
    expect(enums.isOneOf(enums.GUARANTEE_KINDS, null)).toBe(false);
  });
});
