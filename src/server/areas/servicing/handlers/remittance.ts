/**
 * Remittance calls: the overview read, generation in one transaction with its
 * idempotency key (the file checked and stored, or nothing), and the stored
 * file answered byte for byte.
 */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { generateRemittance, remittanceOverview, storedRemittance } from '../remittance';

export type RemittanceName = Extract<OperationName, `remittance.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const remittanceHandlers: Pick<Handlers, RemittanceName> = {
  'remittance.overview': async ({ bankCode, date, bank_account_id }, { deps }) => {
    const today = deps.clock.today();
    return remittanceOverview(deps.db, { bankCode, date: date ?? today, ...(bank_account_id !== undefined ? { bankAccountId: bank_account_id } : {}) }, today);
  },

  'remittance.generate': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'remittance.generate', userId: me.id, args }, () =>
        generateRemittance(tx, me, { bankCode: args.bankCode, date: args.date, bankAccountId: args.bank_account_id }, today),
      ),
    );
    return value;
  },

  'remittance.file': async ({ bankCode, remittanceId }, { deps }) => {
    const file = await storedRemittance(deps.db, bankCode, remittanceId);
    return FileReply.fromBytes(file.bytes, 'text/plain', file.name);
  },
};
