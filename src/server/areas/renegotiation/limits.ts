/**
 * The company's renegotiation limits per role, changed as the company's money
 * parameters are (four eyes): an administrator asks (the limits then and
 * those asked for kept in renegotiation_limit_changes with an approval
 * request, kind 'renegotiation.limits', entity the company: one at a time);
 * another administrator approves it and only then it applies, under the
 * limits' row locks, logged per role changed with before and after; refused
 * or withdrawn, nothing changes. A role has no row: its limits are zero
 * (agreements.ts, limitsOf), and asking for them writes its row on approval.
 */
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { contract } from '@shared/contract/index';
import type { RenegotiationLimits, RoleLimit } from '@shared/contract/renegotiation';
import { AllPanelUsers } from '@shared/roles';
import type { Db } from '../../db/connect';
import { companyOf } from '../company';
import { askSettingChange, decideSettingChange, describeApproval, pendingApproval, type Actor } from '../operations';
import type { ApprovalRequestRow } from '../operations/schema-approvals';
import { badRequest } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { renegotiationLimitChanges, renegotiationLimits } from './schema';

type Args<K extends keyof typeof contract> = z.output<(typeof contract)[K]['args']>;

export const LIMITS_CHANGE_KIND = 'renegotiation.limits' as const;

export const LIMITS_MESSAGES = {
  unknownRole: (role: number) => `Campo roles: o perfil ${role} não renegocia (só os perfis do painel têm limites).`,
  repeatedRole: (role: number) => `Campo roles: o perfil ${role} aparece duas vezes.`,
  pending: 'Já há uma alteração dos limites de renegociação aguardando outro administrador: decida-a antes de pedir outra.',
  nothingChanged: 'Nenhum limite foi alterado.',
  noPending: 'Nenhuma alteração dos limites de renegociação aguarda aprovação: recarregue a tela.',
  refusalReason: 'Campo reason: informe por que a alteração foi recusada.',
  changedSince: 'Os limites de renegociação mudaram desde o pedido: ele foi cancelado; peça de novo.',
  staleReason: 'Os limites mudaram desde o pedido.',
} as const;

/** The limits as stored and compared: percent at four places, money at two; every panel role in AllPanelUsers' order. */
function normalised(rows: readonly { role_id: number; max_discount_percent: string; alone_up_to: string }[]): RoleLimit[] {
  return AllPanelUsers.map((role) => {
    const row = rows.find((r) => r.role_id === role);
    return {
      role_id: role,
      max_discount_percent: new Decimal(row?.max_discount_percent ?? '0').toFixed(4),
      alone_up_to: new Decimal(row?.alone_up_to ?? '0').toFixed(2),
    };
  });
}

function changedRoles(a: readonly RoleLimit[], b: readonly RoleLimit[]): number[] {
  return a.filter((x) => {
    const y = b.find((r) => r.role_id === x.role_id);
    return !y || y.max_discount_percent !== x.max_discount_percent || y.alone_up_to !== x.alone_up_to;
  }).map((x) => x.role_id);
}

/** As the screens read them: percent at two places (the contract's percent answer), money at two. */
function shown(limits: readonly RoleLimit[]): RoleLimit[] {
  return limits.map((l) => ({ ...l, max_discount_percent: new Decimal(l.max_discount_percent).toFixed(2) }));
}

async function companyExists(db: Db, companyId: number): Promise<void> {
  await companyOf(db, companyId);
}

async function limitsNow(db: Db, companyId: number, lock = false): Promise<RoleLimit[]> {
  const q = db.select().from(renegotiationLimits).where(eq(renegotiationLimits.company_id, companyId));
  return normalised(lock ? await q.for('update') : await q);
}

async function changeOf(db: Db, request: ApprovalRequestRow) {
  const [change] = await db.select().from(renegotiationLimitChanges).where(eq(renegotiationLimitChanges.approval_request_id, request.id));
  if (!change) throw new Error(`approval request ${request.id} has no limits change`);
  return { before: change.before as RoleLimit[], proposed: change.proposed as RoleLimit[] };
}

/** The limits in force with the change waiting (as `viewer` sees it). */
export async function limitsView(db: Db, companyId: number, viewer: Actor): Promise<RenegotiationLimits> {
  await companyExists(db, companyId);
  const roles = shown(await limitsNow(db, companyId));
  const request = await pendingApproval(db, LIMITS_CHANGE_KIND, companyId);
  if (!request) return { company_id: companyId, roles, pending_change: null };
  const { before, proposed } = await changeOf(db, request);
  return {
    company_id: companyId,
    roles,
    pending_change: {
      request: await describeApproval(db, request, viewer),
      before: shown(before),
      proposed: shown(proposed),
      changed: changedRoles(proposed, before),
      asked_by_you: request.maker_id === viewer.id,
    },
  };
}

/** Asks for a change (the roles left out keep theirs): nothing changes until another administrator approves it. */
export async function requestLimitsChange(db: Db, actor: Actor, args: Args<'renegotiation.updateLimits'>): Promise<RenegotiationLimits> {
  const seen = new Set<number>();
  for (const r of args.roles) {
    if (!(AllPanelUsers as readonly number[]).includes(r.role_id)) throw badRequest(LIMITS_MESSAGES.unknownRole(r.role_id), 'roles');
    if (seen.has(r.role_id)) throw badRequest(LIMITS_MESSAGES.repeatedRole(r.role_id), 'roles');
    seen.add(r.role_id);
  }
  await companyExists(db, args.company_id);
  await db.transaction(async (tx) => {
    const before = await limitsNow(tx, args.company_id, true);
    const proposed = normalised(before.map((b) => args.roles.find((r) => r.role_id === b.role_id) ?? b));
    await askSettingChange(
      tx,
      { kind: LIMITS_CHANGE_KIND, companyId: args.company_id, actor, messages: LIMITS_MESSAGES },
      () => {
        if (changedRoles(proposed, before).length === 0) throw badRequest(LIMITS_MESSAGES.nothingChanged);
      },
      (requestId) => tx.insert(renegotiationLimitChanges).values({ company_id: args.company_id, approval_request_id: requestId, before, proposed }),
    );
  });
  return limitsView(db, args.company_id, actor);
}

/** Another administrator's answer: approved, the asked limits apply at once (when still asked against those in force). */
export async function decideLimitsChange(db: Db, checker: Actor, args: Args<'renegotiation.decideLimits'>): Promise<RenegotiationLimits> {
  await decideSettingChange(
    db,
    checker,
    { kind: LIMITS_CHANGE_KIND, companyId: args.id, approve: args.approve, reason: args.reason, field: 'id', messages: LIMITS_MESSAGES },
    {
      lock: (tx) => limitsNow(tx, args.id, true),
      isStale: async (tx, inForce, request) => changedRoles(inForce, (await changeOf(tx, request)).before).length > 0,
      apply: async (tx, _inForce, request) => {
        const { before, proposed } = await changeOf(tx, request);
        for (const role of changedRoles(proposed, before)) {
          const was = before.find((b) => b.role_id === role) as RoleLimit;
          const next = proposed.find((p) => p.role_id === role) as RoleLimit;
          const values = { max_discount_percent: next.max_discount_percent, alone_up_to: next.alone_up_to };
          const updated = await tx
            .update(renegotiationLimits)
            .set(values)
            .where(and(eq(renegotiationLimits.company_id, args.id), eq(renegotiationLimits.role_id, role)))
            .returning();
          if (updated.length === 0) await tx.insert(renegotiationLimits).values({ company_id: args.id, role_id: role, ...values });
          await logActivity(tx, {
            actorId: checker.id,
            action: 'renegotiation.limits',
            entity: 'company',
            entityId: args.id,
            before: { role_id: role, max_discount_percent: was.max_discount_percent, alone_up_to: was.alone_up_to },
            after: { role_id: role, ...values, approval_request_id: request.id, maker_id: request.maker_id, ...(args.reason ? { notes: args.reason } : {}) },
          });
        }
      },
    },
  );
  return limitsView(db, args.id, checker);
}
