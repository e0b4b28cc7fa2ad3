/** The institution's books (Operações › Balancete COSIF), loaded on first visit. */
export { BalanceteScreen } from '../../screens/books/BalanceteScreen';
export { Doc3044Screen } from '../../screens/books/regulatory/Doc3044Screen';
export { Doc3040Screen } from '../../screens/books/regulatory/Doc3040Screen';
export { CloseScreen } from '../../screens/books/close/CloseScreen';
export { AccrualScreen } from '../../screens/books/accrual/AccrualScreen';
