import type { emptyHints as pt } from '../pt-BR/emptyHints';
import type { Shape } from '../shape';

/** What each empty, unfiltered list tells the person: how its records get here or what to do. */
export const emptyHints: Shape<typeof pt> = {
  solicitations: 'Requests arrive here when an entrepreneur sends one through the request form or when a staff member enters one.',
  simulations: 'Simulations appear here when someone simulates a loan under "Simulations" or in the request form.',
  entrepreneurs: 'Entrepreneurs appear here when they create their account in the request form.',
  borrowers: 'Borrowers appear here when an approved request becomes a borrower, or when someone adds one with "New borrower".',
  approvals: 'Nothing is waiting for your approval. Reversals, assignments, repurchases, write-offs and parameter changes above the limit appear here when someone asks for them.',
  expired: 'No overdue installment is open: installments appear here the day after they fall due, while they stay unpaid.',
  suspense: 'Unidentified amounts appear here when the bank credits an amount no installment took (reading a return file or a Pix notice).',
  issuedContracts: 'Contracts appear here when an approved operation has its contract issued.',
  reportOperations: 'No operation in the period: choose another period or another status.',
  reportParameterized: 'No row for these parameters: change the report\'s filters and run it again.',
  messages: 'Broadcasts appear here when someone sends an SMS or e-mail to the entrepreneurs.',
  lgpd: 'Requests to erase personal data appear here when a data subject makes one or someone records it.',
  logs: 'Actions taken in the system are recorded here as they happen.',
  users: 'Add the team with "New user": each person gets an e-mail to set their password.',
  projects: 'Add a project with "New project" to offer it in the request form.',
  situations: 'Add a situation with "New situation" to offer it in the request form.',
  howDidFind: 'Add an option with "New option" to ask in the request form how people found us.',
  reasons: 'Add a reason with "New reason" to offer it in the request form.',
};
