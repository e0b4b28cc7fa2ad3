/**
 * The lender's own data (PUT /company): legal and trade names, CNPJ checked
 * by its digits while typing (the contract's rule, again on the server), the
 * address filled from its CEP through the main process, and the contacts.
 * A settings form: saving stays on the page. Non-administrators read it.
 */
import type { z } from 'zod';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { contract, type Company } from '@shared/contract';
import { useApiMutation } from '../../api/hooks';
import { FormScreen, useFormScreen, type FormLoad } from '@kit/form/FormScreen';
import { PlainAddressCepLookup } from '@kit/form/useCepLookup';
import { addressSections } from '@kit/form/addressSections';
import { COMPANY_INVALIDATES, useCanChangeCompany } from './access';
import { useReportUnsaved } from './TabLeaveGuard';
import { COMPANY_ID } from '../../app/company';
import { formSchema } from '@kit/form/formSchema';

const schema = formSchema(contract['company.update'].args.omit({ id: true }), { nullIfEmpty: ['email'] });
const text = (v: string | null | undefined) => v ?? '';

function toValues(c: Company) {
  return {
    legal_name: c.legal_name,
    trade_name: c.trade_name,
    cnpj: text(c.cnpj),
    state_registration: text(c.state_registration),
    cep: text(c.cep),
    address: text(c.address),
    address_number: text(c.address_number),
    address_complement: text(c.address_complement),
    neighborhood: text(c.neighborhood),
    city: text(c.city),
    state: text(c.state),
    phone: text(c.phone),
    email: text(c.email),
    site: text(c.site),
  };
}

type Values = ReturnType<typeof toValues>;
type FormRef = { current: UseFormReturn<Values, unknown, unknown> | null };


export function CompanyDataForm({ load }: { load: FormLoad<Company> }) {
  const { t } = useTranslation();
  const canEdit = useCanChangeCompany();
  const update = useApiMutation('company.update', { invalidates: COMPANY_INVALIDATES });
  const f = (key: string) => t(`company.fields.${key}`);
  const formRef: FormRef = useRef(null);
  const screen = useFormScreen({
    testId: 'company-form',
    schema,
    defaultValues: {},
    load,
    toValues,
    readOnly: !canEdit,
    savedText: t('company.data.saved'),
    sections: [
      {
        id: 'identity',
        title: t('company.sections.identity'),
        fields: [
          { name: 'legal_name', type: 'text', label: f('legal_name') },
          { name: 'trade_name', type: 'text', label: f('trade_name') },
          { name: 'cnpj', type: 'text', label: f('cnpj'), hint: t('company.data.cnpjHint') },
          { name: 'state_registration', type: 'text', label: f('state_registration') },
        ],
      },
      ...addressSections<z.input<typeof schema>>({ title: t('company.sections.address'), label: f, lookup: canEdit ? <PlainAddressCepLookup formRef={formRef} testId="company-form-cep-lookup" /> : undefined }),
      {
        id: 'contact',
        title: t('company.sections.contact'),
        fields: [
          { name: 'phone', type: 'text', label: f('phone') },
          { name: 'email', type: 'email', label: f('email') },
          { name: 'site', type: 'text', label: f('site') },
        ],
      },
    ],
    save: (values) => update.mutateAsync({ ...values, id: COMPANY_ID }),
  });
  useReportUnsaved(canEdit && screen.form.formState.isDirty);
  formRef.current = screen.form as unknown as UseFormReturn<Values, unknown, unknown>;
  return <FormScreen screen={screen} />;
}
