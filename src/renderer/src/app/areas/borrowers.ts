/** The borrowers area (Operações › Clientes, the borrowers and their credit file), loaded on first visit. */
export { BorrowersListScreen } from '../../screens/borrowers/BorrowersListScreen';
export { BorrowerScreen } from '../../screens/borrowers/BorrowerScreen';
