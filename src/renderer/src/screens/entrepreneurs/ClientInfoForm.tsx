/**
 * The person's registration data as one kit form: personal data (the
 * account's name, CPF, phone, state and city with the spec's personal fields)
 * and business data, each address filled from its CEP through the main
 * process. CPF and CNPJ are checked by their digits while typing (the
 * contract's rule) and again by the server. Agents see it read-only.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { BRAZIL_STATES, contract, type EntrepreneurDetail } from '@shared/contract';
import { AllOperators } from '@shared/roles';
import { useApiMutation } from '../../api/hooks';
import { useSession } from '../../app/session';
import { FormScreen, useFormScreen } from '@kit/form/FormScreen';
import type { FormLoad } from '@kit/form/FormScreen';
import { useInterestOptions } from './options';
import { CepLookupView, useCepLookup } from '@kit/form/useCepLookup';

const schema = contract['users.updateEntrepreneur'].args.pick({
  name: true,
  cpf: true,
  phone: true,
  state: true,
  city: true,
  personalData: true,
  businessData: true,
});

const STATE_OPTIONS = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf }));
export const ENTREPRENEUR_INVALIDATES = ['users.entrepreneurs', 'users.entrepreneur'] as const;

const text = (v: string | null | undefined) => v ?? '';

function toValues(d: EntrepreneurDetail) {
  const p = d.personalData;
  const b = d.businessData;
  return {
    name: d.name,
    cpf: text(d.cpf),
    phone: text(d.phone),
    state: d.state,
    city: text(d.city),
    personalData: {
      birthday: text(p.birthday),
      genre: p.genre,
      relations: p.relations,
      nationality: p.nationality,
      typeDocument: p.typeDocument,
      numDocumentForeign: text(p.numDocumentForeign),
      profession: text(p.profession),
      cep: text(p.cep),
      address: text(p.address),
      addressNumber: text(p.addressNumber),
      addressComplement: text(p.addressComplement),
      neighborhood: text(p.neighborhood),
      instagram: text(p.instagram),
      facebook: text(p.facebook),
      site: text(p.site),
    },
    businessData: {
      cnpj: text(b.cnpj),
      legalName: text(b.legalName),
      companyName: text(b.companyName),
      companyType: b.companyType,
      branchOfActivity: b.branchOfActivity,
      companyCep: text(b.companyCep),
      companyAddress: text(b.companyAddress),
      companyAddressNumber: text(b.companyAddressNumber),
      companyAddressComplement: text(b.companyAddressComplement),
      companyAddressNeighborhood: text(b.companyAddressNeighborhood),
      companyCity: text(b.companyCity),
      companyState: b.companyState,
    },
  };
}


export function ClientInfoForm({ id, load }: { id: number; load: FormLoad<EntrepreneurDetail> }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = !!user && AllOperators.includes(user.role_id);
  const update = useApiMutation('users.updateEntrepreneur', { invalidates: ENTREPRENEUR_INVALIDATES });
  const f = (key: string) => t(`entrepreneurs.fields.${key}`);
  const options = {
    genre: useInterestOptions('genre'),
    relations: useInterestOptions('relations'),
    nationality: useInterestOptions('nationality'),
    typeDocument: useInterestOptions('typeDocument'),
    companyType: useInterestOptions('companyType'),
    branchOfActivity: useInterestOptions('branchOfActivity'),
  };

  const formRef: FormRef = useRef(null);
  const screen = useFormScreen({
    testId: 'entrepreneur-form',
    schema,
    defaultValues: {},
    load,
    toValues,
    readOnly: !canEdit,
    backTo: '/app/entrepreneurs',
    savedText: t('entrepreneurs.saved'),
    sections: [
      {
        id: 'identity',
        title: t('entrepreneurs.sections.identity'),
        fields: [
          { name: 'name', type: 'text', label: f('name') },
          { name: 'cpf', type: 'text', label: f('cpf') },
          { name: 'phone', type: 'text', label: f('phone') },
          { name: 'personalData.birthday', type: 'date', label: f('birthday') },
          { name: 'personalData.genre', type: 'select', numeric: true, label: f('genre'), options: options.genre },
          { name: 'personalData.relations', type: 'select', numeric: true, label: f('relations'), options: options.relations },
          { name: 'personalData.nationality', type: 'select', numeric: true, label: f('nationality'), options: options.nationality },
          { name: 'personalData.typeDocument', type: 'select', numeric: true, label: f('typeDocument'), options: options.typeDocument },
          { name: 'personalData.numDocumentForeign', type: 'text', label: f('numDocumentForeign') },
          { name: 'personalData.profession', type: 'text', label: f('profession') },
        ],
      },
      {
        id: 'address',
        title: t('entrepreneurs.sections.address'),
        fields: [{ name: 'personalData.cep', type: 'text', label: f('cep') }],
        after: !canEdit ? undefined : <PersonalCep formRef={formRef} />,
      },
      {
        id: 'address-rest',
        fields: [
          { name: 'personalData.address', type: 'text', label: f('address') },
          { name: 'personalData.addressNumber', type: 'text', label: f('addressNumber') },
          { name: 'personalData.addressComplement', type: 'text', label: f('addressComplement') },
          { name: 'personalData.neighborhood', type: 'text', label: f('neighborhood') },
          { name: 'city', type: 'text', label: f('city') },
          { name: 'state', type: 'select', label: f('state'), options: STATE_OPTIONS },
        ],
      },
      {
        id: 'social',
        title: t('entrepreneurs.sections.social'),
        fields: [
          { name: 'personalData.instagram', type: 'text', label: f('instagram') },
          { name: 'personalData.facebook', type: 'text', label: f('facebook') },
          { name: 'personalData.site', type: 'text', label: f('site') },
        ],
      },
      {
        id: 'company',
        title: t('entrepreneurs.sections.company'),
        fields: [
          { name: 'businessData.cnpj', type: 'text', label: f('cnpj') },
          { name: 'businessData.legalName', type: 'text', label: f('legalName') },
          { name: 'businessData.companyName', type: 'text', label: f('companyName') },
          { name: 'businessData.companyType', type: 'select', numeric: true, label: f('companyType'), options: options.companyType },
          { name: 'businessData.branchOfActivity', type: 'select', numeric: true, label: f('branchOfActivity'), options: options.branchOfActivity },
        ],
      },
      {
        id: 'company-address',
        title: t('entrepreneurs.sections.companyAddress'),
        fields: [{ name: 'businessData.companyCep', type: 'text', label: f('companyCep') }],
        after: !canEdit ? undefined : <CompanyCep formRef={formRef} />,
      },
      {
        id: 'company-address-rest',
        fields: [
          { name: 'businessData.companyAddress', type: 'text', label: f('companyAddress') },
          { name: 'businessData.companyAddressNumber', type: 'text', label: f('companyAddressNumber') },
          { name: 'businessData.companyAddressComplement', type: 'text', label: f('companyAddressComplement') },
          { name: 'businessData.companyAddressNeighborhood', type: 'text', label: f('companyAddressNeighborhood') },
          { name: 'businessData.companyCity', type: 'text', label: f('companyCity') },
          { name: 'businessData.companyState', type: 'select', label: f('companyState'), options: STATE_OPTIONS },
        ],
      },
    ],
    save: (values) => update.mutateAsync({ ...values, id }),
  });

  formRef.current = screen.form as unknown as UseFormReturn<ClientInfoValues, unknown, unknown>;
  return <FormScreen screen={screen} />;
}

type ClientInfoValues = ReturnType<typeof toValues>;
type FormRef = { current: UseFormReturn<ClientInfoValues, unknown, unknown> | null };

function PersonalCep({ formRef }: { formRef: FormRef }) {
  const cep = useCepLookup(() => formRef.current, 'personalData.cep', {
    street: 'personalData.address',
    complement: 'personalData.addressComplement',
    neighborhood: 'personalData.neighborhood',
    city: 'city',
    state: 'state',
  });
  return <CepLookupView testId="entrepreneur-form-cep-lookup" onClick={() => void cep.lookup()} busy={cep.busy} found={cep.found} />;
}

function CompanyCep({ formRef }: { formRef: FormRef }) {
  const cep = useCepLookup(() => formRef.current, 'businessData.companyCep', {
    street: 'businessData.companyAddress',
    complement: 'businessData.companyAddressComplement',
    neighborhood: 'businessData.companyAddressNeighborhood',
    city: 'businessData.companyCity',
    state: 'businessData.companyState',
  });
  return <CepLookupView testId="entrepreneur-form-company-cep-lookup" onClick={() => void cep.lookup()} busy={cep.busy} found={cep.found} />;
}
