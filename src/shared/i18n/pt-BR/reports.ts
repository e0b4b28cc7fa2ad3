/** The company's reports (Operações › Empresa › Relatórios). */
export const reports = {
  link: 'Relatório de IOF',
  iof: {
    title: 'Relatório de IOF',
    crumb: 'Relatório de IOF',
    intro: 'O IOF cobrado na liberação das operações, por decêndio (dias 1–10, 11–20 e 21 ao fim do mês) e por tipo de contribuinte, com o código de receita do DARF e o vencimento (3º dia útil após o decêndio). O período é ampliado para decêndios inteiros.',
    from: 'De',
    to: 'Até',
    show: 'Consultar',
    savePdf: 'Salvar PDF',
    saved: 'Arquivo salvo em {{path}}',
    period: 'Período: {{from}} a {{to}}',
    empty: 'Nenhum IOF cobrado no período.',
    decendioTotal: 'Total do decêndio',
    periodTotal: 'Total do período: {{total}} ({{count}} operações)',
    payer: { PF: 'Pessoa física', PJ: 'Pessoa jurídica' },
    columns: {
      decendio: 'Decêndio',
      start: 'Início',
      end: 'Fim',
      payerType: 'Contribuinte',
      darfCode: 'Código DARF',
      operationCount: 'Operações',
      total: 'IOF',
      dueDate: 'Vencimento',
    },
  },
};
