/**
 * The company's record lists, each declared on RecordsPanel: legal
 * representatives and witnesses (who sign the contracts, CPF checked), IOF
 * rates by person type and validity period (newest first; an overlapping
 * period is refused by the server with 409, shown on the period's start),
 * the bank accounts boletos and remittances use, and the assignees' accounts.
 */
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  contract,
  IOF_PERSON_TYPES,
  type AssignmentAccount,
  type Company,
  type CompanyBankAccount,
  type IofParameter,
  type Representative,
  type Witness,
} from '@shared/contract';
import { formatCpfCnpj } from '@shared/documents';
import { formatDate } from '@shared/format';
import { REMITTANCE_BANK_CODES } from '@shared/contract/company-remittance';
import { REPURCHASE_RULES } from '@shared/enums';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import type { FieldDecl } from '@kit/form/FieldInput';
import { COMPANY_INVALIDATES, useCanChangeCompany } from './access';
import { COMPANY_ID } from '../../app/company';
import { asText, formSchema, rateText } from '@kit/form/formSchema';
import { RecordsPanel } from '@kit/RecordsPanel';

const text = (v: string | null | undefined) => v ?? '';

/* ---------- representatives and witnesses ---------- */

const representativeSchema = formSchema(contract['company.createRepresentative'].args.omit({ company_id: true }), { nullIfEmpty: ['email'] });
const witnessSchema = formSchema(contract['company.createWitness'].args.omit({ company_id: true }), { nullIfEmpty: ['email'] });

interface CompanyLoad {
  company: Company | undefined;
  loading: boolean;
  error: unknown;
  staleSince: string | null;
}

export function RepresentativesPanel({ load }: { load: CompanyLoad }) {
  const { t } = useTranslation();
  const canEdit = useCanChangeCompany();
  const f = (key: string) => t(`company.fields.${key}`);
  const create = useApiMutation('company.createRepresentative', { invalidates: COMPANY_INVALIDATES });
  const update = useApiMutation('company.updateRepresentative', { invalidates: COMPANY_INVALIDATES });
  const remove = useApiMutation('company.deleteRepresentative', { invalidates: COMPANY_INVALIDATES });
  const fields: FieldDecl<z.input<typeof representativeSchema>>[] = [
    { name: 'name', type: 'text', label: f('name') },
    { name: 'cpf', type: 'text', label: f('cpf') },
    { name: 'role', type: 'text', label: f('role') },
    { name: 'email', type: 'email', label: f('email') },
    { name: 'phone', type: 'text', label: f('phone') },
    { name: 'active', type: 'switch', label: f('active') },
  ];
  return (
    <RecordsPanel<Representative, typeof representativeSchema>
      decl={{
        testId: 'company-representatives',
        texts: 'company.representatives',
        intro: t('company.representatives.intro'),
        columns: [
          { id: 'name', title: 'company.fields.name', width: 200, field: 'name' },
          { id: 'cpf', title: 'company.fields.cpf', width: 130, kind: 'document', field: 'cpf' },
          { id: 'role', title: 'company.fields.role', width: 140, field: 'role' },
          { id: 'email', title: 'company.fields.email', width: 180, field: 'email' },
          { id: 'active', title: 'company.fields.active', width: 70, kind: 'boolean', field: 'active' },
        ],
        rows: load.company?.representatives,
        loading: load.loading,
        error: load.error,
        staleSince: load.staleSince,
        schema: representativeSchema,
        fields,
        empty: { name: '', cpf: '', role: '', email: '', phone: '', active: true },
        toValues: (r) => ({ name: r.name, cpf: r.cpf, role: r.role, email: text(r.email), phone: text(r.phone), active: r.active }),
        create: (v) => create.mutateAsync({ ...v, company_id: COMPANY_ID }),
        update: (r, v) => update.mutateAsync({ ...v, id: r.id, company_id: COMPANY_ID }),
        remove: (r) => remove.mutateAsync({ id: r.id }),
        describe: (r) => ({ name: r.name }),
        canEdit,
      }}
    />
  );
}

export function WitnessesPanel({ load }: { load: CompanyLoad }) {
  const { t } = useTranslation();
  const canEdit = useCanChangeCompany();
  const f = (key: string) => t(`company.fields.${key}`);
  const create = useApiMutation('company.createWitness', { invalidates: COMPANY_INVALIDATES });
  const update = useApiMutation('company.updateWitness', { invalidates: COMPANY_INVALIDATES });
  const remove = useApiMutation('company.deleteWitness', { invalidates: COMPANY_INVALIDATES });
  const fields: FieldDecl<z.input<typeof witnessSchema>>[] = [
    { name: 'name', type: 'text', label: f('name') },
    { name: 'cpf', type: 'text', label: f('cpf') },
    { name: 'email', type: 'email', label: f('email') },
    { name: 'active', type: 'switch', label: f('active') },
  ];
  return (
    <RecordsPanel<Witness, typeof witnessSchema>
      decl={{
        testId: 'company-witnesses',
        texts: 'company.witnesses',
        intro: t('company.witnesses.intro'),
        columns: [
          { id: 'name', title: 'company.fields.name', width: 220, field: 'name' },
          { id: 'cpf', title: 'company.fields.cpf', width: 140, kind: 'document', field: 'cpf' },
          { id: 'email', title: 'company.fields.email', width: 200, field: 'email' },
          { id: 'active', title: 'company.fields.active', width: 70, kind: 'boolean', field: 'active' },
        ],
        rows: load.company?.witnesses,
        loading: load.loading,
        error: load.error,
        staleSince: load.staleSince,
        schema: witnessSchema,
        fields,
        empty: { name: '', cpf: '', email: '', active: true },
        toValues: (r) => ({ name: r.name, cpf: r.cpf, email: text(r.email), active: r.active }),
        create: (v) => create.mutateAsync({ ...v, company_id: COMPANY_ID }),
        update: (r, v) => update.mutateAsync({ ...v, id: r.id, company_id: COMPANY_ID }),
        remove: (r) => remove.mutateAsync({ id: r.id }),
        describe: (r) => ({ name: r.name }),
        canEdit,
      }}
    />
  );
}

/* ---------- IOF rates by period ---------- */

const iofSchema = formSchema(contract['company.createIofParameter'].args, {
  percents: ['daily_percent', 'additional_percent'],
  nullIfEmpty: ['valid_to'],
});
const IOF_INVALIDATES = ['company.iofParameters'] as const;

export function IofPanel() {
  const { t } = useTranslation();
  const canEdit = useCanChangeCompany();
  const query = useApiQuery('company.iofParameters', {});
  const f = (key: string) => t(`company.iof.fields.${key}`);
  const create = useApiMutation('company.createIofParameter', { invalidates: IOF_INVALIDATES });
  const update = useApiMutation('company.updateIofParameter', { invalidates: IOF_INVALIDATES });
  const remove = useApiMutation('company.deleteIofParameter', { invalidates: IOF_INVALIDATES });
  const types = IOF_PERSON_TYPES.map((p) => ({ value: p, label: t(`company.iof.types.${p}`) }));
  const fields: FieldDecl<z.input<typeof iofSchema>>[] = [
    { name: 'person_type', type: 'select', label: f('person_type'), options: types },
    { name: 'daily_percent', type: 'percentage', label: f('daily_percent'), hint: t('company.iof.dailyHint') },
    { name: 'additional_percent', type: 'percentage', label: f('additional_percent'), hint: t('company.iof.additionalHint') },
    { name: 'valid_from', type: 'date', label: f('valid_from') },
    { name: 'valid_to', type: 'date', label: f('valid_to'), hint: t('company.iof.openHint') },
    { name: 'legal_basis', type: 'text', label: f('legal_basis') },
  ];
  const period = (p: IofParameter) => `${formatDate(p.valid_from)} – ${p.valid_to ? formatDate(p.valid_to) : t('company.iof.open')}`;
  return (
    <RecordsPanel<IofParameter, typeof iofSchema>
      decl={{
        testId: 'company-iof',
        texts: 'company.iof',
        intro: t('company.iof.intro'),
        columns: [
          { id: 'type', title: 'company.iof.fields.person_type', width: 140, text: (p) => t(`company.iof.types.${p.person_type}`) },
          { id: 'daily', title: 'company.iof.fields.daily_percent', width: 140, kind: 'integer', text: (p) => `${rateText(p.daily_percent)}%` },
          { id: 'additional', title: 'company.iof.fields.additional_percent', width: 160, kind: 'integer', text: (p) => `${rateText(p.additional_percent)}%` },
          { id: 'period', title: 'company.iof.fields.period', width: 190, kind: 'date', text: period, testId: (p) => `company-iof-period-${p.id}` },
          { id: 'basis', title: 'company.iof.fields.legal_basis', width: 200, field: 'legal_basis' },
        ],
        rows: query.data,
        loading: query.isFetching && !query.data,
        error: query.error,
        staleSince: query.stale ? (query.cachedAt ?? '') : null,
        schema: iofSchema,
        fields,
        empty: { person_type: 'PF', daily_percent: '', additional_percent: '0,38', valid_from: '', valid_to: '', legal_basis: '' },
        toValues: (p) => ({
          person_type: p.person_type,
          daily_percent: rateText(p.daily_percent),
          additional_percent: rateText(p.additional_percent),
          valid_from: p.valid_from,
          valid_to: text(p.valid_to),
          legal_basis: p.legal_basis,
        }),
        create: (v) => create.mutateAsync(v),
        update: (p, v) => update.mutateAsync({ ...v, id: p.id }),
        remove: (p) => remove.mutateAsync({ id: p.id }),
        describe: (p) => ({ type: t(`company.iof.types.${p.person_type}`), period: period(p) }),
        canEdit,
      }}
    />
  );
}

/* ---------- bank accounts ---------- */

const bankSchema = formSchema(contract['company.createBank'].args.omit({ id: true }), {
  nullIfEmpty: ['agency_digit', 'account_digit'],
});
const BANK_INVALIDATES = ['company.banks'] as const;
const bankName = (b: { bank_code: string; bank_name: string }) => `${b.bank_code} – ${b.bank_name}`;
const withDigit = (main: string, digit: string | null) => (digit ? `${main}-${digit}` : main);
/** The banks whose CNAB remittances the server writes link to their remittances. */
const hasRemittances = (code: string) => (REMITTANCE_BANK_CODES as readonly string[]).includes(code);

export function BanksPanel() {
  const { t } = useTranslation();
  const canEdit = useCanChangeCompany();
  const query = useApiQuery('company.banks', { id: COMPANY_ID });
  const f = (key: string) => t(`company.fields.${key}`);
  const create = useApiMutation('company.createBank', { invalidates: BANK_INVALIDATES });
  const update = useApiMutation('company.updateBank', { invalidates: BANK_INVALIDATES });
  const remove = useApiMutation('company.deleteBank', { invalidates: BANK_INVALIDATES });
  const fields: FieldDecl<z.input<typeof bankSchema>>[] = [
    { name: 'bank_code', type: 'text', label: f('bank_code'), hint: t('company.banks.codeHint') },
    { name: 'bank_name', type: 'text', label: f('bank_name') },
    { name: 'agency', type: 'text', label: f('agency') },
    { name: 'agency_digit', type: 'text', label: f('agency_digit') },
    { name: 'account', type: 'text', label: f('account') },
    { name: 'account_digit', type: 'text', label: f('account_digit') },
    { name: 'wallet', type: 'text', label: f('wallet') },
    { name: 'agreement', type: 'text', label: f('agreement') },
    { name: 'wallet_variation', type: 'text', label: f('wallet_variation') },
    { name: 'next_our_number', type: 'number', label: f('next_our_number'), hint: t('company.banks.ourNumberHint') },
    { name: 'pix_key', type: 'text', label: f('pix_key'), hint: t('company.banks.pixKeyHint') },
    { name: 'active', type: 'switch', label: f('active') },
  ];
  return (
    <RecordsPanel<CompanyBankAccount, typeof bankSchema>
      decl={{
        testId: 'company-banks',
        texts: 'company.banks',
        intro: t('company.banks.intro'),
        columns: [
          { id: 'bank', title: 'company.fields.bank', width: 170, text: bankName },
          { id: 'agency', title: 'company.fields.agency', width: 90, kind: 'identifier', text: (b) => withDigit(b.agency, b.agency_digit) },
          { id: 'account', title: 'company.fields.account', width: 110, kind: 'identifier', text: (b) => withDigit(b.account, b.account_digit) },
          { id: 'wallet', title: 'company.fields.wallet', width: 70, kind: 'identifier', field: 'wallet' },
          { id: 'agreement', title: 'company.fields.agreement', width: 110, kind: 'identifier', field: 'agreement' },
          // An identifier (the next boleto's number), shown without thousands separators.
          { id: 'next', title: 'company.fields.next_our_number', width: 150, kind: 'identifier', text: (b) => String(b.next_our_number) },
          { id: 'active', title: 'company.fields.active', width: 70, kind: 'boolean', field: 'active' },
        ],
        rowMenu: {
          name: bankName,
          entries: [
            {
              id: 'remittances',
              label: 'remittance.openRemittances',
              icon: 'export',
              to: (b) => (hasRemittances(b.bank_code) ? `/app/company-operation/remittance-operation/${b.bank_code}` : null),
              testId: (b) => `company-bank-remittances-${b.id}`,
            },
            {
              // The manual remittance is of one collecting account: its route takes the account's id, not the bank code.
              id: 'manualRemittance',
              label: 'remittance.openManual',
              icon: 'hand-right',
              to: (b) => (hasRemittances(b.bank_code) ? `/app/company-operation/remittance-operation/manual/${b.id}` : null),
              testId: (b) => `company-bank-manual-remittance-${b.id}`,
            },
          ],
        },
        rows: query.data,
        loading: query.isFetching && !query.data,
        error: query.error,
        staleSince: query.stale ? (query.cachedAt ?? '') : null,
        schema: bankSchema,
        fields,
        empty: { bank_code: '', bank_name: '', agency: '', agency_digit: '', account: '', account_digit: '', wallet: '', agreement: '', wallet_variation: '', next_our_number: '1' as never, pix_key: '', active: true },
        toValues: (b) => ({
          bank_code: b.bank_code,
          bank_name: b.bank_name,
          agency: b.agency,
          agency_digit: text(b.agency_digit),
          account: b.account,
          account_digit: text(b.account_digit),
          wallet: b.wallet,
          agreement: b.agreement,
          wallet_variation: text(b.wallet_variation),
          next_our_number: asText(b.next_our_number) as never,
          pix_key: text(b.pix_key),
          active: b.active,
        }),
        create: (v) => create.mutateAsync({ ...v, id: COMPANY_ID }),
        update: (b, v) => update.mutateAsync({ ...v, id: COMPANY_ID, accountId: b.id }),
        remove: (b) => remove.mutateAsync({ id: COMPANY_ID, accountId: b.id }),
        describe: (b) => ({ bank: bankName(b), agency: withDigit(b.agency, b.agency_digit), account: withDigit(b.account, b.account_digit) }),
        canEdit,
      }}
    />
  );
}

/* ---------- assignees' accounts ---------- */

const assignmentSchema = formSchema(contract['company.createAssignmentAccount'].args.omit({ id: true }), { nullIfEmpty: ['account_digit'] });
const ASSIGNMENT_INVALIDATES = ['company.assignmentAccounts', 'company.assignmentAccount'] as const;

export function AssignmentAccountsPanel() {
  const { t } = useTranslation();
  const canEdit = useCanChangeCompany();
  const query = useApiQuery('company.assignmentAccounts', { id: COMPANY_ID });
  const f = (key: string) => t(`company.fields.${key}`);
  const create = useApiMutation('company.createAssignmentAccount', { invalidates: ASSIGNMENT_INVALIDATES });
  const update = useApiMutation('company.updateAssignmentAccount', { invalidates: ASSIGNMENT_INVALIDATES });
  const remove = useApiMutation('company.deleteAssignmentAccount', { invalidates: ASSIGNMENT_INVALIDATES });
  const fields: FieldDecl<z.input<typeof assignmentSchema>>[] = [
    { name: 'assignee_name', type: 'text', label: f('assignee_name') },
    { name: 'assignee_cnpj', type: 'text', label: f('assignee_cnpj') },
    { name: 'bank_code', type: 'text', label: f('bank_code'), hint: t('company.banks.codeHint') },
    { name: 'bank_name', type: 'text', label: f('bank_name') },
    { name: 'agency', type: 'text', label: f('agency') },
    { name: 'account', type: 'text', label: f('account') },
    { name: 'account_digit', type: 'text', label: f('account_digit') },
    { name: 'active', type: 'switch', label: f('active') },
    {
      name: 'repurchase_rule',
      type: 'select',
      label: f('repurchase_rule'),
      hint: t('company.assignment.repurchaseRuleHint'),
      options: REPURCHASE_RULES.map((r) => ({ value: r, label: t(`servicing.repurchase.rules.${r}`) })),
    },
    { name: 'repurchase_after_days', type: 'number', label: f('repurchase_after_days'), hint: t('company.assignment.repurchaseAfterDaysHint') },
  ];
  return (
    <RecordsPanel<AssignmentAccount, typeof assignmentSchema>
      decl={{
        testId: 'company-assignment',
        texts: 'company.assignment',
        intro: t('company.assignment.intro'),
        columns: [
          { id: 'name', title: 'company.fields.assignee_name', width: 200, field: 'assignee_name' },
          { id: 'cnpj', title: 'company.fields.assignee_cnpj', width: 160, kind: 'document', text: (a) => formatCpfCnpj(a.assignee_cnpj) },
          { id: 'bank', title: 'company.fields.bank', width: 170, text: bankName },
          { id: 'agency', title: 'company.fields.agency', width: 80, kind: 'identifier', field: 'agency' },
          { id: 'account', title: 'company.fields.account', width: 110, kind: 'identifier', text: (a) => withDigit(a.account, a.account_digit) },
          { id: 'active', title: 'company.fields.active', width: 70, kind: 'boolean', field: 'active' },
        ],
        rowMenu: {
          name: (a) => a.assignee_name,
          entries: [
            {
              id: 'remittances',
              label: 'assignmentRemittance.openRemittances',
              icon: 'export',
              to: (a) => `/app/company-operation/banks/${a.bank_code}/assignment-remittances`,
              testId: (a) => `company-assignment-remittances-${a.id}`,
            },
          ],
        },
        rows: query.data,
        loading: query.isFetching && !query.data,
        error: query.error,
        staleSince: query.stale ? (query.cachedAt ?? '') : null,
        schema: assignmentSchema,
        fields,
        empty: { assignee_name: '', assignee_cnpj: '', bank_code: '', bank_name: '', agency: '', account: '', account_digit: '', active: true, repurchase_rule: 'face_plus_charges', repurchase_after_days: 30 },
        toValues: (a) => ({
          assignee_name: a.assignee_name,
          assignee_cnpj: a.assignee_cnpj,
          bank_code: a.bank_code,
          bank_name: a.bank_name,
          agency: a.agency,
          account: a.account,
          account_digit: text(a.account_digit),
          active: a.active,
          repurchase_rule: a.repurchase_rule,
          repurchase_after_days: a.repurchase_after_days,
        }),
        create: (v) => create.mutateAsync({ ...v, id: COMPANY_ID }),
        update: (a, v) => update.mutateAsync({ ...v, id: COMPANY_ID, accountId: a.id }),
        remove: (a) => remove.mutateAsync({ id: COMPANY_ID, accountId: a.id }),
        describe: (a) => ({ name: a.assignee_name }),
        canEdit,
      }}
    />
  );
}
