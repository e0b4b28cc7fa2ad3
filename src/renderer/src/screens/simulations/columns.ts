/**
 * The columns of a simulation row, shared by /app/simulations and the
 * person's simulations tab: the person (a link to their record), value,
 * plots, monthly rate, installment, date and, when there is one, the
 * solicitation (a link to it).
 */
import type { Simulation } from '@shared/contract';
import { formatPercentage } from '@shared/format';
import type { ColumnDecl } from '@kit/list/columns';

type SimulationSort = 'created_at' | 'name' | 'value' | 'plots' | 'monthly_rate' | 'installment';

export function simulationColumns(options: { person: boolean; sortable: boolean }): ColumnDecl<Simulation, SimulationSort>[] {
  const sort = <S extends SimulationSort>(field: S) => (options.sortable ? field : undefined);
  const columns: ColumnDecl<Simulation, SimulationSort>[] = [
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
    {
      id: 'rate',
      title: 'simulations.columns.monthlyRate',
      sort: sort('monthly_rate'),
      width: 120,
      text: (s, t) => t('simulations.rate', { rate: formatPercentage(s.monthly_rate) }),
    },
    { id: 'installment', title: 'simulations.columns.installment', sort: sort('installment'), width: 130, kind: 'money', field: 'installment' },
    {
      id: 'solicitation',
      title: 'simulations.columns.solicitation',
      width: 110,
      text: (s, t) => (s.solicitation_id ? t('simulations.solicitationLink', { id: s.solicitation_id }) : t('simulations.none')),
      link: (s) => (s.solicitation_id ? `/app/solicitations/view/${s.solicitation_id}` : null),
      testId: (s) => `simulation-solicitation-${s.id}`,
    },
  ];
  return options.person ? columns : columns.filter((c) => c.id !== 'name');
}
