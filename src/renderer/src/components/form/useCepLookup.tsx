/**
 * "Buscar CEP" on a form: asks the main process (the renderer never reaches
 * the postal-code service itself), fills the address fields from the answer
 * and says so; when the CEP is unknown or the service is slow or down, the
 * message goes on the CEP field and everything typed stays as it was.
 */
import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { Address } from '@shared/address';
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

/** The plain Brazilian address fields most forms use (cep, address, address_complement, neighborhood, city, state). */
const PLAIN_ADDRESS = { street: 'address', complement: 'address_complement', neighborhood: 'neighborhood', city: 'city', state: 'state' } as const;

/** The "Buscar CEP" button with what it found; `testId` names the button, `${testId}-found` the message. */
export function CepLookupView({ testId, onClick, busy, found }: { testId: string; onClick(): void; busy: boolean; found: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="cep-lookup">
      <Button icon="search" loading={busy} onClick={onClick} data-testid={testId}>
        {t('entrepreneurs.cep.lookup')}
      </Button>
      {found && (
        <span className="bp6-text-muted" role="status" data-testid={`${testId}-found`}>
          {found}
        </span>
      )}
    </div>
  );
}

/** "Buscar CEP" for a form whose address uses the plain field names (PLAIN_ADDRESS). */
export function PlainAddressCepLookup<T extends FieldValues>({ formRef, testId }: { formRef: { current: UseFormReturn<T, unknown, unknown> | null }; testId: string }) {
  const cep = useCepLookup(() => formRef.current, 'cep' as Path<T>, PLAIN_ADDRESS as unknown as AddressTargets<T>);
  return <CepLookupView testId={testId} onClick={() => void cep.lookup()} busy={cep.busy} found={cep.found} />;
}
