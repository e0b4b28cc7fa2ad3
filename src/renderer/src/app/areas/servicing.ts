/** The servicing screens reached by address (one operation's parcels, one installment's payments), loaded on first visit. */
export { ParcelsScreen } from '../../screens/servicing/ParcelsScreen';
export { PaymentsScreen } from '../../screens/servicing/PaymentsScreen';
export { CessionAcrossScreen } from '../../screens/servicing/cession/CessionAcrossScreen';
export { RepurchaseScreen } from '../../screens/servicing/repurchase/RepurchaseScreen';
export { RepurchaseTitleScreen } from '../../screens/servicing/repurchase/RepurchaseTitleScreen';
export { RepurchaseDetailsScreen } from '../../screens/servicing/repurchase/RepurchaseDetailsScreen';
export { SuspenseScreen } from '../../screens/servicing/suspense/SuspenseScreen';
