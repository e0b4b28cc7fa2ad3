import { describe, expect, it } from 'vitest';
import { DOCUMENT_SLOT_NUMBERS, DOCUMENT_SLOTS, documentSlot, requiredDocumentSlots, SOLICITATION_FILTERS, SOLICITATION_SORTS } from '../../../src/shared/contract/solicitations';
import { isListFieldName } from '../../../src/shared/query';

describe('document slot catalogue (spec document slots)', () => {
  it('holds the spec slots 1, 3–12, 14, 15 once each, with distinct meaning keys', () => {
    expect(DOCUMENT_SLOT_NUMBERS).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15]);
    expect(new Set(DOCUMENT_SLOTS.map((s) => s.key)).size).toBe(DOCUMENT_SLOTS.length);
    expect(documentSlot(2)).toBeUndefined();
    expect(documentSlot(13)).toBeUndefined();
    expect(documentSlot(15)?.key).toBe('foreignRnm');
  });

  it('asks each kind of applicant for its own list', () => {
    expect(requiredDocumentSlots('PF', false)).toEqual([5, 6, 7, 8, 9, 12]);
    expect(requiredDocumentSlots('PJ', false)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // foreigners: RNM/protocol and the business photo replace CPF, ID card and the company photos
    expect(requiredDocumentSlots('PF', true)).toEqual([8, 9, 12, 14, 15]);
    expect(requiredDocumentSlots('PJ', true)).toEqual([1, 8, 9, 10, 11, 12, 14, 15]);
  });

  it('declares filters and sorts the list encoding accepts', () => {
    for (const name of [...SOLICITATION_FILTERS, ...SOLICITATION_SORTS]) expect(isListFieldName(name), name).toBe(true);
  });
});
