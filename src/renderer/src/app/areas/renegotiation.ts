/** The renegotiation screen (a borrower's agreement), loaded on first visit. */
export { RenegotiationScreen } from '../../screens/renegotiation/RenegotiationScreen';
