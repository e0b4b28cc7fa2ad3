/** The institution's books (Operações › Balancete COSIF), loaded on first visit. */
export { BalanceteScreen } from '../../screens/books/BalanceteScreen';
