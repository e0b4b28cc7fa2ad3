/** The credit-bureau area (/boavista), loaded on first visit. */
export { BureauLookupScreen } from '../../screens/bureau/BureauLookupScreen';
