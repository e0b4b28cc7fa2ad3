/**
 * Puts a failed call's message where the user looks: on the blamed field
 * when the form has it, otherwise in the form's error area. What was typed
 * stays in the form either way.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorText, fieldOf } from '../api/errors';

export function useServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const report = useCallback(
    (e: unknown) => {
      const text = errorText(e, t);
      const field = fieldOf(e, fields);
      if (field) {
        setError(field as Path<T>, { type: 'server', message: text });
        setFormError(null);
      } else {
        setFormError(text);
      }
      return text;
    },
    [setError, fields, t],
  );
  const clear = useCallback(() => setFormError(null), []);
  return { formError, report, clear };
}
