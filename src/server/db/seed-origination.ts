/**
 * Demo borrowers and credit operations: a few dozen borrowers,
 * most built from the seeded solicitations (approved ones, and the contracted
 * ones, whose contracts are issued here), some registered from scratch, with
 * their credit file (shareholders, revenue, products, joint debtors,
 * guarantees), and operations in every state of the workflow. Everything goes
 * through the same services the screens call, so the numbers are the
 * simulation's and the timeline, log and contracts are what a real run
 * leaves; only the dates are moved back afterwards to spread the history.
 *
 * The operations shown as disbursed are released through servicing on their
 * story's day, with past installments paid through it on their due day and a
 * few borrowers overdue (one per risk band) so the risk classification and the
 * collections desk have every band to show.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { completeCnpj, completeCpf, formatCnpj, formatCpf } from '@shared/documents';
import { AllAdmins, AllOperators, isRoleAllowed, isRoleId, Role, type RoleId } from '@shared/roles';
import { addDays, addMonths, daysBetween } from '../domain/credit/calendar';
import { seededRandom } from '../domain/seeded-random';
import { createBorrower, todayInSaoPaulo } from '../areas/borrowers';
import { issueContract } from '../areas/operations';
import { createOperation, decide, updateComplement, type Conditions } from '../areas/operations';
import type { Db } from './connect';
import { users } from '../areas/access/schema';
import { solicitations, solicitationStatusHistory } from '../areas/intake/schema';
import { borrowerJointDebtors, borrowerProducts, borrowerRevenues, borrowerSecuredGuarantees, borrowerShareholders } from '../areas/borrowers/schema';
import { creditOperationInstallments, creditOperations } from '../areas/operations/schema';
import { borrowerBankAccounts } from '../areas/borrowers/schema';
import { seedBoletos } from './seed-boletos';
import { disburse } from '../areas/servicing';
import { applyPrepayment, decideOperationWriteOff, decideReversal, loadInstallmentDetails, pay, quotePrepayment, requestOperationWriteOff, reverse } from '../areas/collection';

const DAY_MS = 86_400_000;

/** What the operation is left as; the path there is the workflow's own moves. */
type Target = 'proposal' | 'analysis' | 'returned' | 'approved' | 'refused' | 'cancelled' | 'contract_issued' | 'disbursed';

const APPROVED_TARGETS: Target[] = ['proposal', 'analysis', 'analysis', 'returned', 'approved', 'approved', 'refused', 'cancelled'];

const SCRATCH_BORROWERS = [
  { person_type: 'PJ', name: 'Padaria Pão Dourado Ltda.', trade_name: 'Pão Dourado', body: '412233440001', cep: '60025-061', address: 'Rua Barão do Rio Branco', address_number: '137', neighborhood: 'Centro', city: 'Fortaleza', state: 'CE', simples: true, activity: 'Panificação' },
  { person_type: 'PJ', name: 'Oficina Mecânica Irmãos Prado ME', trade_name: 'Irmãos Prado', body: '523344550001', cep: '74005-010', address: 'Avenida Goiás', address_number: '174', neighborhood: 'Setor Central', city: 'Goiânia', state: 'GO', simples: true, activity: 'Manutenção de veículos' },
  { person_type: 'PJ', name: 'Ateliê Costura Fina Eireli', trade_name: 'Costura Fina', body: '634455660001', cep: '66017-000', address: 'Avenida Presidente Vargas', address_number: '211', neighborhood: 'Campina', city: 'Belém', state: 'PA', simples: true, activity: 'Confecção' },
  { person_type: 'PJ', name: 'Mercadinho Bom Preço Ltda.', trade_name: 'Bom Preço', body: '745566770001', cep: '80020-310', address: 'Rua XV de Novembro', address_number: '248', neighborhood: 'Centro', city: 'Curitiba', state: 'PR', simples: false, activity: 'Comércio varejista' },
  { person_type: 'PF', name: 'Luzia Aparecida Moraes', trade_name: null, body: '812345670', cep: '40060-001', address: 'Avenida Sete de Setembro', address_number: '285', neighborhood: 'Centro', city: 'Salvador', state: 'BA', simples: false, activity: null },
  { person_type: 'PF', name: 'Edson Batista Rocha', trade_name: null, body: '823456781', cep: '69010-001', address: 'Avenida Eduardo Ribeiro', address_number: '322', neighborhood: 'Centro', city: 'Manaus', state: 'AM', simples: false, activity: null },
  { person_type: 'PF', name: 'Cláudia Regina Pires', trade_name: null, body: '834567892', cep: '90020-007', address: 'Rua dos Andradas', address_number: '359', neighborhood: 'Centro Histórico', city: 'Porto Alegre', state: 'RS', simples: false, activity: null },
  { person_type: 'PF', name: 'Francisco das Chagas Lima', trade_name: null, body: '845678903', cep: '64000-060', address: 'Rua Álvaro Mendes', address_number: '396', neighborhood: 'Centro', city: 'Teresina', state: 'PI', simples: false, activity: null },
] as const;

const SCRATCH_TARGETS: Target[] = ['contract_issued', 'proposal', 'analysis', 'disbursed', 'contract_issued', 'approved', 'disbursed', 'returned'];

export interface OriginationSeedSummary {
  borrowers: number;
  operations: number;
  contracts: number;
  boletos: number;
}

function monthsBack(today: string, n: number): string {
  return addMonths(today.slice(0, 8) + '01', -n).slice(0, 7);
}

export async function seedOrigination(db: Db, options: { staffIds: number[]; now: Date; story?: () => Promise<void> }): Promise<OriginationSeedSummary> {
  const random = seededRandom(90_210);
  const staff = options.staffIds.length ? options.staffIds : [1];
  const actorId = () => random.pick(staff);
  const operator = () => ({ id: actorId(), role: Role.OPERATOR });
  const today = todayInSaoPaulo(options.now);
  const summary: OriginationSeedSummary = { borrowers: 0, operations: 0, contracts: 0, boletos: 0 };
  // Four eyes: approvals come from real operators who did not make the proposal, and above the company's
  // limit an administrator confirms; chosen without drawing from `random`, so the rest of the story stays.
  const roles = new Map<number, RoleId>();
  for (const u of await db.select({ id: users.id, role: users.role_id }).from(users).where(inArray(users.id, staff))) if (isRoleId(u.role)) roles.set(u.id, u.role);
  const approverAmong = (allowed: readonly RoleId[], except: number[], turn: number, preferred?: number) => {
    if (preferred !== undefined && isRoleAllowed(roles.get(preferred), allowed) && !except.includes(preferred)) return { id: preferred, role: roles.get(preferred)! };
    const candidates = staff.filter((id) => isRoleAllowed(roles.get(id), allowed) && !except.includes(id));
    if (candidates.length === 0) throw new Error('demo seed: no staff member may approve this operation');
    const id = candidates[turn % candidates.length];
    return { id, role: roles.get(id)! };
  };

  // The intake seed left some solicitations 'contracted' with no operation behind them: they become
  // approved again and reach 'contracted' through their operation's contract, as they would for real.
  const contracted = await db
    .select({ id: solicitations.id })
    .from(solicitations)
    .where(eq(solicitations.status, 'contracted'))
    .orderBy(asc(solicitations.id))
    .limit(20);
  if (contracted.length) {
    const ids = contracted.map((s) => s.id);
    await db.update(solicitations).set({ status: 'approved' }).where(inArray(solicitations.id, ids));
    await db.delete(solicitationStatusHistory).where(sql`${solicitationStatusHistory.solicitation_id} IN ${ids} AND ${solicitationStatusHistory.to_status} = 'contracted'`);
  }
  const approved = await db
    .select({ id: solicitations.id, at: solicitations.status_changed_at, value: solicitations.lending_value, plots: solicitations.lending_plots_to_pay })
    .from(solicitations)
    .where(sql`${solicitations.status} = 'approved' AND ${solicitations.deleted_at} IS NULL AND ${solicitations.id} NOT IN ${contracted.length ? contracted.map((s) => s.id) : [0]}`)
    .orderBy(asc(solicitations.id))
    .limit(APPROVED_TARGETS.length * 2);

  const plan: Array<{ borrowerId: number; solicitationId: number | null; target: Target; at: Date; value: string | null; plots: number | null; microcredit: boolean }> = [];
  const fromSolicitation = async (s: { id: number; at: Date; value: string | null; plots: number | null }, target: Target | null) => {
    try {
      const borrower = await createBorrower(db, actorId(), { solicitation_id: s.id });
      summary.borrowers++;
      await fillCreditFile(db, borrower.id, borrower.person_type, random, today);
      if (target) plan.push({ borrowerId: borrower.id, solicitationId: s.id, target, at: s.at, value: s.value, plots: s.plots, microcredit: random.chance(0.25) });
    } catch {
      // A solicitation without a valid document or already used: not a borrower (the screens say why).
    }
  };
  for (const [i, s] of approved.entries()) await fromSolicitation(s, i < APPROVED_TARGETS.length * 2 - 3 ? APPROVED_TARGETS[i % APPROVED_TARGETS.length] : null);
  for (const [i, c] of contracted.entries()) {
    const [s] = await db
      .select({ id: solicitations.id, at: solicitations.status_changed_at, value: solicitations.lending_value, plots: solicitations.lending_plots_to_pay })
      .from(solicitations)
      .where(eq(solicitations.id, c.id));
    await fromSolicitation(s, i % 5 < 1 ? 'contract_issued' : 'disbursed');
  }
  for (const [i, b] of SCRATCH_BORROWERS.entries()) {
    const document = b.person_type === 'PJ' ? formatCnpj(completeCnpj(b.body)) : formatCpf(completeCpf(b.body));
    const created = await createBorrower(db, actorId(), {
      person_type: b.person_type,
      document,
      name: b.name,
      trade_name: b.trade_name,
      simples_nacional: b.simples,
      // A payer's address with CEP: the boleto and the carnê print it (FEBRABAN's payer block).
      cep: b.cep,
      address: b.address,
      address_number: b.address_number,
      neighborhood: b.neighborhood,
      city: b.city,
      state: b.state,
      email: `${b.name.split(' ')[0].toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '')}.${i + 1}@cliente.demo.local`,
      activity: b.activity,
    });
    summary.borrowers++;
    await fillCreditFile(db, created.id, b.person_type, random, today);
    plan.push({
      borrowerId: created.id,
      solicitationId: null,
      target: SCRATCH_TARGETS[i],
      at: new Date(options.now.getTime() - random.int(10, 300) * DAY_MS),
      value: null,
      plots: null,
      microcredit: i % 3 === 0,
    });
  }

  // The story of the disbursed operations is told by the passage of time, never by moving a due date after
  // the contract was issued: each overdue one was released long enough ago that its oldest open installment
  // is now late by the days of one risk band (Res. CMN 2.682/1999: A 1–14, B 15–30, C 31–60, D 61–90,
  // E 91–120, F 121–150, G 151–180, H over 180), its earlier installments paid on their due day.
  const overdueDays = [200, 165, 135, 105, 75, 45, 20, 7];
  // The last one, when there are more than the bands need, went a year without a payment and was written off as a
  // loss (a second person approving).
  const WRITTEN_OFF_LATE = 400;
  const disbursedTotal = plan.filter((p) => p.target === 'disbursed').length;
  // What happens to the first operations paid on time, beyond paying on the due day.
  type Story = 'reversed' | 'partial' | 'prepaid' | 'settled';
  const onTimeStories: Story[][] = [['reversed', 'prepaid'], ['partial'], ['settled'], ['reversed'], ['partial']];
  let disbursedCount = 0;
  // Who gets demo boletos: carnês for operations still collecting on time, an updated slip for an overdue one.
  const boletoPlan = { carne: [] as number[], overdue: [] as number[] };
  for (const item of plan) {
    // Each operation's story (proposal to payments) is one transaction in the background seed (seed-stories.ts).
    await options.story?.();
    const writtenOff = item.target === 'disbursed' && disbursedCount === disbursedTotal - 1 && disbursedTotal > overdueDays.length;
    const late = item.target === 'disbursed' && disbursedCount < overdueDays.length ? overdueDays[disbursedCount] : writtenOff ? WRITTEN_OFF_LATE : null;
    const paidBefore = late === null ? 0 : disbursedCount % 3;
    let started: Date;
    let disbursement: string;
    let firstDue: string;
    if (late !== null) {
      // The (paidBefore + 1)-th installment fell due `late` days ago; the release was one month before the first.
      firstDue = addMonths(addDays(today, -late), -paidBefore);
      disbursement = addMonths(firstDue, -1);
      started = new Date(options.now.getTime() - (daysBetween(disbursement, today) + 3) * DAY_MS);
    } else {
      const ageDays = Math.max(4, Math.floor((options.now.getTime() - item.at.getTime()) / DAY_MS));
      started = new Date(options.now.getTime() - ageDays * DAY_MS);
      // Disbursed ones in the past (so installments fall due); the rest a few days ahead of today.
      disbursement = item.target === 'disbursed' ? todayInSaoPaulo(new Date(started.getTime() + 3 * DAY_MS)) : todayInSaoPaulo(new Date(options.now.getTime() + random.int(2, 10) * DAY_MS));
      firstDue = addMonths(disbursement, 1);
    }
    const amount = new Decimal(item.value ?? random.int(2, 60) * 1000).clamp(item.microcredit ? 800 : 1500, item.microcredit ? 20000 : 120000).toFixed(2);
    const conditions: Conditions = {
      product: item.microcredit ? 'microcredit' : random.pick(['working_capital', 'working_capital', 'investment'] as const),
      amortization: random.chance(0.8) ? 'price' : 'sac',
      requested_amount: amount,
      monthly_rate: random.pick(['1.49', '1.99', '2.49', '2.99', '3.49']),
      installments: Math.min(48, Math.max(3, item.plots ?? random.pick([6, 12, 18, 24, 36]))),
      disbursement_date: disbursement,
      first_due_date: firstDue,
      finance_iof: random.chance(0.3),
      secured_guarantee_ids: [],
    };
    // Proposed on the day the story says (a disbursed one three days before its release), as of that business date.
    const proposedOn = item.target === 'disbursed' ? todayInSaoPaulo(started) : today;
    const maker = actorId();
    const id = await createOperation(db, { id: maker, role: roles.get(maker) ?? Role.AGENT }, { ...conditions, borrower_id: item.borrowerId, solicitation_id: item.solicitationId ?? undefined }, proposedOn);
    summary.operations++;
    let version = 1;
    const move = async (action: Parameters<typeof decide>[2]['action'], reason?: string) => {
      const actor = action === 'send_to_analysis' || action === 'cancel' ? { id: actorId(), role: Role.AGENT } : operator();
      if (action !== 'approve') {
        await decide(db, actor, { id, action, version, reason });
        version++;
        return;
      }
      // The analyst's opinion first (approval needs it), then one or two approvers other than the maker.
      await updateComplement(db, actor.id, { id, version, payment_method: 'boleto', analyst_opinion: 'Capacidade de pagamento compatível com as parcelas; cadastro e documentos conferidos.' });
      version++;
      const first = approverAmong(AllOperators, [maker], id, actor.id);
      await decide(db, first, { id, action, version });
      version++;
      const [{ status }] = await db.select({ status: creditOperations.status }).from(creditOperations).where(eq(creditOperations.id, id));
      if (status === 'analysis') {
        await decide(db, approverAmong(AllAdmins, [maker, first.id], id), { id, action, version });
        version++;
      }
    };
    const t = item.target;
    if (t === 'cancelled') await move('cancel', 'O cliente desistiu do crédito.');
    if (['analysis', 'returned', 'approved', 'refused', 'contract_issued', 'disbursed'].includes(t)) await move('send_to_analysis');
    if (t === 'returned') await move('return', 'Rever o prazo: parcela acima de 30% do faturamento declarado.');
    if (t === 'refused') await move('refuse', 'Capacidade de pagamento insuficiente.');
    if (['approved', 'contract_issued', 'disbursed'].includes(t)) await move('approve');
    // Issued on the story's day: the day before a past release (at noon there), today for those still to be released.
    const issuedOn = t === 'disbursed' ? addDays(disbursement, -1) : today;
    const issuedAt = t === 'disbursed' ? sql`(${issuedOn}::date + time '12:00') AT TIME ZONE 'America/Sao_Paulo'` : sql`now() - interval '1 minute'`;
    if (t === 'contract_issued' || t === 'disbursed') {
      const kind = conditions.product === 'microcredit' ? 'MPO' : 'CCB';
      await issueContract(db, actorId(), {
        operationId: id,
        kind,
        issuedOn,
        orientationMessage: kind === 'MPO' ? 'Visita ao empreendimento: orientação sobre controle de caixa, separação das contas pessoais e do negócio e planejamento de compras.' : undefined,
      });
      summary.contracts++;
    }
    if (t === 'disbursed') {
      // Released through servicing on the story's day, its past installments paid on their due day through the same
      // calls the desk makes, except from the overdue one on (late by its band's days).
      disbursedCount++;
      await ensurePayoutAccount(db, item.borrowerId);
      const [{ version: current }] = await db.select({ version: creditOperations.version }).from(creditOperations).where(eq(creditOperations.id, id));
      const desk = operator();
      await db.transaction((tx) => disburse(tx, desk, { id, version: current, method: random.chance(0.7) ? 'pix' : 'ted', transfer_reference: `E${String(id).padStart(8, '0')}` }, disbursement));
      const paidUntil = late === null ? today : addDays(today, -late);
      const due = await db
        .select({ id: creditOperationInstallments.id, due_date: creditOperationInstallments.due_date, amortization: creditOperationInstallments.amortization, interest: creditOperationInstallments.interest })
        .from(creditOperationInstallments)
        .where(and(eq(creditOperationInstallments.credit_operation_id, id), lt(creditOperationInstallments.due_date, paidUntil)))
        .orderBy(asc(creditOperationInstallments.number));
      // One operation on time tells the story of a bounced transfer: its last payment came by TED, was reversed two
      // days later (four eyes when above the company's limit) and paid again late by PIX with the charges.
      const story = new Set(late === null ? onTimeStories.shift() : []);
      const bounced = story.has('reversed') && due.length > 0 && addDays(due[due.length - 1].due_date, 6) < today ? due[due.length - 1] : undefined;
      for (const installment of due) {
        const method = installment === bounced ? 'ted' : 'boleto';
        await db.transaction((tx) =>
          pay(tx, desk, { id, installment: installment.id, amount: new Decimal(installment.amortization).plus(installment.interest).toFixed(2), paid_on: installment.due_date, method }, installment.due_date),
        );
      }
      if (bounced) await bounceAndRepay(db, { desk, checker: approverAmong(AllOperators, [desk.id], id), operationId: id, installment: bounced });
      if (story.has('partial')) {
        // Another pays part of the installment falling due next, ahead of its due day: it shows partially paid.
        const [next] = await db
          .select({ id: creditOperationInstallments.id, amortization: creditOperationInstallments.amortization, interest: creditOperationInstallments.interest })
          .from(creditOperationInstallments)
          .where(and(eq(creditOperationInstallments.credit_operation_id, id), gte(creditOperationInstallments.due_date, today)))
          .orderBy(asc(creditOperationInstallments.number))
          .limit(1);
        const part = next ? new Decimal(next.amortization).plus(next.interest).times(0.4).toDecimalPlaces(2, Decimal.ROUND_DOWN) : null;
        if (next && part && part.gt(0)) {
          await db.transaction((tx) => pay(tx, desk, { id, installment: next.id, amount: part.toFixed(2), paid_on: today, method: 'pix', reference: `E${String(id).padStart(8, '0')}P` }, today));
        }
      }
      if (story.has('prepaid') || story.has('settled')) {
        // One borrower prepaid part of the debt today (smaller installments, same term); another paid it all off.
        const quote = await quotePrepayment(db, id, undefined, today);
        if (quote.overdue.length === 0 && quote.rows.length > 1) {
          const full = story.has('settled');
          const amount = full ? quote.present_value : new Decimal(quote.present_value).times(0.3).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
          const input = { id, kind: full ? ('full' as const) : ('partial' as const), mode: full ? undefined : ('reduce_installment' as const), amount, method: 'ted' as const, reference: `E${String(id).padStart(8, '0')}A` };
          await db.transaction((tx) => applyPrepayment(tx, desk, input, today));
        }
      }
      if (late === WRITTEN_OFF_LATE) {
        const input = { id, reason: 'Sem pagamento há mais de um ano; cobrança extrajudicial esgotada.' };
        await db.transaction((tx) => requestOperationWriteOff(tx, desk, input, today));
        await db.transaction((tx) => decideOperationWriteOff(tx, approverAmong(AllOperators, [desk.id], id + 1), { id, approve: true }, today));
      }
      if (late === null && !story.has('settled')) boletoPlan.carne.push(id);
      else if (late !== null && late !== WRITTEN_OFF_LATE) boletoPlan.overdue.push(id);
      await db.execute(sql`UPDATE credit_operation_events SET created_at = ${new Date(started.getTime() + 3 * DAY_MS)} WHERE credit_operation_id = ${id} AND kind = 'disbursed'`);
    }
    // The history happened over the operation's age, not all today: spread it from `started`. The installments'
    // settlements (recorded with their payments, after the release) keep the time they were recorded.
    await db.execute(sql`
      UPDATE credit_operation_events e SET created_at = ${started}::timestamptz + ((e.id - f.first) * interval '7 hours')
      FROM (SELECT min(id) AS first FROM credit_operation_events WHERE credit_operation_id = ${id}) f
      WHERE e.credit_operation_id = ${id} AND e.kind NOT IN ('disbursed', 'contract_issued', 'installment_settlement')`);
    await db.execute(sql`UPDATE credit_operation_events SET created_at = ${issuedAt} WHERE credit_operation_id = ${id} AND kind = 'contract_issued'`);
    // The borrower was registered before its first operation was proposed, not on the day the seed ran.
    await db.execute(sql`UPDATE borrowers SET created_at = LEAST(created_at, ${started}::timestamptz - interval '1 day'), updated_at = LEAST(updated_at, ${started}::timestamptz - interval '1 day') WHERE id = ${item.borrowerId}`);
    await db.execute(sql`
      UPDATE credit_operations o SET created_at = ${started}::timestamptz,
        status_changed_at = LEAST(now(), (SELECT max(created_at) FROM credit_operation_events WHERE credit_operation_id = o.id AND kind <> 'installment_settlement'))
      WHERE o.id = ${id}`);
    await db.execute(sql`
      UPDATE issued_contracts c SET issued_at = (SELECT max(created_at) FROM credit_operation_events WHERE credit_operation_id = ${id} AND kind = 'contract_issued')
      WHERE c.credit_operation_id = ${id}`);
  }
  // The demo boletos are a story of their own (one transaction in the background seed).
  await options.story?.();
  summary.boletos = await seedBoletos(db, operator(), boletoPlan, today);
  return summary;
}

/** A plausible credit file: PJ get revenue for six months and a product; some get a joint debtor or a guarantee. */
async function fillCreditFile(db: Db, borrowerId: number, personType: 'PF' | 'PJ', random: ReturnType<typeof seededRandom>, today: string): Promise<void> {
  if (personType === 'PJ') {
    const base = random.int(8, 60) * 1000;
    await db.insert(borrowerRevenues).values(
      Array.from({ length: 6 }, (_, i) => ({
        borrower_id: borrowerId,
        reference_month: monthsBack(today, i + 1),
        amount: new Decimal(base).times(0.85 + random.next() * 0.3).toDecimalPlaces(2).toFixed(2),
        source: random.pick(['declared', 'bank_statement', 'invoices'] as const),
      })),
    );
    await db.insert(borrowerProducts).values({
      borrower_id: borrowerId,
      name: random.pick(['Revenda de mercadorias', 'Prestação de serviços', 'Alimentação', 'Confecção sob medida']),
      average_price: `${random.int(15, 400)}.00`,
      revenue_share_percent: `${random.int(40, 100)}`,
    });
    const [hasShareholder] = await db.select({ id: borrowerShareholders.id }).from(borrowerShareholders).where(eq(borrowerShareholders.borrower_id, borrowerId)).limit(1);
    if (hasShareholder) await db.update(borrowerShareholders).set({ signs_as_guarantor: true }).where(eq(borrowerShareholders.id, hasShareholder.id));
  }
  if (random.chance(0.35)) {
    await db.insert(borrowerJointDebtors).values({
      borrower_id: borrowerId,
      name: random.pick(['Maria José Santos', 'Antônio Carlos Souza', 'Rita de Cássia Alves', 'José Ribamar Costa']),
      document: formatCpf(completeCpf(String(700_000_000 + borrowerId * 7919).slice(0, 9))),
      relationship: random.pick(['Cônjuge', 'Sócio', 'Irmão(ã)', 'Pai/Mãe']),
      monthly_income: `${random.int(2, 9) * 1000}.00`,
    });
  }
  if (random.chance(0.25)) {
    await db.insert(borrowerSecuredGuarantees).values({
      borrower_id: borrowerId,
      kind: random.pick(['vehicle', 'equipment', 'receivables'] as const),
      description: random.pick(['Motocicleta Honda CG 160, 2021', 'Forno industrial a gás', 'Recebíveis de cartão de crédito']),
      value: `${random.int(5, 40) * 1000}.00`,
    });
  }
}

/**
 * A payment whose transfer was returned: reversed two days after it was made, with the bank's reason (a second
 * operator confirms when the amount is above the company's limit), and paid again four days later with what was
 * then due, charges included.
 */
async function bounceAndRepay(
  db: Db,
  story: { desk: { id: number; role: RoleId }; checker: { id: number; role: RoleId }; operationId: number; installment: { id: number; due_date: string } },
): Promise<void> {
  const { desk, checker, operationId: id, installment } = story;
  const reversedOn = addDays(installment.due_date, 2);
  const repaidOn = addDays(installment.due_date, 6);
  const details = await loadInstallmentDetails(db, id, installment.id, installment.due_date);
  const payment = details.transactions.find((t) => t.kind === 'payment');
  if (!payment) return;
  const input = { id, installment: installment.id, detailId: payment.id, reason: 'TED devolvida pelo banco do cliente (conta de origem encerrada).' };
  const outcome = await db.transaction((tx) => reverse(tx, desk, input, reversedOn));
  if (outcome.approvalId !== null) await db.transaction((tx) => decideReversal(tx, checker, { ...input, approve: true }, reversedOn));
  const owed = (await loadInstallmentDetails(db, id, installment.id, repaidOn)).installment.due_total;
  await db.transaction((tx) => pay(tx, desk, { id, installment: installment.id, amount: owed, paid_on: repaidOn, method: 'pix', reference: `E${String(id).padStart(8, '0')}R` }, repaidOn));
}

/** A disbursement needs the borrower's payout account: borrowers registered without one get a demo account. */
async function ensurePayoutAccount(db: Db, borrowerId: number): Promise<void> {
  const [payout] = await db
    .select({ id: borrowerBankAccounts.id })
    .from(borrowerBankAccounts)
    .where(and(eq(borrowerBankAccounts.borrower_id, borrowerId), eq(borrowerBankAccounts.is_payout, true)))
    .limit(1);
  if (payout) return;
  await db.insert(borrowerBankAccounts).values({
    borrower_id: borrowerId,
    bank_code: '001',
    bank_name: 'Banco do Brasil',
    agency: String(1000 + (borrowerId % 9000)),
    account: String(10000 + borrowerId),
    account_digit: String(borrowerId % 10),
    account_type: 'checking',
    is_payout: true,
  });
}
