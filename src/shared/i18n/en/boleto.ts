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
  registration: {
    title: "Title's registration at the bank",
    current: 'Registered at bank {{bank}}, nosso número {{ourNumber}}: {{state}} since {{date}}.',
    none: "No bank holds this installment's title now.",
    waiting: "The newest slip, of bank {{bank}}, goes in a remittance only after the baixa of the title at bank {{held}} went out in that bank's remittance: a title is registered at one bank at a time.",
    columns: { installment: 'Installment', bank: 'Bank', ourNumber: 'Nosso número', state: 'State', since: 'Since' },
    states: {
      issued: 'issued, not sent',
      sent: 'sent in a remittance, no return yet',
      confirmed: "confirmed by the bank's return",
      rejected: 'rejected by the bank',
      moved: 'carried on by a due-date change',
      write_off_sent: 'baixa sent',
      settled: 'settled at the bank',
      written_off: 'written off by the bank',
    },
    agreementTitle: "The agreement's slips at the bank",
    agreementNone: 'No slip of this agreement was issued yet: registration at the bank starts once a slip is downloaded or viewed.',
    noReason: 'the bank gave no reason',
    notRegisteredTitle: 'Title not yet registered at bank {{bank}}',
    notRegistered: "This slip (nosso número {{ourNumber}}) is {{state}} since {{date}}. The bank takes its payment only once it registered the title: check the return before handing it to the borrower.",
  },
};
