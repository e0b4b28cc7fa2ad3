/**
 * Reverse cession after collection (transfers/README.md, "Reverse cession"; Código Civil arts. 286–298 and 472, the
 * cession agreement): an installment partly collected while assigned can be handed back — what was collected stays
 * owed to the assignee (the pass-through payable is untouched), the open principal comes back to loans receivable, and
 * the assignee is released only from the price share of the open face value; it still owes the price of what it
 * collected. An installment collected in full is refused (409, its reason in Portuguese); a payment between a
 * reversal's request and its approval is a 409 on approval. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { assignAtRate, disbursedOperation, expectBooksBalanced, insertAssigneeAccount, insertBorrower, key, operationBalances, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let accountId: number;
let bankId: number;
let opId: number;
let list: Array<Record<string, any>> = [];
let cession: Record<string, any> = {};

const reverse = (ids: number[], token = tokens.operator) =>
  call(server, 'cession.reverse', { id: opId, idempotency_key: key(), installments: ids, reason: 'Acordo com o fundo: parcela devolvida' }, token);
const pay = (installment: number, amount: string) =>
  call(server, 'servicing.pay', { id: opId, installment, idempotency_key: key(), amount, paid_on: server.clock.today(), method: 'pix' }, tokens.operator);
const ledger = async (account: string) => {
  const [row] = await server.database.rows<{ balance: string }>(
    "SELECT COALESCE(sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END), 0)::numeric(14,2)::text AS balance FROM journal_entries WHERE account = $1",
    [account],
  );
  return row.balance;
};
const statement = async () => {
  const answer = await call(server, 'assigneeStatement.get', { accountId, from: '2026-01-01', to: '2026-12-31' }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
/** Open principal of the operation's installments the lender holds (not assigned): what loans receivable must carry. */
const lenderPrincipal = async () =>
  (await operationInstallments(server, tokens.agent, opId)).filter((i) => i.status !== 'assigned').reduce((s, i) => s.plus(i.due.principal), new Decimal(0)).toFixed(2);

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  await server.database.rows("UPDATE company_parameters SET cession_approval_above = '100000.00' WHERE company_id = 1");
  const borrowerId = await insertBorrower(server, 'Rita Reversão', '529.982.247-25');
  accountId = await insertAssigneeAccount(server, 'Fundo Retorno FIDC');
  await server.database.rows('UPDATE assignment_bank_accounts SET pass_through_fee_rate = 2 WHERE id = $1', [accountId]);
  [{ id: bankId }] = await server.database.rows<{ id: number }>('SELECT id FROM company_bank_accounts WHERE company_id = 1 AND active ORDER BY id LIMIT 1');
  opId = await disbursedOperation(server, tokens, borrowerId);
  server.clock.set('2026-02-01');
  list = await operationInstallments(server, tokens.agent, opId);
  cession = await assignAtRate(server, tokens.operator, opId, accountId, [list[1].id, list[2].id, list[3].id, list[4].id]);
  server.clock.set('2026-02-20');
});
afterAll(() => server?.close());

describe('reverse cession after a partial collection', () => {
  it('a fully collected installment cannot be reversed: blocked in the list, 409 with the reason in Portuguese', async () => {
    expect((await pay(list[2].id, list[2].value)).status).toBe(200);
    const reversible = await call(server, 'cession.reversible', { id: opId }, tokens.agent);
    const row = reversible.body.installments.find((i: any) => i.id === list[2].id);
    expect(row.blocked).toBe('A parcela 3 já foi paga por inteiro ao cessionário: não há saldo em aberto a desfazer (o que foi cobrado é repassado ao fundo).');
    const refused = await reverse([list[2].id]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ field: 'installments', message: row.blocked });
    // All or nothing: with a reversible one beside it, nothing is reversed.
    expect((await reverse([list[3].id, list[2].id])).status).toBe(409);
    expect((await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM cession_reversals'))[0].n).toBe(0);
  });

  it('returns the open principal and the price share of the open face value; what was collected stays owed to the assignee', async () => {
    const paid = await pay(list[1].id, '100.00');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const payableBefore = await ledger('due_to_assignee');
    const statementBefore = await statement();
    expect(statementBefore.pass_through.open_payable).toBe(new Decimal(payableBefore).neg().toFixed(2));
    const before = await operationBalances(server, opId);
    const now = (await operationInstallments(server, tokens.agent, opId))[1];
    expect(now.status).toBe('assigned');
    const openFace = new Decimal(now.due.principal).plus(now.due.interest);
    const item = cession.installments.find((i: any) => i.id === list[1].id);
    const priceBack = new Decimal(item.price).times(openFace).div(item.face_value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(priceBack.lt(item.price)).toBe(true);
    expect((await call(server, 'cession.reversible', { id: opId }, tokens.agent)).body.installments.find((i: any) => i.id === list[1].id).blocked).toBeNull();

    const answer = await reverse([list[1].id]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'effective', installment_count: 1, price: priceBack.toFixed(2), carrying: now.due.principal, reversed_on: '2026-02-20' });
    const after = await operationBalances(server, opId);
    // The open principal only comes back, not the principal ceded.
    expect(new Decimal(after.loans_receivable).minus(before.loans_receivable).toFixed(2)).toBe(now.due.principal);
    expect(new Decimal(now.due.principal).lt(item.carrying)).toBe(true);
    expect(new Decimal(before.due_from_assignee).minus(after.due_from_assignee).toFixed(2)).toBe(priceBack.toFixed(2));
    // The gain or loss of what returns is undone: price back − principal back.
    const result = (b: Record<string, string>) => new Decimal(b.cession_gain ?? 0).plus(b.cession_loss ?? 0);
    expect(result(after).minus(result(before)).toFixed(2)).toBe(priceBack.minus(now.due.principal).toFixed(2));
    // The pass-through payable does not move: the R$ 100,00 stays the assignee's.
    expect(await ledger('due_to_assignee')).toBe(payableBefore);
    const statementAfter = await statement();
    expect(statementAfter.pass_through.open_payable).toBe(statementBefore.pass_through.open_payable);
    expect(statementAfter.pass_through.collected).toBe(new Decimal(list[2].value).plus('100.00').toFixed(2));
    expect(statementAfter.lines.find((l: any) => l.kind === 'cession_reversal')).toMatchObject({ installment_id: list[1].id, amount: priceBack.toFixed(2) });
    const row = (await operationInstallments(server, tokens.agent, opId))[1];
    expect(row.status).toBe('partially_paid');
    expect(row.due_total).toBe(now.due_total);
    expect(new Decimal(after.loans_receivable).toFixed(2)).toBe(await lenderPrincipal());
    const record = (await call(server, 'cession.get', { cession: cession.id }, tokens.agent)).body;
    expect(record.installments.map((i: any) => i.reversed)).toEqual([true, false, false, false]);
    const logged = await server.database.rows<{ after: Record<string, unknown> }>("SELECT after FROM activity_log WHERE action = 'cession.reverse' AND entity_id = $1", [answer.body.id]);
    expect(logged[0].after).toMatchObject({ price: priceBack.toFixed(2), carrying: now.due.principal });
    await expectBooksBalanced(server, tokens.operator);
  });

  it('the assignee still owes the price of the part it collected: the price in force is the cession price less the share returned', async () => {
    const item = cession.installments.find((i: any) => i.id === list[1].id);
    const reversal = (await call(server, 'cession.ofOperation', { id: opId }, tokens.agent)).body.reversals[0];
    const price = await call(server, 'cessionPrice.get', { cession: cession.id }, tokens.operator);
    expect(price.status, JSON.stringify(price.body)).toBe(200);
    expect(price.body.price).toBe(new Decimal(cession.price).minus(reversal.price).toFixed(2));
    expect(new Decimal(price.body.price).gt(new Decimal(cession.price).minus(item.price))).toBe(true);
    expect(new Decimal(await ledger('due_from_assignee')).toFixed(2)).toBe(price.body.owed);
    const received = await call(server, 'cessionPrice.receive', { cession: cession.id, idempotency_key: key(), date: '2026-02-20', amount: price.body.owed, company_bank_account_id: bankId }, tokens.operator);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(await ledger('due_from_assignee')).toBe('0.00');
    // Paid in full, another reversal would owe the fund money back without a record: refused by the price rule.
    const blocked = await reverse([list[3].id]);
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain('estorne o recebimento');
    await expectBooksBalanced(server, tokens.operator);
  });

  it('after the reversal, a payment is the lender\'s: principal out of loans receivable, nothing owed to the assignee', async () => {
    server.clock.set('2026-02-25');
    const payable = await ledger('due_to_assignee');
    const paid = await pay(list[1].id, '50.00');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await ledger('due_to_assignee')).toBe(payable);
    expect((await operationBalances(server, opId)).loans_receivable).toBe(await lenderPrincipal());
    await expectBooksBalanced(server, tokens.operator);
  });

  it('the payment collected for the assignee cannot be reversed once the installment came back: 409 saying to settle it with the assignee', async () => {
    const collected = await server.database.rows<{ id: number }>(
      "SELECT t.id FROM installment_transactions t WHERE t.installment_id = $1 AND t.kind = 'payment' AND t.amount = '100.00'",
      [list[1].id],
    );
    expect(collected).toHaveLength(1);
    const payable = await ledger('due_to_assignee');
    const answer = await call(server, 'servicing.reverse', { id: opId, installment: list[1].id, detailId: collected[0].id, idempotency_key: key(), reason: 'Pagamento devolvido pelo banco' }, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.message).toContain('acerte a devolução com o cessionário');
    expect(await ledger('due_to_assignee')).toBe(payable);
    expect((await operationBalances(server, opId)).loans_receivable).toBe(await lenderPrincipal());
  });

  it('a payment between the request and the approval changes what returns: the approval is a 409, the refusal still works', async () => {
    const receipts = (await call(server, 'cessionPrice.get', { cession: cession.id }, tokens.operator)).body.moves.filter((m: any) => m.kind === 'receipt' && !m.reversed);
    for (const r of receipts) {
      const undone = await call(server, 'cessionPrice.reverseReceipt', { cession: cession.id, receipt: r.id, idempotency_key: key(), reason: 'Recebimento lançado para o teste' }, tokens.operator);
      expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    }
    await server.database.rows("UPDATE company_parameters SET cession_approval_above = '1.00' WHERE company_id = 1");
    const asked = await reverse([list[4].id]);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.status).toBe('pending');
    expect((await pay(list[4].id, '20.00')).status).toBe(200);
    const approved = await call(server, 'cession.decideReversal', { reversal: asked.body.id, idempotency_key: key(), approve: true }, tokens.admin);
    expect(approved.status).toBe(409);
    expect(approved.body.message).toBe('A parcela 5 recebeu ou estornou pagamentos desde o pedido do desfazimento: recuse-o e peça de novo.');
    const refused = await call(server, 'cession.decideReversal', { reversal: asked.body.id, idempotency_key: key(), approve: false, reason: 'Pagamento entrou antes da aprovação' }, tokens.admin);
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.status).toBe('refused');
    // Asked again, it is approved with what returns now.
    const again = await reverse([list[4].id]);
    expect(again.body.status).toBe('pending');
    const done = await call(server, 'cession.decideReversal', { reversal: again.body.id, idempotency_key: key(), approve: true }, tokens.admin);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('effective');
    expect((await operationBalances(server, opId)).loans_receivable).toBe(await lenderPrincipal());
    const s = await statement();
    expect(s.pass_through.open_payable).toBe(new Decimal(await ledger('due_to_assignee')).neg().toFixed(2));
    await expectBooksBalanced(server, tokens.operator);
  });
});
