/**
 * The real OS keychain through keytar, as the app uses it. Needs a Secret
 * Service on a D-Bus session bus (CI runs the suite inside dbus-run-session
 * with an unlocked gnome-keyring, see ARCHITECTURE.md, Tests); skipped otherwise.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadKeytarKeychain } from '../../../src/main/electron/keychain';
import { createSessionService, KEYCHAIN_ACCOUNT, KEYCHAIN_SERVICE } from '../../../src/main/services/session';
import { createHttpClient } from '../../../src/main/services/http';
import type { KeychainPort } from '../../../src/main/services/ports';

const keychain: KeychainPort | null = process.env.DBUS_SESSION_BUS_ADDRESS ? await loadKeytarKeychain() : null;
const reason = !process.env.DBUS_SESSION_BUS_ADDRESS
  ? 'DBUS_SESSION_BUS_ADDRESS is unset: no Secret Service to talk to (run inside dbus-run-session with gnome-keyring)'
  : 'keytar could not be loaded (native module missing or built for another ABI)';

if (!keychain) {
  console.warn(`[keytar.test] skipped: ${reason}`);
  describe.skip(`real keychain (keytar): skipped, ${reason}`, () => {
    it('set/get/delete a secret', () => undefined);
  });
} else {
  const real = keychain;
  describe('real keychain (keytar)', () => {
    it('sets, reads back and deletes a secret', async () => {
      const service = `backoffice-desktop-test-${randomUUID()}`;
      const secret = `segredo-${randomUUID()}`;
      await real.setPassword(service, 'account', secret);
      // A locked keyring answers null silently: this catches it.
      expect(await real.getPassword(service, 'account')).toBe(secret);
      expect(await real.deletePassword(service, 'account')).toBe(true);
      expect(await real.getPassword(service, 'account')).toBeNull();
    });

    it("the session service's slot round-trips through the real keychain", async () => {
      const before = await real.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT);
      try {
        const value = JSON.stringify({ token: `t-${randomUUID()}`, baseUrl: 'http://127.0.0.1:1' });
        await real.setPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT, value);
        // The stored token belongs to another server: restore must drop it from the keychain.
        const session = createSessionService({
          http: createHttpClient(),
          keychain: real,
          context: async () => ({ baseUrl: 'http://127.0.0.1:2', locale: 'pt-BR' }),
        });
        await session.restore();
        expect(session.state()).toMatchObject({ user: null, keychain: 'available' });
        expect(await real.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT)).toBeNull();
      } finally {
        if (before) await real.setPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT, before);
      }
    });
  });
}
