/**
 * Renegotiation over HTTP: the borrower's renegotiable installments, the
 * simulation (in a transaction that writes nothing), the proposal with its
 * idempotency key and the second person's decision, each agreement read back
 * after its commit.
 */
import Decimal from 'decimal.js';
import type { OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { FileReply, requireAuth, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { once } from '../../../platform/idempotency';
import type { Actor } from '../../operations';
import { agreementView, decide, limitsOf, propose, simulate } from '../agreements';
import { decideReversal, payInstallment, reversePayment, runBreaks } from '../collection';
import { documentPdf, documentText } from '../document';
import { borrowerName, renegotiableInstallments } from '../open-amounts';
import { companyOfBorrower } from '../reads';
import { decideLimitsChange, limitsView, requestLimitsChange } from '../limits';

export type RenegotiationName = Extract<OperationName, `renegotiation.${string}`>;

function actor(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

const text = (d: Decimal) => d.toFixed(2);

export const renegotiationHandlers: Pick<Handlers, RenegotiationName> = {
  'renegotiation.installments': async ({ id, credit_operation_id }, ctx) => {
    const me = actor(ctx);
    const db = ctx.deps.db;
    const today = ctx.deps.clock.today();
    const name = await borrowerName(db, id);
    const limits = await limitsOf(db, await companyOfBorrower(db, id), me.role);
    const items = await renegotiableInstallments(db, id, today, credit_operation_id);
    return {
      as_of: today,
      borrower_id: id,
      borrower_name: name,
      max_discount_percent: limits.maxDiscountPercent.toFixed(2),
      alone_up_to: text(limits.aloneUpTo),
      items: items.map((i) => ({
        installment_id: i.installmentId,
        credit_operation_id: i.operationId,
        number: i.number,
        due_date: i.dueDate,
        overdue: i.overdue,
        days_late: i.daysLate,
        principal: text(i.principal),
        interest: text(i.interest),
        late_charges: text(i.lateCharges),
        total: text(i.principal.plus(i.interest).plus(i.lateCharges)),
      })),
    };
  },
  'renegotiation.simulate': async (args, ctx) => {
    const me = actor(ctx);
    return ctx.deps.db.transaction((tx) => simulate(tx, me, args, ctx.deps.clock.today()));
  },
  'renegotiation.agree': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const { value } = await ctx.deps.db.transaction((tx) =>
      once(tx, { key: args.idempotency_key, operation: 'renegotiation.agree', userId: me.id, args }, async () => ({ id: await propose(tx, me, args, today) })),
    );
    return agreementView(ctx.deps.db, value.id, today);
  },
  'renegotiation.get': async ({ id }, ctx) => agreementView(ctx.deps.db, id, ctx.deps.clock.today()),
  'renegotiation.decide': async (args, ctx) => {
    const me = actor(ctx);
    await ctx.deps.db.transaction((tx) => decide(tx, me, args, ctx.deps.clock.today()));
    return agreementView(ctx.deps.db, args.id, ctx.deps.clock.today());
  },
  'renegotiation.pay': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) => once(tx, { key: args.idempotency_key, operation: 'renegotiation.pay', userId: me.id, args }, async () => ({ id: await payInstallment(tx, me.id, args, today) })));
    return agreementView(ctx.deps.db, args.id, today);
  },
  'renegotiation.reversePayment': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) => once(tx, { key: args.idempotency_key, operation: 'renegotiation.reversePayment', userId: me.id, args }, async () => await reversePayment(tx, me, args, today)));
    return agreementView(ctx.deps.db, args.id, today);
  },
  'renegotiation.decideReversal': async (args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    await ctx.deps.db.transaction((tx) => decideReversal(tx, me, args, today));
    return agreementView(ctx.deps.db, args.id, today);
  },
  'renegotiation.document': async ({ id }, ctx) => {
    actor(ctx);
    await agreementView(ctx.deps.db, id, ctx.deps.clock.today());
    const text = await documentText(ctx.deps.db, id);
    return FileReply.fromBytes(await documentPdf(text, id), 'application/pdf', `confissao-de-divida-acordo-${id}.pdf`);
  },
  'renegotiation.limits': async ({ id }, ctx) => limitsView(ctx.deps.db, id, actor(ctx)),
  'renegotiation.updateLimits': async (args, ctx) => requestLimitsChange(ctx.deps.db, actor(ctx), args),
  'renegotiation.decideLimits': async (args, ctx) => decideLimitsChange(ctx.deps.db, actor(ctx), args),
  'renegotiation.runBreaks': async (_args, ctx) => {
    const me = actor(ctx);
    const today = ctx.deps.clock.today();
    const broken = await ctx.deps.db.transaction((tx) => runBreaks(tx, me.id, today));
    return { as_of: today, broken };
  },
};
