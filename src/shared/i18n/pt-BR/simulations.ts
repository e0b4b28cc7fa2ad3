/** Simulations screen (the spec's validation rules and calls). */
export const simulations = {
  title: 'Simulações',
  exportTitle: 'Simulações',
  columns: {
    id: 'Nº',
    createdAt: 'Data',
    name: 'Pessoa',
    value: 'Valor',
    plots: 'Parcelas',
    monthlyRate: 'Taxa mensal',
    installment: 'Parcela',
    solicitation: 'Solicitação',
  },
  filters: {
    name: 'Nome',
    value: 'Valor simulado (R$)',
    period: 'Período',
  },
  rate: '{{rate}} a.m.',
  solicitationLink: 'Nº {{id}}',
  none: '—',
  openPerson: 'Abrir o cadastro de {{name}}',
  openSolicitation: 'Abrir a solicitação nº {{id}}',
  delete: {
    action: 'Excluir',
    title: 'Excluir simulação',
    confirm: 'Excluir a simulação de {{value}} em {{plots}} parcelas de {{name}}? Ela deixa de aparecer nas listas (fica guardada no histórico).',
    done: 'Simulação excluída.',
  },
  empty: 'Nenhuma simulação.',
};
