/**
 * "Buscar CEP" on a form: asks the main process (the renderer never reaches
 * the postal-code service itself), fills the address fields from the answer
 * and says so; when the CEP is unknown or the service is slow or down, the
 * message goes on the CEP field and everything typed stays as it was.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { Address } from '../../../../shared/address';
import { bridge } from '../../api/client';

export type AddressTargets<T extends FieldValues> = Partial<Record<keyof Omit<Address, 'cep' | 'ibge'>, Path<T>>>;

/** `form` is read when the button is pressed (a section's extra content is declared before its form exists). */
export function useCepLookup<T extends FieldValues>(
  formOf: () => UseFormReturn<T, unknown, unknown> | null,
  cepField: Path<T>,
  targets: AddressTargets<T>,
) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<string | null>(null);
  const lookup = async () => {
    const form = formOf();
    if (!form) return;
    setFound(null);
    setBusy(true);
    try {
      const answer = await bridge().address.lookupCep(String(form.getValues(cepField) ?? ''));
      if (answer.error) {
        form.setError(cepField, { type: 'server', message: answer.message }, { shouldFocus: true });
        return;
      }
      const address = answer.data;
      form.clearErrors(cepField);
      const set = (name: Path<T>, value: string) => form.setValue(name, value as never, { shouldDirty: true, shouldValidate: true });
      set(cepField, address.cep);
      for (const [key, name] of Object.entries(targets) as Array<[keyof Address, Path<T>]>) {
        // A complement the service does not know must not wipe the one typed.
        if (key === 'complement' && !address.complement) continue;
        set(name, address[key]);
      }
      setFound(t('entrepreneurs.cep.found', { cep: address.cep }));
    } finally {
      setBusy(false);
    }
  };
  return { lookup, busy, found };
}
