/**
 * The sandbox negativação provider: answers from its input alone, so tests and the demo never wait on a clock.
 *
 * - submit: the protocol is a digest of the reference and the day (the same debt sent the same day gets the same one).
 * - standing: the bureau mails the notice on the business day after it receives the debt (CDC art. 43 §2; STJ
 *   Súmula 359: the bureau notifies, before the inclusion), and the debt becomes visible ten calendar days after
 *   the notice (the window the bureaus give the debtor to pay or contest; the law sets no number of days).
 * - remove: accepted, except for SANDBOX_REMOVAL_FAILS_CPF, which answers as an unreachable bureau (so a removal can
 *   be seen waiting past its deadline, as in the bureaus' homologation environments).
 */
import { createHash } from 'node:crypto';
import { completeCpf } from '@shared/documents';
import { addBusinessDays, addDays } from '../../domain/servicing/business-days';
import { NegativationProviderError, type NegativationProvider, type NegativationStanding, type NegativationSubmission } from './provider-interface';

/** 999.999.003-xx (digits only): the sandbox refuses to remove this debtor's records (unreachable). */
export const SANDBOX_REMOVAL_FAILS_CPF = completeCpf('999999003');

/** Calendar days between the notice and the inclusion. */
export const SANDBOX_NOTICE_DAYS = 10;

export function createSandboxNegativationProvider(): NegativationProvider {
  const debtors = new Map<string, string>();
  return {
    name: 'sandbox',
    async submit(submission: NegativationSubmission) {
      const protocol = `SBX-${createHash('sha256').update(`${submission.reference}:${submission.date}`).digest('hex').slice(0, 12).toUpperCase()}`;
      debtors.set(protocol, submission.document);
      return { protocol };
    },
    async standing(_protocol: string, submittedOn: string, date: string): Promise<NegativationStanding> {
      const notifiedOn = addBusinessDays(submittedOn, 1);
      const activeOn = addDays(notifiedOn, SANDBOX_NOTICE_DAYS);
      return { notifiedOn: notifiedOn <= date ? notifiedOn : null, activeOn: activeOn <= date ? activeOn : null };
    },
    async remove(protocol: string) {
      if (debtors.get(protocol) === SANDBOX_REMOVAL_FAILS_CPF) throw new NegativationProviderError('birô indisponível (sandbox)');
    },
  };
}
