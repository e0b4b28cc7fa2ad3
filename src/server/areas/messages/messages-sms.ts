/**
 * SMS delivery behind one small interface, so a real gateway can be plugged
 * in by settings without touching the sender. Only the outbox provider
 * exists now: it writes each SMS to the outbox table (channel 'sms'), where
 * tests and operators read what went out.
 *
 * Choosing the provider: env `SMS_PROVIDER` (stand-alone server and the
 * embedded backend) or `StartServerOptions.smsProvider`; unset or 'outbox'
 * is the outbox provider; any other name stops the server at start with a
 * clear message, rather than silently not sending.
 */
import type { Mailer } from '../../platform/mailer';

export interface SmsProvider {
  readonly name: string;
  /** Sends one SMS to an E.164 number; throws with a readable reason when the provider refuses it. */
  send(to: string, body: string): Promise<void>;
}

export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  constructor(private readonly mailer: Mailer) {}

  async send(to: string, body: string): Promise<void> {
    await this.mailer.deliverNow({ channel: 'sms', to, subject: '', body });
  }
}

export const SMS_PROVIDERS = ['outbox'] as const;

export function smsProviderFromSettings(name: string | undefined, mailer: Mailer): SmsProvider {
  const wanted = (name ?? '').trim().toLowerCase() || 'outbox';
  if (wanted === 'outbox') return new OutboxSmsProvider(mailer);
  throw new Error(`SMS_PROVIDER "${name}" desconhecido: provedores disponíveis: ${SMS_PROVIDERS.join(', ')}`);
}
