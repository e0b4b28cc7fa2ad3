/** The collections area (the expired-installments list, the approvals inbox), loaded on first visit. */
export { ExpiredInstallmentsScreen } from '../../screens/collections/ExpiredInstallmentsScreen';
export { ApprovalsInboxScreen } from '../../screens/approvals/ApprovalsInboxScreen';
export { RemindersScreen } from '../../screens/collections/reminders/RemindersScreen';
export { NegativationScreen } from '../../screens/collections/negativation/NegativationScreen';
