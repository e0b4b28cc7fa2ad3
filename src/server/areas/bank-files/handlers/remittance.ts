/**
 * Remittance calls: the overview read, generation in one transaction with its
 * idempotency key (the file checked and stored, or nothing), the stored
 * file answered byte for byte, the bank's history across the company's
 * accounts, and the report of what a file carried (PDF or Excel).
 */
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { bankRemittanceHistory, generateRemittance, remittanceOverview, storedRemittance } from '../remittance';
import { remittanceReport, remittanceReportFile } from '../remittance-report';

export type RemittanceName = Extract<OperationName, `remittance.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const remittanceHandlers: Pick<Handlers, RemittanceName> = {
  'remittance.overview': async ({ bankCode, date, bank_account_id, history_offset, history_limit }, { deps }) => {
    const today = deps.clock.today();
    return remittanceOverview(
      deps.db,
      { bankCode, date: date ?? today, ...(bank_account_id !== undefined ? { bankAccountId: bank_account_id } : {}) },
      today,
      { offset: history_offset, limit: history_limit },
    );
  },

  'remittance.history': async ({ id, bankCode, history_offset, history_limit }, { deps }) =>
    bankRemittanceHistory(deps.db, id, bankCode, { offset: history_offset, limit: history_limit }),

  'remittance.report': async ({ id, bankCode, remittance_id, format }, { deps }) => {
    const report = await remittanceReport(deps.db, id, bankCode, remittance_id);
    const file = await remittanceReportFile(report, format, deps.clock.now());
    return FileReply.fromBytes(file.bytes, file.mime, file.name);
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
