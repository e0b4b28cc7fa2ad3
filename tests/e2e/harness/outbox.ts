/** Reads codes and temporary passwords from the server's outbox, as a user reads their e-mail. */

export interface OutboxReader {
  outbox: {
    list(to?: string): Promise<Array<{ id: number; to: string; subject: string; body: string; created_at: string }>>;
    latest(to: string): Promise<{ id: number; to: string; subject: string; body: string } | null>;
  };
}

/** 'Código' (two-factor, recovery), 'Senha temporária' (new or reset account), 'Token' (e-mail confirmation). */
export type OutboxLabel = 'Código' | 'Senha temporária' | 'Token';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The value on the line `<label>: value` of the newest message to `email`
 * that has one, waiting for it to arrive. `after` skips messages with an id
 * at or below it (so a second code is not mistaken for the first). No clock
 * of its own: a mail comes late on a busy machine, not never; the test's
 * timeout is the limit.
 */
export async function readOutboxCode(
  server: OutboxReader,
  email: string,
  label: OutboxLabel,
  options: { after?: number } = {},
): Promise<string> {
  const pattern = new RegExp(`^\\s*${escapeRegExp(label)}:\\s*(\\S+)\\s*$`, 'm');
  for (;;) {
    const messages = (await server.outbox.list(email)).filter((m) => m.id > (options.after ?? 0)).sort((a, b) => b.id - a.id);
    for (const message of messages) {
      const match = pattern.exec(message.body);
      if (match) return match[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Highest outbox id for `email` so far (0 when none). */
export async function lastOutboxId(server: OutboxReader, email: string): Promise<number> {
  const messages = await server.outbox.list(email);
  return messages.reduce((max, m) => Math.max(max, m.id), 0);
}
