/**
 * What each list (the ListScreen kit) tells the person when it is empty and unfiltered: how its records get here or
 * what to do. A filtered empty list offers to clear the filters instead (components/ResourceTable.tsx).
 */
export const emptyHints = {
  solicitations: 'As solicitações chegam aqui quando um empreendedor as envia pelo formulário de solicitação ou quando alguém da equipe as cadastra.',
  simulations: 'As simulações aparecem aqui quando alguém simula um crédito em "Simulações" ou no formulário de solicitação.',
  entrepreneurs: 'Os empreendedores aparecem aqui quando criam sua conta no formulário de solicitação.',
  borrowers: 'Os tomadores aparecem aqui quando uma solicitação aprovada vira tomador, ou quando alguém os cadastra em "Novo tomador".',
  approvals: 'Nada aguarda a sua aprovação. Estornos, cessões, recompras, baixas e alterações de parâmetros acima do limite aparecem aqui quando alguém os pede.',
  expired: 'Nenhuma parcela vencida em aberto: as parcelas aparecem aqui no dia seguinte ao vencimento, enquanto não forem pagas.',
  suspense: 'Os valores a identificar aparecem aqui quando o banco credita um valor que nenhuma parcela recebeu (ao ler um arquivo retorno ou um aviso de Pix).',
  issuedContracts: 'Os contratos aparecem aqui quando uma operação aprovada tem o contrato emitido.',
  reportOperations: 'Nenhuma operação no período: escolha outro período ou outra situação.',
  reportParameterized: 'Nenhuma linha para estes parâmetros: mude os filtros do relatório e gere-o de novo.',
  messages: 'Os disparos aparecem aqui quando alguém envia um SMS ou e-mail aos empreendedores.',
  lgpd: 'Os pedidos de exclusão de dados pessoais aparecem aqui quando um titular os faz ou quando alguém os registra.',
  logs: 'As ações feitas no sistema são registradas aqui à medida que acontecem.',
  users: 'Cadastre a equipe em "Novo usuário": cada pessoa recebe um e-mail para definir a senha.',
  projects: 'Cadastre um projeto em "Novo projeto" para oferecê-lo no formulário de solicitação.',
  situations: 'Cadastre uma situação em "Nova situação" para oferecê-la no formulário de solicitação.',
  howDidFind: 'Cadastre uma opção em "Nova opção" para perguntar no formulário como nos conheceram.',
  reasons: 'Cadastre um motivo em "Novo motivo" para oferecê-lo no formulário de solicitação.',
} as const;
