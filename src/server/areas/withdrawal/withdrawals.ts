/**
 * The borrower's seven-day withdrawal (CDC art. 49): the quote (may the
 * operation be withdrawn today, and why not) and the withdrawal itself, in
 * one transaction: the installments closed through collection's
 * changeInstallments, the operation cancelled through operations'
 * changeOperation (WITHDRAWAL_MOVE, its timeline event and log entry saying
 * why), the withdrawal recorded, the accrued interest undone (the ledger's
 * reconcileAccrual) and the return posted (kind withdrawal). The window and
 * the money are domain/withdrawal/withdrawal.ts's, with their sources.
 */
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { WITHDRAWAL_MOVE, type CreditOperationStatus } from '@shared/credit-operation-status';
import { canMoveInstallment, INSTALLMENT_STATUS_LABELS_PT, WITHDRAWN_INSTALLMENT_STATUS } from '@shared/installment-status';
import type { WithdrawalQuote } from '@shared/contract/withdrawal';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { changeInstallments, loadTargets, lockedServicing, type InstallmentChange, type InstallmentTarget } from '../collection';
import { post, reconcileAccrual } from '../ledger';
import { changeOperation, findOperation, pendingRequestsOf, statusOf, STATUS_PT, type Actor, type OperationRow } from '../operations';
import { disbursementOf } from '../servicing';
import type { DisbursementRow } from '../servicing/schema';
import { conflict } from '../../platform/http/errors';
import { amountToReturn, withdrawalPosting, withdrawalWindow, withinWindow, type WithdrawalWindow } from '../../domain/withdrawal/withdrawal';
import { withdrawals, type WithdrawalRow } from './schema';

const br = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export const WITHDRAWAL_MESSAGES = {
  notReleased: (status: string) => `A operação não está liberada (está ${status}): a desistência (art. 49 do CDC) desfaz uma operação liberada.`,
  already: (day: string) => `A desistência desta operação já foi registrada em ${br(day)}.`,
  expired: (from: string, last: string) =>
    `O prazo de desistência terminou em ${br(last)}: o art. 49 do CDC dá sete dias contados de ${br(from)} (a liberação do dinheiro).`,
  paid: (n: number) => `A parcela ${n} tem pagamento registrado: a desistência só desfaz uma operação sem pagamentos.`,
  notOpen: (n: number, status: string) => `A parcela ${n} está ${status.toLowerCase()}: a desistência só desfaz uma operação com todas as parcelas em aberto.`,
  writeOffPending: 'Uma baixa como perda desta operação ou de uma parcela aguarda aprovação: decida-a antes de registrar a desistência.',
  changed: (now: string) => `Campo expected_return: o valor a devolver agora é ${now}. Recarregue a tela.`,
  reason: 'Desistência do tomador no prazo de sete dias (art. 49 do CDC): o principal liberado foi devolvido.',
} as const;

interface Standing {
  op: OperationRow;
  disbursement: DisbursementRow | null;
  window: WithdrawalWindow | null;
  withdrawn: WithdrawalRow | null;
  targets: InstallmentTarget[];
  refusal: string | null;
}

async function withdrawalOf(db: Db, operationId: number): Promise<WithdrawalRow | null> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.credit_operation_id, operationId));
  return row ?? null;
}

/** The first reason the operation may not be withdrawn on `today`, or null. */
function refusalOf(status: CreditOperationStatus, window: WithdrawalWindow | null, withdrawn: WithdrawalRow | null, targets: readonly InstallmentTarget[], today: string): string | null {
  if (withdrawn) return WITHDRAWAL_MESSAGES.already(withdrawn.withdrawn_on);
  if (!(WITHDRAWAL_MOVE.from as readonly CreditOperationStatus[]).includes(status) || !window) return WITHDRAWAL_MESSAGES.notReleased(STATUS_PT[status]);
  if (!withinWindow(window, today)) return WITHDRAWAL_MESSAGES.expired(window.countedFrom, window.lastDay);
  for (const t of targets) {
    if (t.rows.length > 0 || t.replay.state.paidTotal.gt(0)) return WITHDRAWAL_MESSAGES.paid(t.installment.number);
    if (!canMoveInstallment(t.status, WITHDRAWN_INSTALLMENT_STATUS)) return WITHDRAWAL_MESSAGES.notOpen(t.installment.number, INSTALLMENT_STATUS_LABELS_PT[t.status]);
  }
  return null;
}

/** A four-eyes write-off (of the operation's balance or of an installment) waits: its decision comes first. */
async function writeOffPending(tx: Db, operationId: number, targets: readonly InstallmentTarget[]): Promise<boolean> {
  if ((await pendingRequestsOf(tx, 'credit_operation.write_off', [operationId])).size > 0) return true;
  return (await pendingRequestsOf(tx, 'installment.write_off', targets.map((t) => t.installment.id))).size > 0;
}

/** The operation as it stands for a withdrawal on `today`, under its row lock (the caller's transaction). */
async function standing(tx: Db, operationId: number, today: string): Promise<Standing> {
  const op = await findOperation(tx, operationId, true);
  const withdrawn = await withdrawalOf(tx, operationId);
  const status = statusOf(op);
  const disbursement = await disbursementOf(tx, operationId);
  const window = disbursement ? withdrawalWindow(disbursement.disbursed_on) : null;
  let targets: InstallmentTarget[] = [];
  if ((WITHDRAWAL_MOVE.from as readonly CreditOperationStatus[]).includes(status) && !withdrawn) targets = await loadTargets(tx, await lockedServicing(tx, operationId), today);
  let refusal = refusalOf(status, window, withdrawn, targets, today);
  if (refusal === null && (await writeOffPending(tx, operationId, targets))) refusal = WITHDRAWAL_MESSAGES.writeOffPending;
  return { op, disbursement, window, withdrawn, targets, refusal };
}

async function view(tx: Db, s: Standing, today: string): Promise<WithdrawalQuote> {
  const d = s.disbursement;
  const w = s.withdrawn;
  let actorName: string | null = null;
  if (w) {
    const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, w.actor_id));
    actorName = actor?.name ?? null;
  }
  return {
    credit_operation_id: s.op.id,
    today,
    allowed: s.refusal === null,
    refusal: s.refusal,
    counted_from: s.window?.countedFrom ?? null,
    last_day: s.window?.lastDay ?? null,
    amount_to_return: d ? amountToReturn(d).toFixed(2) : null,
    financed: d ? new Decimal(d.financed).toFixed(2) : null,
    iof: d ? new Decimal(d.iof).toFixed(2) : null,
    fees: d ? new Decimal(d.fees).toFixed(2) : null,
    withdrawn: w ? { id: w.id, withdrawn_on: w.withdrawn_on, returned: new Decimal(w.returned).toFixed(2), reason: w.reason, actor_name: actorName } : null,
  };
}

/** Whether the operation may be withdrawn on `today`, the window and the amounts (inside a transaction: it reads under the lock). */
export async function quote(tx: Db, operationId: number, today: string): Promise<WithdrawalQuote> {
  return view(tx, await standing(tx, operationId, today), today);
}

export interface WithdrawInput {
  id: number;
  version: number;
  expected_return: string;
  reason?: string | null;
}

/** Records the withdrawal on `today`; every refusal is a 409 saying why, in Portuguese. Answers the quote after it. */
export async function withdraw(tx: Db, actor: Actor, input: WithdrawInput, today: string): Promise<WithdrawalQuote> {
  const s = await standing(tx, input.id, today);
  if (s.refusal !== null || !s.disbursement || !s.window) throw conflict(s.refusal ?? WITHDRAWAL_MESSAGES.notReleased(STATUS_PT[statusOf(s.op)]), 'status');
  const d = s.disbursement;
  const returned = amountToReturn(d);
  if (!returned.eq(input.expected_return)) throw conflict(WITHDRAWAL_MESSAGES.changed(returned.toFixed(2)), 'expected_return');
  const posting = withdrawalPosting(d);
  const at = new Date();
  const note = input.reason?.trim() ? `${WITHDRAWAL_MESSAGES.reason} ${input.reason.trim()}` : WITHDRAWAL_MESSAGES.reason;
  const changes: InstallmentChange[] = s.targets.map((target) => ({ target, to: WITHDRAWN_INSTALLMENT_STATUS, reason: WITHDRAWAL_MESSAGES.reason, actorId: actor.id, action: 'installment.status', at, on: today }));
  await changeInstallments(tx, changes);
  await changeOperation(tx, {
    id: s.op.id,
    version: input.version,
    to: WITHDRAWAL_MOVE.to,
    event: { kind: 'withdrawn', note, actorId: actor.id, at },
    log: {
      action: 'credit-operation.withdrawn',
      before: (row) => ({ status: row.status, version: row.version }),
      after: (row) => ({ status: row.status, version: row.version, amount: returned.toFixed(2), reason: note }),
    },
  });
  await tx.insert(withdrawals).values({
    credit_operation_id: s.op.id,
    withdrawn_on: today,
    disbursed_on: d.disbursed_on,
    counted_from: s.window.countedFrom,
    last_day: s.window.lastDay,
    financed: d.financed,
    released: d.released,
    iof: d.iof,
    fees: d.fees,
    returned: returned.toFixed(2),
    reason: input.reason?.trim() || null,
    actor_id: actor.id,
  });
  await reconcileAccrual(tx, [s.op.id], today);
  await post(tx, [{ posting, link: { operationId: s.op.id, businessDate: today } }]);
  return quote(tx, s.op.id, today);
}
