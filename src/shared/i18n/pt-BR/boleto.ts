/** Boletos and the carnê: the buttons that save them or show them in the app's viewer. */
export const boleto = {
  download: 'Baixar boleto',
  view: 'Ver boleto',
  viewTitle: 'Boleto da parcela',
  carneDownload: 'Baixar carnê',
  carneView: 'Ver carnê',
  carneTitle: 'Carnê da operação',
  saved: 'Arquivo salvo em {{path}}',
  close: 'Fechar',
  loading: 'Gerando o PDF…',
  /** One bank per title: where the installment's title is registered, and the warning beside a slip printed before its bank confirmed it. */
  registration: {
    title: 'Registro do título no banco',
    current: 'Registrado no banco {{bank}}, nosso número {{ourNumber}}: {{state}} desde {{date}}.',
    none: 'Nenhum banco tem o título desta parcela registrado agora.',
    waiting: 'O boleto mais recente, do banco {{bank}}, só vai na remessa depois que a baixa do título no banco {{held}} sair numa remessa daquele banco: um título fica registrado em um banco por vez.',
    columns: { bank: 'Banco', ourNumber: 'Nosso número', state: 'Situação', since: 'Desde' },
    states: {
      issued: 'emitido, não enviado',
      sent: 'enviado na remessa, sem retorno',
      confirmed: 'confirmado pelo retorno do banco',
      rejected: 'rejeitado pelo banco',
      moved: 'continuado por alteração de vencimento',
      write_off_sent: 'baixa enviada',
      settled: 'liquidado no banco',
      written_off: 'baixado pelo banco',
    },
    notRegisteredTitle: 'Título ainda não registrado no banco {{bank}}',
    notRegistered: 'Este boleto (nosso número {{ourNumber}}) está {{state}} desde {{date}}. O banco só aceita o pagamento depois de registrar o título: confira o retorno antes de entregá-lo ao tomador.',
  },
};
