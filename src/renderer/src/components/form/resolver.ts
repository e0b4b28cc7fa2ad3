/**
 * A react-hook-form resolver over a zod schema whose messages come from the
 * kit's one message map (./messages), naming each field by its label, in the
 * language shown. (@hookform/resolvers' zodResolver keeps the schema's own
 * texts, which are the contract's Portuguese or zod's English.)
 */
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { issueText, type Translate } from './messages';

export function localizedResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  labels: Readonly<Record<string, string>>,
  t: Translate,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    // reportInput keeps the typed value on the issue: an empty one reads "fill in this field".
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (errors[path]) continue;
      errors[path] = { type: issue.code, message: issueText(issue, t, labels[path]) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
