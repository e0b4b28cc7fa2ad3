import type { Shape } from '../shape';
import type { boleto as pt } from '../pt-BR/boleto';

export const boleto: Shape<typeof pt> = {
  download: 'Download boleto',
  view: 'View boleto',
  viewTitle: "Installment's boleto",
  carneDownload: 'Download payment book',
  carneView: 'View payment book',
  carneTitle: "Operation's payment book (carnê)",
  saved: 'File saved to {{path}}',
  close: 'Close',
  loading: 'Generating the PDF…',
};
