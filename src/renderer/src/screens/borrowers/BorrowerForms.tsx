/**
 * The borrower's registration forms, each a settings form on the form kit
 * (saving stays on the tab): Dados (PUT /borrowers: name, contacts, the
 * address filled from its CEP through the main process, profession and
 * income; the document and person type do not change) and Empresa
 * (PUT /borrowers/business: trade name, legal representative with the CPF
 * checked by its digits, registration, activity, employees, revenue).
 */
import type { z } from 'zod';
import { Callout } from '@blueprintjs/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { contract } from '@shared/contract';
import type { Borrower } from '@shared/contract/borrowers';
import { useApiMutation } from '../../api/hooks';
import { FormScreen, useFormScreen, type FormLoad } from '@kit/form/FormScreen';
import { asText, formSchema } from '@kit/form/formSchema';
import { PlainAddressCepLookup } from '@kit/form/useCepLookup';
import { addressSections } from '@kit/form/addressSections';

export const BORROWER_INVALIDATES = ['borrowers.get', 'borrowers.list', 'borrowers.all'] as const;
const text = (v: string | null | undefined) => v ?? '';

const dataSchema = formSchema(contract['borrowers.update'].args.omit({ id: true }), {
  nullIfEmpty: ['birthday', 'email', 'monthly_income', 'state'],
});

function dataValues(b: Borrower) {
  return {
    name: b.name,
    trade_name: text(b.trade_name),
    simples_nacional: b.simples_nacional,
    birthday: text(b.birthday),
    email: text(b.email),
    phone: text(b.phone),
    cep: text(b.cep),
    address: text(b.address),
    address_number: text(b.address_number),
    address_complement: text(b.address_complement),
    neighborhood: text(b.neighborhood),
    city: text(b.city),
    state: text(b.state),
    profession: text(b.profession),
    monthly_income: text(b.monthly_income),
    active: b.active,
  };
}
type DataValues = ReturnType<typeof dataValues>;
type FormRef = { current: UseFormReturn<DataValues, unknown, unknown> | null };


export function BorrowerDataForm({ borrower, load }: { borrower: Borrower; load: FormLoad<Borrower> }) {
  const { t } = useTranslation();
  const update = useApiMutation('borrowers.update', { invalidates: BORROWER_INVALIDATES });
  const f = (key: string) => t(`borrowers.fields.${key}`);
  const formRef: FormRef = useRef(null);
  const pf = borrower.person_type === 'PF';
  const screen = useFormScreen({
    testId: 'borrower-form',
    schema: dataSchema,
    defaultValues: {},
    load,
    toValues: dataValues,
    savedText: t('borrowers.data.saved'),
    sections: [
      {
        id: 'identity',
        title: t('borrowers.sections.identity'),
        fields: [
          { name: 'name', type: 'text', label: f('name') },
          ...(pf
            ? ([
                { name: 'birthday', type: 'date', label: f('birthday') },
                { name: 'profession', type: 'text', label: f('profession') },
                { name: 'monthly_income', type: 'money', label: f('monthly_income') },
              ] as const)
            : ([{ name: 'trade_name', type: 'text', label: f('trade_name') }] as const)),
          { name: 'active', type: 'switch', label: f('active') },
        ],
      },
      {
        id: 'contact',
        title: t('borrowers.sections.contact'),
        fields: [
          { name: 'email', type: 'email', label: f('email') },
          { name: 'phone', type: 'text', label: f('phone') },
        ],
      },
      ...addressSections<z.input<typeof dataSchema>>({ title: t('borrowers.sections.address'), label: f, lookup: <PlainAddressCepLookup formRef={formRef} testId="borrower-form-cep-lookup" /> }),
    ],
    save: (values) => update.mutateAsync({ ...values, id: borrower.id }),
  });
  formRef.current = screen.form as unknown as UseFormReturn<DataValues, unknown, unknown>;
  return <FormScreen screen={screen} />;
}

const businessSchema = formSchema(contract['borrowers.updateBusiness'].args.omit({ id: true }), {
  nullIfEmpty: ['opening_date', 'monthly_revenue', 'employees', 'legal_representative_cpf'],
});

function businessValues(b: Borrower) {
  return {
    trade_name: text(b.trade_name),
    simples_nacional: b.simples_nacional,
    mei: b.mei,
    legal_representative_name: text(b.legal_representative_name),
    legal_representative_cpf: text(b.legal_representative_cpf),
    state_registration: text(b.state_registration),
    opening_date: text(b.opening_date),
    activity: text(b.activity),
    // The input holds text; the schema reads the whole number from it.
    employees: asText(b.employees) as unknown as number,
    monthly_revenue: text(b.monthly_revenue),
  };
}

export function BorrowerBusinessForm({ borrower, load }: { borrower: Borrower; load: FormLoad<Borrower> }) {
  const { t } = useTranslation();
  const update = useApiMutation('borrowers.updateBusiness', { invalidates: BORROWER_INVALIDATES });
  const f = (key: string) => t(`borrowers.fields.${key}`);
  const screen = useFormScreen({
    testId: 'borrower-business',
    schema: businessSchema,
    defaultValues: {},
    load,
    toValues: businessValues,
    savedText: t('borrowers.business.saved'),
    sections: [
      {
        id: 'business',
        title: t('borrowers.sections.business'),
        fields: [
          { name: 'trade_name', type: 'text', label: f('trade_name') },
          { name: 'state_registration', type: 'text', label: f('state_registration') },
          { name: 'opening_date', type: 'date', label: f('opening_date') },
          { name: 'activity', type: 'text', label: f('activity') },
          { name: 'employees', type: 'number', label: f('employees') },
          { name: 'monthly_revenue', type: 'money', label: f('monthly_revenue') },
          { name: 'simples_nacional', type: 'switch', label: f('simples_nacional') },
          { name: 'mei', type: 'switch', label: f('mei') },
        ],
      },
      {
        id: 'representative',
        title: t('borrowers.sections.representative'),
        fields: [
          { name: 'legal_representative_name', type: 'text', label: f('legal_representative_name') },
          { name: 'legal_representative_cpf', type: 'text', label: f('legal_representative_cpf') },
        ],
      },
    ],
    save: (values) => update.mutateAsync({ ...values, id: borrower.id }),
  });
  return (
    <>
      {borrower.person_type === 'PF' && (
        <Callout intent="primary" icon="info-sign" className="borrower-notice" data-testid="borrower-business-pf">
          {t('borrowers.business.pfNotice')}
        </Callout>
      )}
      <FormScreen screen={screen} />
    </>
  );
}
