/**
 * What a negativação provider (a credit bureau's inclusion service) is: what it is sent, what it answers and the
 * error it fails with. Providers (sandbox.ts, a real bureau later) depend on this file alone, so provider.ts can
 * choose among them without the two importing each other.
 */

export interface NegativationSubmission {
  /** CPF (11 digits) or CNPJ (14 characters), without mask */
  document: string;
  name: string;
  /** where the bureau mails the prior notice (CDC art. 43 §2) */
  address: { cep: string; street: string; number: string | null; complement: string | null; city: string; state: string };
  /** the creditor's reference of the debt: the installment */
  reference: string;
  amount: string;
  dueDate: string;
  /** the business date it is sent on */
  date: string;
}

/** Where the bureau's record stands on a date: the day it mailed the notice, the day the debt became visible. */
export interface NegativationStanding {
  notifiedOn: string | null;
  activeOn: string | null;
}

export interface NegativationProvider {
  /** stored in negativation_records.provider */
  readonly name: string;
  /** Sends a debt; answers the bureau's protocol. Rejects with NegativationProviderError. */
  submit(submission: NegativationSubmission): Promise<{ protocol: string }>;
  /** How the record of `protocol`, sent on `submittedOn`, stands on `date`. */
  standing(protocol: string, submittedOn: string, date: string): Promise<NegativationStanding>;
  /** Asks the bureau to remove the record (the debt was paid or left collection). */
  remove(protocol: string, date: string): Promise<void>;
}

/** The provider could not do what it was asked (unreachable, refused). */
export class NegativationProviderError extends Error {}
