/** What a handler receives and may answer; the typed map in routes.ts uses these. */
import type { Readable } from 'node:stream';
import type { Clock } from '../clock';
import type { z } from 'zod';
import type { Contract, OperationName } from '@shared/contract/index';
import type { Db } from '../../db/connect';
import type { UserRow } from '../../areas/access/schema';
import type { Mailer } from '../mailer';
import type { ReceitaProvider } from '../../areas/intake';
import type { SmsProvider } from '../../areas/messages';
import { unauthorized } from './errors';

export interface ServerDeps {
  db: Db;
  mailer: Mailer;
  uploadsDir: string;
  /** the broadcast sender, woken when a broadcast is created (absent: it finds the work at its next poll) */
  broadcasts?: { wake(): void };
  /** the SMS provider the broadcast sender uses (the reminders send through it too) */
  sms?: SmsProvider;
  /** HMAC key of signed document URLs (StartServerOptions.signingSecret; random per start when not configured) */
  signingSecret?: string;
  /** Receita Federal lookups (default: the deterministic sandbox) */
  receita?: ReceitaProvider;
  /** the lender's business date and the real instant (platform/clock.ts) */
  clock: Clock;
}

export interface AuthInfo {
  user: UserRow;
  sessionId: number;
}

export interface HandlerContext {
  deps: ServerDeps;
  /** null only on 'public' operations called without a token. */
  auth: AuthInfo | null;
}

/** A handler answer that is a stored file, streamed with its own content type. */
export class FileReply {
  constructor(
    readonly path: string,
    readonly mime: string,
    readonly name: string,
    readonly size: number,
    /** also open PDFs inline (signed document URLs for the in-app viewer); images always are */
    readonly inlinePdf = false,
    /** the bytes of a file made for this answer (a rendered report), sent from memory; else `path` is read */
    readonly bytes?: Buffer,
    /** a file written as it is sent (a regulatory file of 100,000 operations), never whole in memory */
    readonly stream?: Readable,
  ) {}

  /** A file made for this answer (e.g. a PDF rendered from a record), never written to disk. */
  static fromBytes(bytes: Buffer, mime: string, name: string): FileReply {
    return new FileReply('', mime, name, bytes.length, false, bytes);
  }

  /** A file written as it is sent: its size is not known up front (size -1, a chunked answer). */
  static fromStream(stream: Readable, mime: string, name: string): FileReply {
    return new FileReply('', mime, name, -1, false, undefined, stream);
  }
}

type Output<N extends OperationName> = Contract[N] extends { file: { kind: 'download' } }
  ? FileReply
  : z.input<Contract[N]['result']>;

export type Handler<N extends OperationName> = (
  args: z.output<Contract[N]['args']>,
  ctx: HandlerContext,
) => Promise<Output<N>>;

export type Handlers = { [N in OperationName]: Handler<N> };

export function requireAuth(ctx: HandlerContext): AuthInfo {
  if (!ctx.auth) throw unauthorized();
  return ctx.auth;
}
