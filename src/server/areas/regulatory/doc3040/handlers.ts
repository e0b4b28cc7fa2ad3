/** The Doc 3040's calls: check a month, stream one part of its file (the main process saves it to disk). */
import type { OperationName } from '@shared/contract/index';
import { FileReply, requireAuth, type Handlers } from '../../../platform/http/handler';
import { checkMonth, filePart } from './service';

type Doc3040Name = Extract<OperationName, `doc3040.${string}`>;

export const doc3040Handlers: Pick<Handlers, Doc3040Name> = {
  'doc3040.check': async ({ month }, ctx) => {
    const auth = requireAuth(ctx);
    return checkMonth(ctx.deps.db, month, auth.user.id);
  },

  'doc3040.file': async ({ month, part }, ctx) => {
    const auth = requireAuth(ctx);
    const { stream, name } = await filePart(ctx.deps.db, month, part, auth.user.id);
    return FileReply.fromStream(stream, 'application/xml', name);
  },
};
