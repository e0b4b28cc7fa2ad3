/**
 * The typed bridge between renderer and main process. The preload exposes
 * exactly this object as `window.backoffice` (namespaced, as Bitwarden
 * desktop does); the end-to-end harness supplies the same shape. Nothing
 * else crosses from main to renderer; the session token never does.
 */
import { z } from 'zod';
import type { ArgsOf, ExposedOperationName, ResultOf } from './contract';
import type { ApiResult } from './result';
import type { SessionUser } from './contract/session';
import type { Address } from './address';
import { CEP_SERVICE_URL_MESSAGES, cepServiceUrlProblem } from './cep-service-url';
import { MAX_RETURN_FILE_CHARS } from './contract/company-cnab-return';

export { IPC } from './ipc';
export type { Address } from './address';

export const LOCALES = ['pt-BR', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** The "Layout settings" of the spec's entities (defaults as listed there). */
export const layoutSettingsSchema = z.object({
  navCollapsed: z.boolean().default(false),
  sideNavTheme: z.enum(['light', 'dark']).default('light'),
  navigationType: z.enum(['side', 'top']).default('side'),
  topNavColor: z.string().regex(/^#[0-9a-fA-F]{6}$/).default('#ffffff'),
  headerNavColor: z.string().regex(/^#[0-9a-fA-F]{6}$/).default('#ffffff'),
  mobileNav: z.boolean().default(false),
});
export type LayoutSettings = z.infer<typeof layoutSettingsSchema>;

/** Widths of resized list columns, kept per table; ids are the kit's test ids (short, no personal data). */
export const columnWidthsSchema = z.record(
  z.string().max(80),
  z.record(z.string().max(60), z.number().int().min(48).max(2000)),
);
export type ColumnWidthsSetting = z.infer<typeof columnWidthsSchema>;

/** An http(s) address as the settings accept it. */
const HTTP_URL = /^https?:\/\/[^\s/]+(:\d+)?(\/.*)?$/;

/** The public postal-code service (ViaCEP's JSON shape) used for address lookup by CEP. */
export const DEFAULT_CEP_SERVICE_URL = 'https://viacep.com.br';

export const settingsSchema = z.object({
  /** '' means the embedded sandbox backend. */
  serverUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || HTTP_URL.test(v), { message: 'endereço inválido' })
    .default(''),
  /** Where CEPs are looked up: GET {cepServiceUrl}/ws/{cep}/json/ (rules in cep-service-url.ts). */
  cepServiceUrl: z
    .string()
    .trim()
    .max(500)
    .superRefine((v, ctx) => {
      const problem = cepServiceUrlProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: CEP_SERVICE_URL_MESSAGES[problem] });
    })
    .default(DEFAULT_CEP_SERVICE_URL),
  locale: z.enum(LOCALES).default('pt-BR'),
  layout: layoutSettingsSchema.default(layoutSettingsSchema.parse({})),
  /** '' means the user's Downloads folder. */
  downloadFolder: z.string().max(1000).default(''),
  askWhereToSave: z.boolean().default(true),
  /** Column widths the person set by dragging a list's header edges: table id → column id → pixels. */
  columnWidths: columnWidthsSchema.default({}),
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

export type KeychainState = 'available' | 'unavailable';

export interface SessionState {
  user: SessionUser | null;
  /** The signed-in user must change a temporary password before anything else. */
  forcePasswordChange: boolean;
  /** 'unavailable': the session lives in memory only and ends with the app. */
  keychain: KeychainState;
}

export type SessionChangeReason = 'signed-in' | 'signed-out' | 'expired' | 'updated';

export interface SessionChange {
  state: SessionState;
  reason: SessionChangeReason;
}

/** Whether the server answers; while offline, cacheable lists come from the offline cache. */
export interface Connectivity {
  online: boolean;
  /** ISO time of the last change */
  since: string;
}

export interface AppInfo {
  version: string;
  /** true when talking to the embedded sandbox backend on loopback */
  embedded: boolean;
  serverUrl: string;
  platform: string;
}

export interface ExportOptions {
  /** Report title on the info sheet; default 'Lista Exportada'. */
  title?: string;
  /** File name without extension; default 'list_exported'. */
  fileName?: string;
  /** Identifies the job in progress events. */
  jobId?: string;
}

export interface SavedFile {
  path: string;
  bytes: number;
  /** data rows written (exports) */
  rows?: number;
}

/** How many saved files the downloads list keeps (this session's, newest first). */
export const MAX_DOWNLOADS = 20;

/** A file the app saved in this session, as the downloads list shows it. */
export interface SavedDownload {
  /** Opaque id: "Abrir pasta" names the entry by it, never by a path. */
  id: string;
  name: string;
  folder: string;
  path: string;
  bytes: number;
  /** ISO instant it was saved */
  savedAt: string;
}

/** The content types files.preview shows inside the app (images and PDF); anything else is refused. */
export const PREVIEW_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];
/** The largest file files.preview brings into the page (the uploads are capped at 10 MB). */
export const MAX_PREVIEW_BYTES = 12 * 1024 * 1024;

/** A server file brought into memory to be shown inside the app (never written to disk). */
export interface FilePreview {
  mime: PreviewType;
  bytes: Uint8Array<ArrayBuffer>;
  size: number;
}

/** The largest bank file files.openReturnFile reads (what the return calls accept: CNAB is one byte a character). */
export const MAX_OPEN_FILE_BYTES = MAX_RETURN_FILE_CHARS;

/** A bank file the person chose in the native open dialog, read by the main process (latin1 text). */
export interface OpenedFile {
  name: string;
  text: string;
  size: number;
}

export interface FileProgress {
  jobId: string;
  phase: 'fetching' | 'writing' | 'done' | 'failed';
  written: number;
  total?: number;
}

export interface BackofficeBridge {
  api: {
    call<N extends ExposedOperationName>(name: N, args: ArgsOf<N>): Promise<ApiResult<ResultOf<N>>>;
  };
  session: {
    current(): Promise<SessionState>;
    onChange(listener: (change: SessionChange) => void): () => void;
  };
  files: {
    exportExcel<N extends ExposedOperationName>(
      name: N,
      args: ArgsOf<N>,
      options?: ExportOptions,
    ): Promise<ApiResult<SavedFile | null>>;
    download<N extends ExposedOperationName>(
      name: N,
      args: ArgsOf<N>,
      options?: { fileName?: string; jobId?: string },
    ): Promise<ApiResult<SavedFile | null>>;
    chooseFolder(): Promise<string | null>;
    /**
     * The bytes of a file answer (a 'download' call of the contract) to show inside the app:
     * images and PDF only, at most MAX_PREVIEW_BYTES; nothing is written to disk.
     */
    preview<N extends ExposedOperationName>(name: N, args: ArgsOf<N>): Promise<ApiResult<FilePreview>>;
    /**
     * A CNAB return file chosen in the native open dialog, read by the main
     * process and handed over as text (at most MAX_OPEN_FILE_BYTES); null when
     * the person cancels. The page never sees a path nor gets to read one.
     */
    openReturnFile(): Promise<ApiResult<OpenedFile | null>>;
    /** The files saved in this session (exports and downloads), newest first; emptied at sign-out. */
    downloads(): Promise<SavedDownload[]>;
    /** Opens the folder of a listed file (by its id) in the system's file manager, the file selected. */
    showInFolder(id: string): Promise<ApiResult<null>>;
    onProgress(listener: (progress: FileProgress) => void): () => void;
  };
  settings: {
    get(): Promise<Settings>;
    update(patch: SettingsPatch): Promise<ApiResult<Settings>>;
  };
  address: {
    /** The address of a CEP from the postal-code service in the settings ('01001-000' or '01001000'). */
    lookupCep(cep: string): Promise<ApiResult<Address>>;
  };
  app: {
    info(): Promise<AppInfo>;
    /** Called when the server stops or starts answering. */
    onConnectivity(listener: (state: Connectivity) => void): () => void;
  };
}
