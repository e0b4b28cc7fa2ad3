/**
 * The columns of a simulation row, shared by /app/simulations and the
 * person's simulations tab: the person (a link to their record), value,
 * plots, monthly rate, installment, date and, when there is one, the
 * solicitation (a link to it). Field, header and format are the contract's
 * export columns' (SIMULATION_EXPORT_COLUMNS); the screen adds its widths,
 * sorts, links and test ids, and words the rate and the solicitation.
 */
import { SIMULATION_EXPORT_COLUMNS, type Simulation } from '@shared/contract';
import { formatPercentage } from '@shared/format';
import { exportColumns, type ColumnDecl } from '@kit/list/columns';

type SimulationSort = 'created_at' | 'name' | 'value' | 'plots' | 'monthly_rate' | 'installment';

const column = exportColumns<Simulation, SimulationSort>(SIMULATION_EXPORT_COLUMNS);

export function simulationColumns(options: { person: boolean; sortable: boolean }): ColumnDecl<Simulation, SimulationSort>[] {
  const sort = <S extends SimulationSort>(field: S) => (options.sortable ? field : undefined);
  const columns: ColumnDecl<Simulation, SimulationSort>[] = [
    column('created_at', { id: 'created', sort: sort('created_at'), width: 140 }),
    column('name', { sort: sort('name'), width: 220, link: (s) => `/app/entrepreneurs/${s.user_id}`, testId: (s) => `simulation-person-${s.id}` }),
    column('value', { sort: sort('value'), width: 130 }),
    column('plots', { sort: sort('plots'), width: 90 }),
    column('monthly_rate', { id: 'rate', sort: sort('monthly_rate'), width: 120, text: (s, t) => t('simulations.rate', { rate: formatPercentage(s.monthly_rate) }) }),
    column('installment', { sort: sort('installment'), width: 130 }),
    column('solicitation_id', {
      id: 'solicitation',
      width: 110,
      text: (s, t) => (s.solicitation_id ? t('simulations.solicitationLink', { id: s.solicitation_id }) : t('simulations.none')),
      link: (s) => (s.solicitation_id ? `/app/solicitations/view/${s.solicitation_id}` : null),
      testId: (s) => `simulation-solicitation-${s.id}`,
    }),
  ];
  return options.person ? columns : columns.filter((c) => c.id !== 'name');
}
