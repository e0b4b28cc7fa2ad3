/**
 * The SCR's Doc 3040 (Central Bank credit information system): the monthly
 * XML of the lender's credit operations at a data-base month, built from
 * the month's close (stage, portfolio, provision, days late, balance) and the
 * operations' schedules, borrowers, guarantees and cessions.
 *
 * Design choices:
 * - `check` runs every offline rule (src/server/domain/scr3040/checks.ts,
 *   each with its source) over the whole month and answers the failures by
 *   client and operation, with how many parts the file has; it writes the
 *   activity log (who checked which month and what failed).
 * - `file` is one part of the document, streamed by the server as it is
 *   written and saved to disk by the main process (files.download), one call
 *   per part (Parte 1…n). Each part is checked as it is written and sent only
 *   when it passes every rule (409 otherwise, naming the first failure: every
 *   rule is a part's own), and logged.
 * - A month that has no close in force is refused (409, in Portuguese).
 * - Who: AllAdmins (the lender's books and its duties to the Central Bank).
 */
import { z } from 'zod';
import { AllAdmins } from '../roles';
import { defineOperation } from './define';
import { monthSchema } from './ledger-books';

export const DOC3040_RULE_IDS = [
  'structure',
  'rootAttributes',
  'clientAttributes',
  'operationAttributes',
  'aggregateAttributes',
  'dateFormat',
  'decimalFormat',
  'documentDigits',
  'contactFormat',
  'codeDomain',
  'ratingRetired',
  'vencTotal',
  'totalClients',
  'threshold',
  'uniqueOperation',
  'cession',
  'guarantee',
  'guaranteePersonal',
  'guaranteeReal',
  'guaranteeRevaluation',
  'stage',
  'dates',
] as const;
export type Doc3040RuleName = (typeof DOC3040_RULE_IDS)[number];

export const doc3040FailureSchema = z.object({
  rule: z.enum(DOC3040_RULE_IDS),
  /** the rule's source (instructions, circular, resolution) */
  source: z.string(),
  /** the client's code as reported (CPF, or CNPJ base) and name, when the failure is a client's */
  client: z.string().nullable(),
  client_name: z.string().nullable(),
  /** the operation's contract, when the failure is an operation's */
  operation: z.string().nullable(),
  credit_operation_id: z.number().int().nullable(),
  element: z.string(),
  attribute: z.string().nullable(),
  value: z.string().nullable(),
});
export type Doc3040Failure = z.infer<typeof doc3040FailureSchema>;

export const doc3040CheckSchema = z.object({
  month: z.string(),
  /** the close's business date and the data-base's last day */
  closed_on: z.string(),
  base_date: z.string(),
  parts: z.number().int(),
  clients: z.number().int(),
  aggregated_clients: z.number().int(),
  operations: z.number().int(),
  failures: z.array(doc3040FailureSchema),
  /** more failures than listed (the list stops at 1,000) */
  truncated: z.boolean(),
});
export type Doc3040Check = z.infer<typeof doc3040CheckSchema>;

export const doc3040CheckArgs = z.object({ month: monthSchema });
export const doc3040FileArgs = z.object({
  month: monthSchema,
  part: z.coerce.number({ error: 'parte: um número' }).int('parte: um número inteiro').min(1, 'parte: a partir de 1').max(999, 'parte: até 999').default(1),
});

export const doc3040Operations = {
  'doc3040.check': defineOperation({
    method: 'GET',
    path: '/api/regulatory/doc3040/check',
    access: AllAdmins,
    encoding: 'query',
    origin: 'designed',
    errors: [409],
    description:
      "Runs the SCR Doc 3040's offline rules (each named, with its source) over the data-base `month` (YYYY-MM) built from the month's close, and answers the failures by client and operation (at most 1,000; `truncated` says when there are more), with how many parts, clients, aggregated clients and operations the file has. 409 when the month has no close in force or the lender's CNPJ or responsible person is missing. Logged.",
    args: doc3040CheckArgs,
    result: doc3040CheckSchema,
  }),
  'doc3040.file': defineOperation({
    method: 'GET',
    path: '/api/regulatory/doc3040/file',
    access: AllAdmins,
    encoding: 'query',
    origin: 'designed',
    errors: [409],
    description:
      "Part `part` (1…n; default 1) of the data-base `month`'s Doc 3040 as XML (UTF-8), streamed as it is written (never whole in memory); TpArq 'I' on an intermediate part, 'F' on the last. 409 when the month has no close in force, when it fails an offline rule (naming the first) or when the part is beyond the last. Logged.",
    file: { kind: 'download', extension: 'xml' },
    args: doc3040FileArgs,
    result: z.unknown(),
  }),
} as const;
