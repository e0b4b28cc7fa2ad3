/** Doc 3044 over HTTP: the queue and the files (reads), the remittance generated and the sending recorded (one transaction each, idempotent by key). */
import type { OperationName } from '@shared/contract/index';
import { FileReply, requireAuth, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import { fileContent, generateFile, listEvents, listFiles, loadFile, markSent } from './events';

export type Doc3044Name = Extract<OperationName, `doc3044.${string}`>;

export const doc3044Handlers: Pick<Handlers, Doc3044Name> = {
  'doc3044.list': async (args, ctx) => {
    requireAuth(ctx);
    return listEvents(ctx.deps.db, args, ctx.deps.clock.today());
  },

  'doc3044.files': async (_args, ctx) => {
    requireAuth(ctx);
    return { items: await listFiles(ctx.deps.db) };
  },

  'doc3044.generate': async (args, ctx) => {
    const { user } = requireAuth(ctx);
    const today = ctx.deps.clock.today();
    const now = ctx.deps.clock.now();
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'doc3044.generate', userId: user.id, args }, async () => ({ id: await generateFile(tx, user.id, today, now) })),
    );
    return loadFile(ctx.deps.db, value.id);
  },

  'doc3044.file': async ({ fileId }, ctx) => {
    requireAuth(ctx);
    const { text, name } = await fileContent(ctx.deps.db, fileId);
    return FileReply.fromBytes(Buffer.from(text, 'utf8'), 'application/json', name);
  },

  'doc3044.markSent': async (args, ctx) => {
    const { user } = requireAuth(ctx);
    const now = ctx.deps.clock.now();
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'doc3044.markSent', userId: user.id, args }, async () => ({
        marked: await markSent(tx, user.id, { eventIds: args.event_ids, fileId: args.file_id }, now),
        sent_at: now.toISOString(),
      })),
    );
    return value;
  },
};
