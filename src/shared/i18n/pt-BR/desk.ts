/** The collections desk's menu section (Cobrança), its attention counts, the palette's synonyms and the approvals inbox. */
export const desk = {
  menu: {
    group: 'Cobrança',
    overdue: 'Parcelas vencidas',
    approvals: 'Aprovações pendentes',
    suspense: 'Valores a identificar',
    bankFiles: 'Remessas e retornos',
    /** the count beside an entry, for screen readers */
    attention: '{{count}} para atenção',
    attentionMore: 'mais de {{count}} para atenção',
  },
  /** more words the palette finds each page by (space separated; what people call it) */
  words: {
    overdue: 'vencidas vencida vencimento atraso atrasadas atrasada inadimplência inadimplentes cobrança cobrar',
    approvals: 'aprovação aprovações aprovar pendências quatro olhos pedidos estorno cessão recompra baixa',
    suspense: 'a identificar suspenso crédito sem parcela devolução',
    bankFiles: 'remessa remessas retorno retornos CNAB arquivo banco bancos',
    reports: 'relatório relatórios',
    iofReport: 'relatório IOF imposto',
    operationsReport: 'relatório operações carteira',
    parameterizedReport: 'relatório parametrizado personalizado',
  },
  palette: {
    iofReport: 'Relatório de IOF',
    operationsReport: 'Relatório de operações',
    parameterizedReport: 'Relatório parametrizado',
    reports: 'Relatórios',
  },
  inbox: {
    title: 'Aprovações pendentes',
    intro: 'Tudo o que aguarda a aprovação de outra pessoa, do pedido mais antigo ao mais novo. Abra o pedido para aprovar ou recusar na tela da operação.',
    empty: 'Nada aguarda aprovação. Quando alguém pedir um estorno, uma cessão, uma recompra, uma baixa ou uma alteração de parâmetros acima do limite, o pedido aparece aqui.',
    columns: {
      kind: 'O quê',
      operation: 'Operação',
      borrower: 'Tomador',
      amount: 'Valor',
      maker: 'Pedido por',
      since: 'Desde',
      checks: 'Aprovações',
      state: 'Situação',
    },
    checks: '{{given}} de {{required}}',
    moreOperations: '{{number}} e mais {{count}}',
    filters: { kind: 'Tipo', mine: 'Meus' },
    mine: { check: 'Posso aprovar', asked: 'Pedidos por mim' },
    state: { check: 'Pode aprovar', asked: 'Seu pedido', other: 'Com outra pessoa' },
    /** by kind (APPROVAL_KINDS), nested at the dot: t(`desk.inbox.kinds.${kind}`) */
    kinds: {
      credit_operation: { approve: 'Aprovação de crédito', write_off: 'Baixa do saldo como perda' },
      installment: { reverse: 'Estorno de pagamento', write_off: 'Baixa de parcela como perda' },
      cession: { assign: 'Cessão de parcelas', reverse: 'Desfazimento de cessão', price_write_off: 'Baixa de diferença do preço da cessão' },
      repurchase: { create: 'Recompra', reverse: 'Desfazimento de recompra' },
      suspense: { refund: 'Devolução de valor a identificar' },
      company: { parameters: 'Alteração de parâmetros' },
      ledger: { close: 'Fechamento mensal' },
      renegotiation: { agree: 'Acordo de renegociação', reverse_payment: 'Estorno de pagamento de acordo', limits: 'Alteração dos limites de renegociação' },
    },
  },
  /** after asking: the request waits for someone else */
  sent: {
    title: 'Enviado para aprovação de outra pessoa',
    open: 'Ver aprovações pendentes',
  },
  /** the confirm button when the amount is above the limit */
  askApproval: 'Pedir aprovação',
} as const;
