/** The designed solicitation workflow (src/shared/solicitation-status.ts): what a credit analyst may and may not do. */
import { describe, expect, it } from 'vitest';
import {
  canTransition,
  FINAL_STATUSES,
  isSolicitationStatus,
  nextStatuses,
  OPEN_STATUSES,
  SOLICITATION_STATUSES,
} from '../../../src/shared/solicitation-status';

describe('solicitation status workflow', () => {
  it('takes a solicitation from received to contracted through review and approval', () => {
    expect(canTransition('pending', 'in_review')).toBe(true);
    expect(canTransition('in_review', 'documents_requested')).toBe(true);
    expect(canTransition('documents_requested', 'in_review')).toBe(true);
    expect(canTransition('in_review', 'approved')).toBe(true);
    expect(canTransition('approved', 'contracted')).toBe(true);
  });

  it('never approves without review and never skips approval on the way to a contract', () => {
    expect(canTransition('pending', 'approved')).toBe(false);
    expect(canTransition('documents_requested', 'approved')).toBe(false);
    expect(canTransition('in_review', 'contracted')).toBe(false);
    expect(canTransition('pending', 'contracted')).toBe(false);
  });

  it('keeps final decisions final', () => {
    for (const final of FINAL_STATUSES) {
      expect(nextStatuses(final)).toEqual([]);
      for (const to of SOLICITATION_STATUSES) expect(canTransition(final, to)).toBe(false);
    }
  });

  it('does not count staying in the same status as a transition', () => {
    for (const status of SOLICITATION_STATUSES) expect(canTransition(status, status)).toBe(false);
  });

  it('lets every open solicitation be refused or cancelled', () => {
    for (const open of OPEN_STATUSES) {
      expect(canTransition(open, 'refused')).toBe(true);
      expect(canTransition(open, 'cancelled')).toBe(true);
    }
    expect(canTransition('approved', 'refused')).toBe(false);
    expect(canTransition('approved', 'cancelled')).toBe(true);
  });

  it('recognises only the declared codes', () => {
    expect(isSolicitationStatus('in_review')).toBe(true);
    for (const bad of ['PENDING', 'aprovada', '', 'constructor', 1, null, undefined]) expect(isSolicitationStatus(bad)).toBe(false);
  });
});
