/**
 * The company's record lists on RecordsPanel, each declared once: its record
 * form (recordForms.ts: one field list per list), its three calls and what
 * their arguments add to the form's values. Legal representatives and
 * witnesses (who sign the contracts, CPF checked), IOF rates by person type
 * and validity period (newest first; an overlapping period is refused by the
 * server with 409, shown on the period's start), the bank accounts boletos
 * and remittances use, and the assignees' accounts.
 */
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ArgsOf, Company, ExposedOperationName } from '@shared/contract';
import { REMITTANCE_BANK_CODES } from '@shared/contract/company-remittance';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { COMPANY_INVALIDATES, useCanChangeCompany } from './access';
import { COMPANY_ID } from '../../app/company';
import { withDigit, type RecordForm, type RecordFormSchema } from '@kit/form/recordFields';
import type { Translate } from '@kit/list/columns';
import type { RowMenuDecl } from '@kit/list/rowMenu';
import { queryRows, RecordsPanel } from '@kit/RecordsPanel';
import { assignmentForm, bankForm, bankName, iofForm, iofPeriod, representativeForm, witnessForm } from './recordForms';

type Op = ExposedOperationName;

/** One company list: its form, its create / update / remove calls and their arguments. */
interface CompanyList<R extends { id: number }, S extends z.ZodObject, C extends Op, U extends Op, D extends Op> {
  /** `company-<name>` test ids, `company.<name>` texts */
  name: string;
  form: RecordForm<S, R>;
  calls: readonly [C, U, D];
  invalidates: readonly Op[];
  createArgs(values: z.output<S>): ArgsOf<C>;
  updateArgs(row: R, values: z.output<S>): ArgsOf<U>;
  removeArgs(row: R): ArgsOf<D>;
  /** what the removal question names */
  describe(row: R, t: Translate): Record<string, string>;
  rowMenu?: RowMenuDecl<R>;
}

/** A list's declaration, its types read from the form and the calls. */
const companyList = <R extends { id: number }, S extends z.ZodObject, C extends Op, U extends Op, D extends Op>(list: CompanyList<R, S, C, U, D>) => list;

interface ListRows<R> {
  rows: readonly R[] | undefined;
  loading: boolean;
  error: unknown;
  staleSince: string | null;
}

function CompanyRecordsPanel<R extends { id: number }, S extends z.ZodObject, C extends Op, U extends Op, D extends Op>({
  list,
  load,
}: {
  list: CompanyList<R, S, C, U, D>;
  load: ListRows<R>;
}) {
  const { t } = useTranslation();
  const canEdit = useCanChangeCompany();
  const { invalidates } = list;
  const create = useApiMutation(list.calls[0], { invalidates });
  const update = useApiMutation(list.calls[1], { invalidates });
  const remove = useApiMutation(list.calls[2], { invalidates });
  return (
    <RecordsPanel<R, RecordFormSchema<S>>
      decl={{
        testId: `company-${list.name}`,
        texts: `company.${list.name}`,
        intro: t(`company.${list.name}.intro`),
        ...list.form.panel(t),
        ...load,
        rowMenu: list.rowMenu,
        create: (values) => create.mutateAsync(list.createArgs(values)),
        update: (row, values) => update.mutateAsync(list.updateArgs(row, values)),
        remove: (row) => remove.mutateAsync(list.removeArgs(row)),
        describe: (row) => list.describe(row, t),
        canEdit,
      }}
    />
  );
}

/* ---------- representatives and witnesses ---------- */

interface CompanyLoad {
  company: Company | undefined;
  loading: boolean;
  error: unknown;
  staleSince: string | null;
}

/** A representative's and a witness's calls: the company's id beside the values; removal names the person. */
const OF_COMPANY = {
  invalidates: COMPANY_INVALIDATES,
  createArgs: <V,>(values: V) => ({ ...values, company_id: COMPANY_ID }),
  updateArgs: <V,>(row: { id: number }, values: V) => ({ ...values, id: row.id, company_id: COMPANY_ID }),
  removeArgs: (row: { id: number }) => ({ id: row.id }),
  describe: (row: { name: string }) => ({ name: row.name }),
};

const REPRESENTATIVES = companyList({
  name: 'representatives',
  form: representativeForm,
  calls: ['company.createRepresentative', 'company.updateRepresentative', 'company.deleteRepresentative'],
  ...OF_COMPANY,
});
const WITNESSES = companyList({ name: 'witnesses', form: witnessForm, calls: ['company.createWitness', 'company.updateWitness', 'company.deleteWitness'], ...OF_COMPANY });

const rowsOf = <R,>(load: CompanyLoad, rows: readonly R[] | undefined): ListRows<R> => ({ rows, loading: load.loading, error: load.error, staleSince: load.staleSince });

export function RepresentativesPanel({ load }: { load: CompanyLoad }) {
  return <CompanyRecordsPanel list={REPRESENTATIVES} load={rowsOf(load, load.company?.representatives)} />;
}

export function WitnessesPanel({ load }: { load: CompanyLoad }) {
  return <CompanyRecordsPanel list={WITNESSES} load={rowsOf(load, load.company?.witnesses)} />;
}

/* ---------- IOF rates by period ---------- */

const IOF = companyList({
  name: 'iof',
  form: iofForm,
  calls: ['company.createIofParameter', 'company.updateIofParameter', 'company.deleteIofParameter'],
  invalidates: ['company.iofParameters'],
  createArgs: (values) => values,
  updateArgs: (p, values) => ({ ...values, id: p.id }),
  removeArgs: (p) => ({ id: p.id }),
  describe: (p, t) => ({ type: t(`company.iof.types.${p.person_type}`), period: iofPeriod(p, t) }),
});

export function IofPanel() {
  return <CompanyRecordsPanel list={IOF} load={queryRows(useApiQuery('company.iofParameters', {}))} />;
}

/* ---------- bank accounts and assignees' accounts ---------- */

/** A company account's calls: the company's id beside the values, the account's as accountId. */
const ACCOUNT_OF_COMPANY = {
  createArgs: <V,>(values: V) => ({ ...values, id: COMPANY_ID }),
  updateArgs: <V,>(row: { id: number }, values: V) => ({ ...values, id: COMPANY_ID, accountId: row.id }),
  removeArgs: (row: { id: number }) => ({ id: COMPANY_ID, accountId: row.id }),
};
/** The banks whose CNAB remittances the server writes link to their remittances. */
const hasRemittances = (code: string) => (REMITTANCE_BANK_CODES as readonly string[]).includes(code);

const BANKS = companyList({
  name: 'banks',
  form: bankForm,
  calls: ['company.createBank', 'company.updateBank', 'company.deleteBank'],
  invalidates: ['company.banks'],
  ...ACCOUNT_OF_COMPANY,
  describe: (b) => ({ bank: bankName(b), agency: withDigit(b.agency, b.agency_digit), account: withDigit(b.account, b.account_digit) }),
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
});

export function BanksPanel() {
  return <CompanyRecordsPanel list={BANKS} load={queryRows(useApiQuery('company.banks', { id: COMPANY_ID }))} />;
}

const ASSIGNMENT = companyList({
  name: 'assignment',
  form: assignmentForm,
  calls: ['company.createAssignmentAccount', 'company.updateAssignmentAccount', 'company.deleteAssignmentAccount'],
  invalidates: ['company.assignmentAccounts', 'company.assignmentAccount'],
  ...ACCOUNT_OF_COMPANY,
  describe: (a) => ({ name: a.assignee_name }),
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
});

export function AssignmentAccountsPanel() {
  return <CompanyRecordsPanel list={ASSIGNMENT} load={queryRows(useApiQuery('company.assignmentAccounts', { id: COMPANY_ID }))} />;
}
