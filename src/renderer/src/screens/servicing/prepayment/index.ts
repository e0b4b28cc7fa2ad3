/** The prepayment simulation and its application, as a dialog the operation's screens open. */
export { PrepaymentDialog, type PrepaymentDialogProps } from './PrepaymentDialog';
