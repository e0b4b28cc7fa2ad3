/**
 * The OS keychain through keytar. keytar is a native module: if it cannot be
 * loaded (missing libsecret, wrong ABI) the app runs with no keychain and
 * keeps the session in memory only; it never falls back to a file.
 */
import type { KeychainPort } from '../services/ports';

interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export async function loadKeytarKeychain(): Promise<KeychainPort | null> {
  try {
    const loaded = (await import('keytar')) as KeytarModule & { default?: KeytarModule };
    const keytar = loaded.default ?? loaded;
    if (typeof keytar.getPassword !== 'function') return null;
    return {
      getPassword: (service, account) => keytar.getPassword(service, account),
      setPassword: (service, account, password) => keytar.setPassword(service, account, password),
      deletePassword: (service, account) => keytar.deletePassword(service, account),
    };
  } catch (error) {
    console.warn('[keychain] keytar could not be loaded; sessions stay in memory only:', String(error));
    return null;
  }
}
