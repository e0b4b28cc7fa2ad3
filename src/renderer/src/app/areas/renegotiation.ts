/** The renegotiation screens (a borrower's agreement, one agreement), loaded on first visit. */
export { RenegotiationScreen } from '../../screens/renegotiation/RenegotiationScreen';
export { AgreementScreen } from '../../screens/renegotiation/AgreementScreen';
