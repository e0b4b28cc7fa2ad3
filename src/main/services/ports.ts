/**
 * The capabilities the plain-Node services receive from outside. The
 * Electron shell supplies real ones (keytar, native dialogs, the utility
 * process); tests and the end-to-end harness supply their own.
 */
import type { Settings } from '@shared/bridge';

/** The OS keychain, shaped like keytar. */
export interface KeychainPort {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface DialogPort {
  /** Absolute path chosen by the user, or null when cancelled. */
  chooseSaveFile(defaultPath: string, extension: string): Promise<string | null>;
  chooseFolder(): Promise<string | null>;
  /**
   * A file to open, chosen by the user among these extensions (without dots), or null when cancelled.
   * Optional so the ports made for other purposes (tests of saving) need not answer it: absent, opening is cancelled.
   */
  chooseOpenFile?(extensions: readonly string[]): Promise<string | null>;
  /** Shows a saved file in the system's file manager (its folder opened, the file selected); optional like chooseOpenFile. */
  showInFolder?(path: string): void;
}

export interface ResolvedBackend {
  url: string;
  embedded: boolean;
  /** The embedded server's per-launch secret (src/shared/launch.ts); never present for a configured server. */
  launchSecret?: string;
}

export interface BackendPort {
  /** The base URL to use for the current settings, starting the embedded server when serverUrl is ''. */
  resolve(settings: Settings): Promise<ResolvedBackend>;
}

export interface AppPaths {
  userData: string;
  downloads: string;
}
