/**
 * A Brazilian postal address as two form sections, declared once for every
 * record that has one (the borrower, the company): the CEP with its lookup
 * button, then the street, number, complement, neighbourhood, city and state.
 * The record's schema names the fields the same way (cep, address,
 * address_number, address_complement, neighborhood, city, state).
 */
import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { BRAZIL_STATES } from '@shared/contract';
import type { FormSection } from './FormScreen';

const STATE_OPTIONS = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf }));

type AddressField = 'cep' | 'address' | 'address_number' | 'address_complement' | 'neighborhood' | 'city' | 'state';

export function addressSections<T extends FieldValues & Partial<Record<AddressField, unknown>>>(options: {
  /** the section's heading */
  title: string;
  /** a field's label */
  label: (field: AddressField) => string;
  /** the CEP lookup shown after the CEP (none when the record cannot be changed) */
  lookup?: ReactNode;
}): FormSection<T>[] {
  const { title, label, lookup } = options;
  const text = (name: AddressField) => ({ name: name as Path<T>, type: 'text' as const, label: label(name) });
  return [
    { id: 'address', title, fields: [text('cep')], after: lookup },
    {
      id: 'address-rest',
      fields: [
        text('address'),
        text('address_number'),
        text('address_complement'),
        text('neighborhood'),
        text('city'),
        { name: 'state' as Path<T>, type: 'select', label: label('state'), options: STATE_OPTIONS },
      ],
    },
  ];
}
