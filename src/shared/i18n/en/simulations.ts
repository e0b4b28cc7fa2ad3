import type { Shape } from '../shape';
import type { simulations as pt } from '../pt-BR/simulations';

export const simulations: Shape<typeof pt> = {
  title: 'Simulations',
  exportTitle: 'Simulations',
  columns: {
    id: 'No.',
    createdAt: 'Date',
    name: 'Person',
    value: 'Value',
    plots: 'Installments',
    monthlyRate: 'Monthly rate',
    installment: 'Installment',
    solicitation: 'Solicitation',
  },
  filters: {
    name: 'Name',
    value: 'Simulated value (R$)',
    period: 'Period',
  },
  rate: '{{rate}} per month',
  solicitationLink: 'No. {{id}}',
  none: '—',
  openPerson: "Open {{name}}'s record",
  openSolicitation: 'Open solicitation no. {{id}}',
  delete: {
    action: 'Delete',
    title: 'Delete simulation',
    confirm: "Delete {{name}}'s simulation of {{value}} in {{plots}} installments? It leaves the lists (it stays in the history).",
    done: 'Simulation deleted.',
  },
  empty: 'No simulations.',
};
