/**
 * A react-hook-form resolver over a zod schema whose messages come from the
 * kit's one message map (./messages), naming each field by its label, in the
 * language shown. (@hookform/resolvers' zodResolver keeps the schema's own
 * texts, which are the contract's Portuguese or zod's English.)
 *
 * Each error also carries the issue itself and the numeric range the schema
 * puts on the field, so the field, which knows its kind (money, number,
 * date…), can say precisely what is wrong (kitFieldMessage).
 */
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { issueText, type FieldContext, type IssueLike, type Translate } from './messages';
import { numericRangeAt, type NumericRange } from './schemaRange';

/** An error of the kit's resolver: react-hook-form's, with what a field needs to re-word it for its kind. */
export interface KitFieldError extends FieldError {
  issue?: IssueLike;
  range?: NumericRange | null;
  /** the label the message names the field by (none when the form gave none) */
  label?: string;
}

/** What of an issue the message map reads (the rest, e.g. the path, is not kept). */
function issueOf(issue: z.core.$ZodIssue & { input?: unknown }): IssueLike {
  const raw = issue as unknown as IssueLike;
  return {
    code: raw.code,
    message: raw.message,
    minimum: raw.minimum,
    maximum: raw.maximum,
    inclusive: raw.inclusive,
    origin: raw.origin,
    expected: raw.expected,
    input: raw.input,
    params: raw.params,
  };
}

export function localizedResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  labels: Readonly<Record<string, string>>,
  t: Translate,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    // reportInput keeps the typed value on the issue: an empty one reads "fill in this field".
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, KitFieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (errors[path]) continue;
      const described = issueOf(issue);
      errors[path] = {
        type: issue.code,
        message: issueText(described, t, labels[path]),
        issue: described,
        range: numericRangeAt(schema, issue.path.map(String)),
        label: labels[path],
      };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * The message a kit field shows for its error: re-worded with the field's
 * kind when the error came from the kit's resolver (server errors and
 * errors set by hand are shown as they are).
 */
export function kitFieldMessage(error: FieldError | undefined, t: Translate, ctx: FieldContext): string | undefined {
  if (!error) return undefined;
  const kit = error as KitFieldError;
  if (!kit.issue) return error.message;
  return issueText(kit.issue, t, kit.label, { ...ctx, range: ctx.range ?? kit.range });
}
