/**
 * Puts a failed call's message where the user looks: on the blamed field
 * when the form has it (without the server's internal field name), otherwise
 * in the form's error area with internal names replaced by labels. What was
 * typed stays in the form either way.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorText, isApiError } from '../api/errors';
import { asTranslate, placeServerMessage } from './form/messages';

/**
 * `fields` are the form's field names; `labels` (by name) name them in
 * messages that cannot go on a field.
 */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  labels: Readonly<Record<string, string>> = {},
) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const report = useCallback(
    (e: unknown): { field?: string; text: string } => {
      const raw = errorText(e, t);
      // Network failures keep the catalogue's message (it says the input was kept), whatever field they name.
      const placed =
        isApiError(e) && e.code !== 'network'
          ? placeServerMessage(raw, e.field, labels, asTranslate(t), fields)
          : { text: raw };
      if (placed.field) {
        setError(placed.field as Path<T>, { type: 'server', message: placed.text }, { shouldFocus: true });
        setFormError(null);
      } else {
        setFormError(placed.text);
      }
      return placed;
    },
    [setError, fields, labels, t],
  );
  const clear = useCallback(() => setFormError(null), []);
  return { formError, report, clear };
}
