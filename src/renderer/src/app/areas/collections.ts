/** The collections area (the expired-installments list), loaded on first visit. */
export { ExpiredInstallmentsScreen } from '../../screens/collections/ExpiredInstallmentsScreen';
