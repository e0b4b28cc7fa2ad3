/**
 * The conditions form and its simulation, shared by the building flow and
 * the proposal's "Editar condições": the form over the contract's rules, a
 * simulation remembered with the conditions it was made for (so a change
 * after it is seen as outdated), and the server's 400s placed on the field
 * they blame (the simulation names its fields in camelCase: principal,
 * monthlyRate…; the form shows them as the proposal's).
 */
import { useCallback, useMemo, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';
import { useKitForm } from '@kit/form/useKitForm';
import { asTranslate, placeServerMessage } from '@kit/form/messages';
import { conditionLabels, type ConditionsForm } from './ConditionsFields';
import {
  CONDITION_FIELDS,
  conditionsFieldOf,
  conditionsKey,
  conditionsSchema,
  simulationArgsOf,
  type Conditions,
  type ConditionsValues,
  type ScheduleView,
  type SimulationBorrower,
} from './model';

export interface Simulated {
  key: string;
  conditions: Conditions;
  result: ScheduleView;
}

export function useConditions(defaultValues: ConditionsValues) {
  const { t } = useTranslation();
  const labels = conditionLabels(t);
  const kit = useKitForm({
    schema: conditionsSchema,
    // The form holds the typed text; the schema reads numbers and rates from it.
    defaultValues: defaultValues as never,
    labels,
  });
  const form = kit.form as unknown as ConditionsForm;
  const [simulated, setSimulated] = useState<Simulated | null>(null);
  const [error, setError] = useState<string | null>(null);
  const simulate = useApiMutation('creditOperation.simulation');

  /** The conditions checked by the schema, or null (the messages are on their fields). */
  const checked = useCallback(
    () =>
      new Promise<Conditions | null>((resolve) => {
        void kit.form.handleSubmit(
          (values) => resolve(values as Conditions),
          () => resolve(null),
        )();
      }),
    [kit.form],
  );

  /** Puts a failed call's message on its field (the simulation's or the proposal's name), or answers it for the screen. */
  const place = useCallback(
    (e: unknown): string | null => {
      const raw = errorText(e, t);
      if (!isApiError(e) || e.code === 'network') return raw;
      const field = conditionsFieldOf(e.field);
      if (field && field.startsWith('fees.')) {
        form.setError(field as Path<ConditionsValues>, { type: 'server', message: raw }, { shouldFocus: true });
        return null;
      }
      const placed = placeServerMessage(raw, field ?? e.field, labels, asTranslate(t), CONDITION_FIELDS);
      if (placed.field) {
        form.setError(placed.field as Path<ConditionsValues>, { type: 'server', message: placed.text }, { shouldFocus: true });
        return null;
      }
      return placed.text;
    },
    [form, labels, t],
  );

  /** Checks and simulates the conditions for the borrower; the result, or null with the reason shown. */
  const run = useCallback(
    async (borrower: SimulationBorrower): Promise<Simulated | null> => {
      setError(null);
      const conditions = await checked();
      if (!conditions) return null;
      const key = conditionsKey(conditions, borrower.id);
      if (simulated?.key === key) return simulated;
      try {
        const result = await simulate.mutateAsync(simulationArgsOf(conditions, borrower));
        const made = { key, conditions, result };
        setSimulated(made);
        return made;
      } catch (e) {
        setError(place(e));
        return null;
      }
    },
    [checked, simulated, simulate, place],
  );

  const values = form.watch();
  // Typed values and the simulation's conditions compare through the schema's reading of them.
  const currentKey = useMemo(() => {
    const parsed = conditionsSchema.safeParse(values);
    return parsed.success && simulated ? conditionsKey(parsed.data as Conditions, JSON.parse(simulated.key)[0] as number) : null;
  }, [values, simulated]);
  const outdated = !!simulated && currentKey !== simulated.key;

  return { form, kit, labels, simulated, outdated, run, running: simulate.isPending, error, setError, place, checked };
}
