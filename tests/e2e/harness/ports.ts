/**
 * The capabilities the Electron shell would give the main-process services,
 * replaced by ones the tests can inspect: an in-memory keychain (so a test
 * can assert what was stored and that it never reaches the page), a save
 * dialog that answers a path in a temp folder, and a backend that points at
 * the test's own server.
 */
import { join, basename } from 'node:path';
import type { BackendPort, DialogPort, KeychainPort } from '../../../src/main/services/ports';
import type { Settings } from '../../../src/shared/bridge';
import { KEYCHAIN_ACCOUNT, KEYCHAIN_SERVICE } from '../../../src/main/services/session';

export class MemoryKeychain implements KeychainPort {
  readonly entries = new Map<string, string>();

  private key(service: string, account: string): string {
    return `${service}\u0000${account}`;
  }

  async getPassword(service: string, account: string): Promise<string | null> {
    return this.entries.get(this.key(service, account)) ?? null;
  }

  async setPassword(service: string, account: string, password: string): Promise<void> {
    this.entries.set(this.key(service, account), password);
  }

  async deletePassword(service: string, account: string): Promise<boolean> {
    return this.entries.delete(this.key(service, account));
  }

  /** The session entry only (token and user): the offline cache's key lives beside it and outlives sign-out. */
  sessionValues(): string[] {
    const value = this.entries.get(this.key(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT));
    return value === undefined ? [] : [value];
  }

  /** Every secret stored, whatever its service/account. */
  values(): string[] {
    return [...this.entries.values()];
  }
}

export class TempDialogs implements DialogPort {
  /** Default paths the services proposed, in order. */
  readonly saveRequests: Array<{ defaultPath: string; extension: string }> = [];
  /** null makes the next save dialog answer "cancelled". */
  nextSaveAnswer: string | null | undefined;

  constructor(private readonly folder: string) {}

  async chooseSaveFile(defaultPath: string, extension: string): Promise<string | null> {
    this.saveRequests.push({ defaultPath, extension });
    if (this.nextSaveAnswer !== undefined) {
      const answer = this.nextSaveAnswer;
      this.nextSaveAnswer = undefined;
      return answer;
    }
    return join(this.folder, basename(defaultPath));
  }

  /** The file the next open dialog answers (a test writes it first); unset, the dialog is cancelled. */
  nextOpenAnswer: string | null | undefined;
  readonly openRequests: Array<readonly string[]> = [];

  async chooseOpenFile(extensions: readonly string[]): Promise<string | null> {
    this.openRequests.push(extensions);
    const answer = this.nextOpenAnswer ?? null;
    this.nextOpenAnswer = undefined;
    return answer;
  }

  async chooseFolder(): Promise<string | null> {
    return this.folder;
  }

  /** Files "Abrir pasta" showed, in order. */
  readonly shownInFolder: string[] = [];

  showInFolder(path: string): void {
    this.shownInFolder.push(path);
  }
}

/** The "embedded" backend is the test's server; a configured address wins, as in the app. */
export class TestBackend implements BackendPort {
  constructor(private readonly embeddedUrl: () => string) {}

  async resolve(settings: Settings): Promise<{ url: string; embedded: boolean }> {
    if (settings.serverUrl) return { url: settings.serverUrl, embedded: false };
    return { url: this.embeddedUrl(), embedded: true };
  }
}
