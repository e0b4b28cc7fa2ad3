/**
 * Broadcast e-mail and SMS to entrepreneurs: creation, recipients and the sender.
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); its schema*.ts files declare its tables.
 */
export { eraseFromBroadcasts } from './messages-recipients';
export { BroadcastSender } from './messages-sender';
export type { SenderOptions } from './messages-sender';
export { smsProviderFromSettings } from './messages-sms';
export type { SmsProvider } from './messages-sms';
