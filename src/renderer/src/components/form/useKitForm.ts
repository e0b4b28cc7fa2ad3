/**
 * react-hook-form set up the same way for every form of the app: the
 * contract's zod schema through the localized resolver, errors shown once a
 * field was left and cleared as soon as it is corrected, server errors placed
 * on their field (see useServerErrors), and messages re-read when the
 * language changes.
 */
import { useEffect, useMemo } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useServerErrors } from '../useServerErrors';
import { asTranslate } from './messages';
import { localizedResolver } from './resolver';

export interface KitFormOptions<S extends z.ZodType<unknown, FieldValues>> {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** Label of every field by name; messages use it instead of the name. */
  labels: Readonly<Record<string, string>>;
}

export function useKitForm<S extends z.ZodType<unknown, FieldValues>>({ schema, defaultValues, labels: given }: KitFormOptions<S>) {
  const { t, i18n } = useTranslation();
  // Callers build labels on every render; a stable object (it changes with the language only) keeps the resolver and effects still.
  const labelsKey = JSON.stringify(given);
  const labels = useMemo(() => JSON.parse(labelsKey) as Record<string, string>, [labelsKey]);
  const resolver = useMemo(() => localizedResolver(schema, labels, asTranslate(t)), [schema, labels, t]);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver,
    defaultValues,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const names = useMemo(() => Object.keys(labels) as Path<z.input<S>>[], [labels]);
  const server = useServerErrors(form.setError, names, labels);

  // Messages already shown are re-made in the new language (server ones stay as the server wrote them).
  const { trigger, getFieldState } = form;
  useEffect(() => {
    const shown = names.filter((n) => {
      const e = getFieldState(n).error;
      return e && e.type !== 'server';
    });
    if (shown.length > 0) void trigger(shown);
  }, [i18n.language, names, trigger, getFieldState]);

  return { form, labels, ...server };
}
