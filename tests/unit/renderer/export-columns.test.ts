/**
 * List screens whose Excel export writes the same fields take their columns
 * from the contract's export columns (the kit's exportColumns): field,
 * header and format once. The screens must draw exactly what their
 * hand-written declarations did: the expectations below are those
 * declarations, written out, compared property by property and by the text
 * each cell shows, links and test ids included.
 */
import { describe, expect, it } from 'vitest';
import {
  ENTREPRENEUR_EXPORT_COLUMNS,
  type AdminUser,
  type Entrepreneur,
  type ExpiredInstallment,
  type LogItem,
  type Simulation,
} from '../../../src/shared/contract';
import type { OperationsReportItem } from '../../../src/shared/contract/company-reports';
import { formatPercentage } from '../../../src/shared/format';
import { translate } from '../../../src/shared/i18n';
import { ROLE_LABELS_PT } from '../../../src/shared/roles';
import { cellText, exportColumns, type ColumnDecl } from '../../../src/renderer/src/components/list/columns';
import { EXPIRED_COLUMNS } from '../../../src/renderer/src/screens/collections/columns';
import { OPERATIONS_REPORT_COLUMNS } from '../../../src/renderer/src/screens/company/reports/operationsReportColumns';
import { ENTREPRENEUR_COLUMNS } from '../../../src/renderer/src/screens/entrepreneurs/columns';
import { LOG_COLUMNS } from '../../../src/renderer/src/screens/logs/columns';
import { actionLabel, entityLabel } from '../../../src/renderer/src/screens/logs/labels';
import { simulationColumns } from '../../../src/renderer/src/screens/simulations/columns';
import { USER_COLUMNS } from '../../../src/renderer/src/screens/users/columns';
import { catalogueHas } from '../../helpers/catalogue';

const t = (key: string, vars?: Record<string, unknown>) => translate('pt-BR', key, vars as Record<string, string | number> | undefined);

const FUNCTIONS = ['value', 'text', 'intent', 'testId', 'link', 'short'] as const;

/** A column without its functions, and which functions it has. */
function plain<T>(c: ColumnDecl<T>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(c)) if (value !== undefined && !FUNCTIONS.includes(key as (typeof FUNCTIONS)[number])) out[key] = value;
  return { ...out, kind: c.kind ?? 'text', functions: FUNCTIONS.filter((f) => c[f] !== undefined) };
}

/** What each column shows and where it leads for these rows: the cell text, link and test id. */
function drawn<T>(columns: readonly ColumnDecl<T>[], rows: readonly T[]) {
  return rows.map((row) => columns.map((c) => [cellText(c, row, t), c.short?.(row) ?? null, c.link?.(row) ?? null, c.testId?.(row) ?? null, c.intent && c.field ? c.intent(String(row[c.field])) : null]));
}

function same<T>(derived: readonly ColumnDecl<T>[], written: readonly ColumnDecl<T>[], rows: readonly T[]) {
  expect(derived.map(plain)).toEqual(written.map(plain));
  expect(drawn(derived, rows)).toEqual(drawn(written, rows));
  for (const locale of ['pt-BR', 'en'] as const) expect(derived.map((c) => c.title).filter((k) => !catalogueHas(locale, k)), locale).toEqual([]);
}

describe('exportColumns', () => {
  const column = exportColumns<Entrepreneur>(ENTREPRENEUR_EXPORT_COLUMNS);

  it("gives the export's field and header, its cell by the export's format, and the screen's own properties over them", () => {
    expect(column('created_at')).toEqual({ id: 'created_at', title: 'entrepreneurs.columns.createdAt', kind: 'datetime', field: 'created_at' });
    expect(column('active', { width: 80 })).toEqual({ id: 'active', title: 'entrepreneurs.columns.active', kind: 'boolean', field: 'active', width: 80 });
    expect(column('name', { id: 'who', title: 'x.y', kind: 'identifier' })).toEqual({ id: 'who', title: 'x.y', kind: 'identifier', field: 'name' });
  });

  it("leaves a computed cell to the screen: no field, and the export's format is not its kind", () => {
    const text = () => 'x';
    expect(column('created_at', { text })).toEqual({ id: 'created_at', title: 'entrepreneurs.columns.createdAt', text });
  });

  it('refuses a field the export does not write', () => {
    expect(() => column('updated_at')).toThrow('"updated_at" is not a column of the export');
  });
});

describe('list screens from their export columns: the same columns as written by hand', () => {
  it('expired installments', () => {
    const row: ExpiredInstallment = {
      id: 41,
      credit_operation_id: 12,
      operation_number: 'OP-000012',
      number: 3,
      installments_count: 12,
      due_date: '2026-03-10',
      payable_until: '2026-03-10',
      days_late: 20,
      band: '16-30',
      value: '945.60',
      open_value: '945.60',
      late_fee: '18.91',
      default_interest: '6.30',
      contract_interest: '12.00',
      amount_due: '982.81',
      bank_short: null,
      borrower_id: 7,
      borrower_name: 'Maria Souza',
      borrower_document: '52998224725',
      product: 'microcredit',
    };
    const written: ColumnDecl<ExpiredInstallment>[] = [
      { id: 'operation', title: 'collections.columns.operation', kind: 'identifier', field: 'operation_number', link: (r) => `/app/clientOperation/analize/${r.credit_operation_id}` },
      { id: 'number', title: 'collections.columns.number', kind: 'identifier', text: (r, tr) => tr('collections.numberOf', { number: r.number, count: r.installments_count }) },
      {
        id: 'borrower',
        title: 'collections.columns.borrower',
        sort: 'borrower_name',
        width: 220,
        field: 'borrower_name',
        link: (r) => `/app/clientOperation/view/${r.borrower_id}`,
        testId: (r) => `expired-borrower-${r.id}`,
      },
      { id: 'due', title: 'collections.columns.dueDate', sort: 'due_date', kind: 'date', field: 'due_date' },
      { id: 'daysLate', title: 'collections.columns.daysLate', sort: 'days_late', kind: 'integer', field: 'days_late', testId: (r) => `expired-days-${r.id}` },
      {
        id: 'band',
        title: 'collections.columns.band',
        kind: 'status',
        labels: 'collections.bands',
        field: 'band',
        short: (r) => r.band.replace('-', '–'),
        intent: (band) => (band === '1-15' ? 'warning' : 'danger'),
        testId: (r) => `expired-band-${r.id}`,
      },
      { id: 'due-total', title: 'collections.columns.amountDue', kind: 'money', field: 'amount_due', testId: (r) => `expired-due-${r.id}` },
    ];
    same<ExpiredInstallment>(EXPIRED_COLUMNS, written, [row, { ...row, band: '1-15', product: 'working_capital', bank_short: '1.73' }]);
  });

  it('staff accounts', () => {
    const row: AdminUser = {
      id: 5,
      name: 'Olga Operadora',
      email: 'operador@demo.local',
      role_id: 5,
      active: true,
      two_factor: false,
      email_confirmed: true,
      created_at: '2026-01-15T13:45:00.000Z',
      updated_at: '2026-01-15T13:45:00.000Z',
    } as AdminUser;
    const written: ColumnDecl<AdminUser>[] = [
      { id: 'name', title: 'users.columns.name', sort: 'name', width: 220, field: 'name' },
      { id: 'email', title: 'users.columns.email', sort: 'email', width: 260, field: 'email' },
      { id: 'role', title: 'users.columns.role', sort: 'role_id', width: 170, text: (u) => ROLE_LABELS_PT[u.role_id] },
      { id: 'active', title: 'users.columns.active', sort: 'active', width: 90, kind: 'boolean', field: 'active' },
      { id: 'created', title: 'users.columns.createdAt', sort: 'created_at', width: 120, kind: 'date', field: 'created_at' },
    ];
    same<AdminUser>(USER_COLUMNS, written, [row, { ...row, role_id: 1, active: false }]);
  });

  it('entrepreneurs', () => {
    const row: Entrepreneur = {
      id: 9,
      name: 'Ulisses Usuário',
      email: 'usuario@demo.local',
      cpf: '52998224725',
      phone: '11987654321',
      state: 'SP',
      city: 'Campinas',
      active: true,
      created_at: '2026-01-15T13:45:00.000Z',
      updated_at: '2026-01-15T13:45:00.000Z',
    };
    const written: ColumnDecl<Entrepreneur>[] = [
      { id: 'name', title: 'entrepreneurs.columns.name', sort: 'name', width: 220, field: 'name' },
      { id: 'email', title: 'entrepreneurs.columns.email', sort: 'email', width: 240, field: 'email' },
      { id: 'cpf', title: 'entrepreneurs.columns.cpf', width: 140, kind: 'document', field: 'cpf' },
      { id: 'phone', title: 'entrepreneurs.columns.phone', width: 140, kind: 'identifier', field: 'phone' },
      { id: 'state', title: 'entrepreneurs.columns.state', sort: 'state', width: 60, kind: 'identifier', field: 'state' },
      { id: 'city', title: 'entrepreneurs.columns.city', sort: 'city', width: 140, field: 'city' },
      { id: 'active', title: 'entrepreneurs.columns.active', width: 80, kind: 'boolean', field: 'active' },
      { id: 'created', title: 'entrepreneurs.columns.createdAt', sort: 'created_at', width: 120, kind: 'date', field: 'created_at' },
    ];
    same<Entrepreneur>(ENTREPRENEUR_COLUMNS, written, [row, { ...row, cpf: null, phone: null, state: null, city: null }]);
  });

  it('the activity log', () => {
    const row = {
      id: 3,
      created_at: '2026-01-15T13:45:00.000Z',
      actor_id: 2,
      actor_name: 'Arthur Admin',
      actor_email: 'admin@demo.local',
      action: 'create',
      entity: 'user',
      entity_id: '12',
    } as unknown as LogItem;
    const written: ColumnDecl<LogItem>[] = [
      { id: 'created', title: 'logs.columns.createdAt', sort: 'created_at', width: 150, kind: 'datetime', field: 'created_at' },
      {
        id: 'actor',
        title: 'logs.columns.actor',
        sort: 'actor',
        width: 280,
        text: (l, tr) => (l.actor_id === null ? tr('logs.system') : `${l.actor_name ?? ''} <${l.actor_email ?? ''}>`),
      },
      { id: 'action', title: 'logs.columns.action', sort: 'action', width: 190, text: (l, tr) => actionLabel(tr, l.action) },
      { id: 'entity', title: 'logs.columns.entity', sort: 'entity', width: 150, text: (l, tr) => entityLabel(tr, l.entity) },
      { id: 'entityId', title: 'logs.columns.entityId', width: 90, kind: 'identifier', field: 'entity_id' },
    ];
    same<LogItem>(LOG_COLUMNS, written, [row, { ...row, actor_id: null, actor_name: null, actor_email: null } as unknown as LogItem]);
  });

  it('simulations, with and without the person, sortable or not', () => {
    const row: Simulation = {
      id: 4,
      user_id: 9,
      name: 'Ulisses Usuário',
      solicitation_id: 17,
      value: '15000.00',
      plots: 12,
      monthly_rate: '1.9900',
      installment: '1418.15',
      created_at: '2026-01-15T13:45:00.000Z',
    };
    for (const options of [
      { person: true, sortable: true },
      { person: false, sortable: false },
    ]) {
      const sort = <S extends string>(field: S) => (options.sortable ? field : undefined);
      const written: ColumnDecl<Simulation>[] = [
        { id: 'created', title: 'simulations.columns.createdAt', sort: sort('created_at'), width: 140, kind: 'datetime', field: 'created_at' },
        {
          id: 'name',
          title: 'simulations.columns.name',
          sort: sort('name'),
          width: 220,
          field: 'name',
          link: (s) => `/app/entrepreneurs/${s.user_id}`,
          testId: (s) => `simulation-person-${s.id}`,
        },
        { id: 'value', title: 'simulations.columns.value', sort: sort('value'), width: 130, kind: 'money', field: 'value' },
        { id: 'plots', title: 'simulations.columns.plots', sort: sort('plots'), width: 90, kind: 'integer', field: 'plots' },
        { id: 'rate', title: 'simulations.columns.monthlyRate', sort: sort('monthly_rate'), width: 120, text: (s, tr) => tr('simulations.rate', { rate: formatPercentage(s.monthly_rate) }) },
        { id: 'installment', title: 'simulations.columns.installment', sort: sort('installment'), width: 130, kind: 'money', field: 'installment' },
        {
          id: 'solicitation',
          title: 'simulations.columns.solicitation',
          width: 110,
          text: (s, tr) => (s.solicitation_id ? tr('simulations.solicitationLink', { id: s.solicitation_id }) : tr('simulations.none')),
          link: (s) => (s.solicitation_id ? `/app/solicitations/view/${s.solicitation_id}` : null),
          testId: (s) => `simulation-solicitation-${s.id}`,
        },
      ];
      same<Simulation>(
        simulationColumns(options),
        options.person ? written : written.filter((c) => c.id !== 'name'),
        [row, { ...row, solicitation_id: null }],
      );
    }
  });

  it('the operations report', () => {
    const row: OperationsReportItem = {
      id: 12,
      borrower_name: 'Padaria Pão Bom Ltda',
      borrower_document: '11222333000181',
      product: 'working_capital',
      status: 'disbursed',
      disbursement_date: '2026-01-15',
      installments_count: 12,
      monthly_rate: '2.5000',
      principal: '10000.00',
      iof_total: '123.45',
      total_payable: '11700.00',
    };
    const C = (key: string) => `reports.operations.columns.${key}`;
    const written: ColumnDecl<OperationsReportItem>[] = [
      { id: 'id', title: C('number'), width: 70, kind: 'integer', field: 'id' },
      { id: 'borrower', title: C('borrowerName'), width: 180, field: 'borrower_name' },
      { id: 'document', title: C('borrowerDocument'), width: 140, kind: 'document', field: 'borrower_document' },
      { id: 'product', title: C('product'), width: 120, text: (r, tr) => tr(`creditOperations.products.${r.product}`) },
      { id: 'status', title: C('status'), width: 140, kind: 'status', field: 'status', labels: 'creditOperations.status' },
      { id: 'date', title: C('disbursementDate'), width: 100, kind: 'date', field: 'disbursement_date' },
      { id: 'installments', title: C('installments'), width: 70, kind: 'integer', field: 'installments_count' },
      { id: 'principal', title: C('principal'), width: 120, kind: 'money', field: 'principal' },
      { id: 'iof', title: C('iof'), width: 100, kind: 'money', field: 'iof_total' },
      { id: 'payable', title: C('totalPayable'), width: 120, kind: 'money', field: 'total_payable' },
    ];
    same<OperationsReportItem>(OPERATIONS_REPORT_COLUMNS, written, [row]);
  });
});
