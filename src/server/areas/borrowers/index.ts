/**
 * Borrowers and their records (accounts, shareholders, guarantees…), their classification and erasure.
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { eraseBorrowersOf } from './borrower-erase';
export { assertGuarantorOfSolicitation, createBorrower, fullBorrower, todayInSaoPaulo } from './borrowers';
