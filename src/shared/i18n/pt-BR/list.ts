/** The list kit: header sorting, paging, page size and the filter form (components/list). */
export const list = {
  sortBy: 'Ordenar por {{column}}',
  pagination: 'Paginação',
  firstPage: 'Primeira página',
  previousPage: 'Página anterior',
  nextPage: 'Próxima página',
  lastPage: 'Última página',
  range: '{{from}}–{{to}} de {{total}}',
  pageSize: 'Linhas por página',
  filters: {
    title: 'Filtros',
    period: 'Período',
    apply: 'Filtrar',
    from: 'de',
    to: 'até',
    min: 'mínimo',
    max: 'máximo',
    dateRangeInverted: 'A data inicial deve ser igual ou anterior à final.',
    moneyInvalid: 'Informe um valor como 1.234,56.',
    moneyRangeInverted: 'O valor mínimo deve ser igual ou menor que o máximo.',
  },
} as const;
