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
};
