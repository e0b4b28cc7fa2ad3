/**
 * Issued contracts (the company's issued contracts and the operation's contract): a CCB
 * (Lei 10.931/2004) or an MPO contract (Lei 13.636/2018) filled from the
 * company's template in force with the company, its representatives and
 * witnesses, the borrower, its guarantors and the operation's schedule.
 *
 * A contract is frozen when issued: the filled text, the signatories and
 * (`frozen`) the amounts and the whole schedule are stored then, and its PDF
 * is drawn only from them (`frozenPdfInput`), so a later change to the
 * installments, the template, the company or the borrower never alters a
 * signed contract. The contract's number is drawn before the text is filled,
 * so the text ({{contrato.numero}}) and the PDF's heading carry the same one.
 * Cancelling marks the contract (never deletes) and brings the operation back
 * to approved, where the conditions can change or a new contract be issued.
 */
import Decimal from 'decimal.js';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { CONTRACT_ALIAS_NAMES, fillTemplate, ISSUED_CONTRACT_FILTERS, ISSUED_CONTRACT_SORTS, operationNumber, pageMeta, templatePlaceholders, type ContractKind, type IssuedContract } from '@shared/contract/index';
import { CONTRACT_KINDS, ISSUED_CONTRACT_STATUSES } from '@shared/enums';
import { CONTRACT_MOVES, wasDisbursed, type CreditOperationStatus } from '@shared/credit-operation-status';
import { formatCurrency, formatPercentage } from '@shared/format';
import type { Db } from '../../db/connect';
import { companies, companyParameters, companyRepresentatives, companyWitnesses, contractTemplates } from '../company/schema';
import { borrowerJointDebtors, borrowers, borrowerShareholders } from '../borrowers/schema';
import { creditOperationInstallments, creditOperations, issuedContracts, type FrozenContract } from './schema';
import { containsPattern } from '../../domain/like';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { calendarDayInSaoPaulo } from '../../platform/clock';
import { findOperation, moveForContract, STATUS_PT, statusOf, type OperationRow } from './credit-operations';
import type { ContractPdfInput } from './contract-pdf';
import { listConditions, listOrder, ordered, type ListSpec } from '../../platform/list';
import { markContracted } from '../intake';
import { REMUNERATORY_PLACEHOLDER } from '@shared/contract/company';
import { lateChargesAtIssue, lateChargeValues } from './late-charge-terms';

export const CONTRACT_MESSAGES = {
  notFound: 'Contrato não encontrado.',
  notApproved: (status: string) => `O contrato só pode ser emitido para uma operação aprovada (esta está ${status}).`,
  inForce: 'Esta operação já tem um contrato em vigor: cancele-o antes de emitir outro.',
  wrongKind: (kind: ContractKind) => `Esta operação é formalizada por ${kind === 'CCB' ? 'Cédula de Crédito Bancário (CCB)' : 'contrato de microcrédito produtivo orientado (MPO)'}.`,
  noTemplate: (kind: ContractKind) => `Cadastre o modelo de contrato ${kind} em Operações › Modelos de contrato antes de emitir.`,
  noRepresentative: 'Cadastre ao menos um representante legal ativo da empresa (Operações › Representantes) antes de emitir.',
  noCompanyData: 'Preencha a razão social e o CNPJ da empresa (Operações › Empresa) antes de emitir.',
  alreadyCancelled: 'Este contrato já foi cancelado.',
  disbursed: 'A operação já foi liberada: o contrato não pode mais ser cancelado.',
  noContract: (kind: ContractKind) => `Esta operação não tem contrato ${kind} em vigor: emita-o primeiro.`,
} as const;

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' by text (a calendar date never passes through a zone). */
export function dayPt(value: string): string {
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
}

function percentPt(value: string): string {
  return formatPercentage(value);
}

/** The yearly rate equivalent to a monthly one: (1 + m)^12 − 1, in decimal arithmetic. */
export function yearlyRate(monthlyPercent: string): string {
  const m = new Decimal(monthlyPercent).div(100);
  return m.plus(1).pow(12).minus(1).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

function address(parts: Array<string | null | undefined>): string {
  return parts.filter((p) => p && p.trim()).join(', ') || 'endereço não informado';
}

export interface ContractData {
  values: Record<string, string>;
  frozen: FrozenContract;
  signatories: { borrower: string; guarantors: string[]; representatives: string[]; witnesses: string[] };
}

const PAYMENT_METHOD_PT: Record<FrozenContract['amounts']['payment_method'], string> = {
  boleto: 'boleto bancário',
  pix: 'Pix',
  debit: 'débito em conta',
};

/** The operation's amounts and schedule as the contract shows them, taken once, at issue. */
function freeze(
  op: OperationRow,
  schedule: FrozenContract['schedule'],
  orientationMessage: string | null,
  lateCharges: FrozenContract['late_charges'],
): FrozenContract {
  return {
    amounts: {
      amortization: op.amortization,
      requested_amount: op.requested_amount,
      principal: op.principal,
      released: op.released,
      iof_total: op.iof_total,
      fees: op.fees.map((f) => ({ name: f.name, amount: f.amount })),
      fees_total: op.fees_total,
      total_interest: op.total_interest,
      total_payable: op.total_payable,
      monthly_rate: op.monthly_rate,
      yearly_rate: yearlyRate(op.monthly_rate),
      cet_monthly: op.cet_monthly,
      cet_yearly: op.cet_yearly,
      installments_count: op.installments_count,
      disbursement_date: op.disbursement_date,
      first_due_date: op.first_due_date,
      payment_method: op.payment_method,
    },
    schedule,
    orientation_message: orientationMessage,
    late_charges: lateCharges,
  };
}

/**
 * Everything a template may use, read at issue. The queries run one after
 * another: `tx` is one connection, and pg does not take a query while another
 * is running on it.
 */
async function contractData(
  tx: Db,
  op: OperationRow,
  issue: { number: string; issuedOn: string; orientationMessage: string | null; placeholders: readonly string[] },
): Promise<ContractData> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, op.company_id));
  const [params] = await tx.select().from(companyParameters).where(eq(companyParameters.company_id, op.company_id));
  const representatives = await tx
    .select()
    .from(companyRepresentatives)
    .where(and(eq(companyRepresentatives.company_id, op.company_id), eq(companyRepresentatives.active, true)))
    .orderBy(asc(companyRepresentatives.id));
  const witnesses = await tx
    .select()
    .from(companyWitnesses)
    .where(and(eq(companyWitnesses.company_id, op.company_id), eq(companyWitnesses.active, true)))
    .orderBy(asc(companyWitnesses.id));
  const [borrower] = await tx.select().from(borrowers).where(eq(borrowers.id, op.borrower_id));
  const jointDebtors = await tx.select().from(borrowerJointDebtors).where(eq(borrowerJointDebtors.borrower_id, op.borrower_id)).orderBy(asc(borrowerJointDebtors.id));
  const shareholders = await tx
    .select()
    .from(borrowerShareholders)
    .where(and(eq(borrowerShareholders.borrower_id, op.borrower_id), eq(borrowerShareholders.signs_as_guarantor, true)))
    .orderBy(asc(borrowerShareholders.id));
  const schedule = await tx
    .select({
      number: creditOperationInstallments.number,
      due_date: creditOperationInstallments.due_date,
      payment: creditOperationInstallments.payment,
      interest: creditOperationInstallments.interest,
      amortization: creditOperationInstallments.amortization,
      balance: creditOperationInstallments.balance,
    })
    .from(creditOperationInstallments)
    .where(eq(creditOperationInstallments.credit_operation_id, op.id))
    .orderBy(asc(creditOperationInstallments.number));
  if (!company.legal_name.trim() || !company.cnpj) throw conflict(CONTRACT_MESSAGES.noCompanyData);
  if (representatives.length === 0) throw conflict(CONTRACT_MESSAGES.noRepresentative);
  const guarantors = [
    ...jointDebtors.map((g) => `${g.name} (${g.document})`),
    ...shareholders.map((s) => `${s.name} (${s.document})`),
  ];
  const reps = representatives.map((r) => `${r.name} (CPF ${r.cpf}), ${r.role}`);
  const wits = witnesses.map((w) => `${w.name} (CPF ${w.cpf})`);
  const feesText = op.fees.length ? op.fees.map((f) => `${f.name} ${formatCurrency(f.amount)}`).join('; ') : 'nenhuma';
  const companyCity = company.city && company.state ? `${company.city}/${company.state}` : company.city;
  // The late-charge terms the contract states: the company's at issue, the remuneratory clause only where the text prints it.
  const lateCharges = lateChargesAtIssue(params, op.monthly_rate, issue.placeholders.includes(REMUNERATORY_PLACEHOLDER));
  const frozen = freeze(op, schedule, issue.orientationMessage, lateCharges);
  const last = schedule[schedule.length - 1];
  const values: Record<string, string> = {
    'contrato.numero': issue.number,
    'empresa.razao_social': company.legal_name,
    'empresa.cnpj': company.cnpj,
    'empresa.endereco': address([company.address, company.address_number, company.address_complement, company.neighborhood, companyCity, company.cep ? `CEP ${company.cep}` : null]),
    representantes: reps.join('; '),
    testemunhas: wits.length ? wits.join('; ') : 'sem testemunhas',
    'tomador.nome': borrower.name,
    'tomador.documento': `${borrower.person_type === 'PF' ? 'CPF' : 'CNPJ'} ${borrower.document}`,
    'tomador.endereco': address([borrower.address, borrower.address_number, borrower.address_complement, borrower.neighborhood, borrower.city && borrower.state ? `${borrower.city}/${borrower.state}` : borrower.city, borrower.cep ? `CEP ${borrower.cep}` : null]),
    avalistas: guarantors.length ? guarantors.join('; ') : 'sem avalistas',
    'operacao.numero': operationNumber(op.id),
    'operacao.valor_liberado': formatCurrency(frozen.amounts.released),
    'operacao.valor_financiado': formatCurrency(frozen.amounts.principal),
    'operacao.taxa_mensal': percentPt(frozen.amounts.monthly_rate),
    'operacao.taxa_anual': percentPt(frozen.amounts.yearly_rate),
    'operacao.cet_mensal': percentPt(frozen.amounts.cet_monthly),
    'operacao.cet_anual': percentPt(frozen.amounts.cet_yearly),
    'operacao.iof': formatCurrency(frozen.amounts.iof_total),
    'operacao.tarifas': feesText,
    'operacao.total_juros': formatCurrency(frozen.amounts.total_interest),
    'operacao.total_a_pagar': formatCurrency(frozen.amounts.total_payable),
    'operacao.parcelas': String(frozen.amounts.installments_count),
    'operacao.primeiro_vencimento': dayPt(frozen.amounts.first_due_date),
    'operacao.ultimo_vencimento': last ? dayPt(last.due_date) : dayPt(frozen.amounts.first_due_date),
    'operacao.cronograma': schedule.map((s) => `${s.number}ª parcela: ${dayPt(s.due_date)} — ${formatCurrency(s.payment)}`).join('\n'),
    'local.pagamento': `${companyCity ?? 'na sede da credora'}, por ${PAYMENT_METHOD_PT[frozen.amounts.payment_method]}`,
    ...lateChargeValues(frozen.late_charges),
    'data.emissao': dayPt(issue.issuedOn),
    'local.emissao': company.city ?? 'São Paulo',
  };
  return {
    values,
    frozen,
    signatories: { borrower: `${borrower.name} (${borrower.document})`, guarantors, representatives: reps, witnesses: wits },
  };
}

type ContractRow = typeof issuedContracts.$inferSelect;

async function toIssuedContract(db: Db, row: ContractRow): Promise<IssuedContract> {
  const [names] = await db
    .select({
      issued: sql<string | null>`(SELECT name FROM users WHERE id = ${row.issued_by})`,
      cancelled: sql<string | null>`(SELECT name FROM users WHERE id = ${row.cancelled_by})`,
    })
    .from(sql`(SELECT 1) AS one`);
  const [borrower] = await db
    .select({ name: borrowers.name })
    .from(creditOperations)
    .innerJoin(borrowers, eq(borrowers.id, creditOperations.borrower_id))
    .where(eq(creditOperations.id, row.credit_operation_id));
  return {
    id: row.id,
    company_id: row.company_id,
    credit_operation_id: row.credit_operation_id,
    operation_number: operationNumber(row.credit_operation_id),
    borrower_name: borrower?.name ?? '',
    kind: row.kind,
    number: row.number,
    title: row.title,
    template_version: row.template_version,
    status: row.status,
    issued_by_name: names.issued,
    issued_at: row.issued_at.toISOString(),
    cancelled_by_name: names.cancelled,
    cancelled_at: row.cancelled_at ? row.cancelled_at.toISOString() : null,
  };
}

export async function issueContract(
  tx: Db,
  actorId: number,
  input: {
    operationId: number;
    kind: ContractKind;
    orientationMessage?: string;
    /** the lender's business date (platform/clock.ts); the São Paulo day of `now` when not given */
    issuedOn?: string;
  },
): Promise<number> {
  const op = await findOperation(tx, input.operationId, true);
  const status = statusOf(op);
  if (op.contract_kind !== input.kind) throw conflict(CONTRACT_MESSAGES.wrongKind(op.contract_kind));
  const [inForce] = await tx
    .select({ id: issuedContracts.id })
    .from(issuedContracts)
    .where(and(eq(issuedContracts.credit_operation_id, op.id), eq(issuedContracts.status, 'issued')))
    .limit(1);
  if (inForce) throw conflict(CONTRACT_MESSAGES.inForce);
  if (!CONTRACT_MOVES.issue.from.includes(status)) throw conflict(CONTRACT_MESSAGES.notApproved(STATUS_PT[status]), 'status');
  const [template] = await tx
    .select()
    .from(contractTemplates)
    .where(and(eq(contractTemplates.company_id, op.company_id), eq(contractTemplates.kind, input.kind)))
    .limit(1);
  if (!template) throw conflict(CONTRACT_MESSAGES.noTemplate(input.kind));
  const placeholders = templatePlaceholders(template.body);
  const unknown = placeholders.filter((n) => !CONTRACT_ALIAS_NAMES.includes(n));
  if (unknown.length) throw badRequest(`O modelo usa marcadores desconhecidos: ${unknown.join(', ')}. Corrija-o em Operações › Modelos de contrato.`);

  const now = new Date();
  const issuedOn = input.issuedOn ?? calendarDayInSaoPaulo(now);
  // The number first: the text carries it ({{contrato.numero}}) and the PDF's heading shows the same one.
  const [{ id }] = await tx.select({ id: sql<number>`nextval(pg_get_serial_sequence('issued_contracts', 'id'))::int` }).from(sql`(SELECT 1) AS one`);
  const number = `${input.kind}-${issuedOn.slice(0, 4)}-${String(id).padStart(6, '0')}`;
  const orientationMessage = input.kind === 'MPO' ? (input.orientationMessage ?? op.orientation_message) : null;
  const data = await contractData(tx, op, { number, issuedOn, orientationMessage, placeholders });
  await tx.insert(issuedContracts).values({
    id,
    company_id: op.company_id,
    credit_operation_id: op.id,
    kind: input.kind,
    number,
    template_id: template.id,
    template_version: template.version,
    title: template.title,
    body: fillTemplate(template.body, data.values),
    signatories: data.signatories,
    frozen: data.frozen,
    issued_by: actorId,
    issued_at: now,
  });
  await moveForContract(tx, op, 'issue', {
    note: number,
    actorId,
    at: now,
    patch: input.orientationMessage !== undefined ? { orientation_message: input.orientationMessage } : undefined,
  });
  // The solicitation the operation came from reaches its last step, through its own workflow.
  if (op.solicitation_id !== null) await markContracted(tx, actorId, op.solicitation_id, number, now);
  await logActivity(tx, {
    actorId,
    action: 'contract.issue',
    entity: 'issued_contract',
    entityId: id,
    after: { number, kind: input.kind, credit_operation_id: op.id, template_version: template.version },
  });
  return id;
}

export async function findContract(db: Db, id: number, lock = false): Promise<ContractRow> {
  const query = db.select().from(issuedContracts).where(eq(issuedContracts.id, id));
  const rows = lock ? await query.for('update') : await query;
  if (!rows[0]) throw notFound(CONTRACT_MESSAGES.notFound);
  return rows[0];
}

export async function cancelContract(tx: Db, actorId: number, contractId: number): Promise<void> {
  const contract = await findContract(tx, contractId, true);
  const op = await findOperation(tx, contract.credit_operation_id, true);
  if (contract.status === 'cancelled') throw conflict(CONTRACT_MESSAGES.alreadyCancelled);
  if (wasDisbursed(statusOf(op))) throw conflict(CONTRACT_MESSAGES.disbursed);
  const now = new Date();
  await tx.update(issuedContracts).set({ status: 'cancelled', cancelled_by: actorId, cancelled_at: now }).where(eq(issuedContracts.id, contract.id));
  if ((CONTRACT_MOVES.cancel.from as readonly CreditOperationStatus[]).includes(statusOf(op))) {
    await moveForContract(tx, op, 'cancel', { note: contract.number, actorId, at: now });
  }
  await logActivity(tx, {
    actorId,
    action: 'contract.cancel',
    entity: 'issued_contract',
    entityId: contract.id,
    before: { status: 'issued', number: contract.number },
    after: { status: 'cancelled', number: contract.number },
  });
}

export async function loadContract(db: Db, id: number): Promise<IssuedContract> {
  return toIssuedContract(db, await findContract(db, id));
}

export async function loadContractDetail(db: Db, id: number) {
  const row = await findContract(db, id);
  return { ...(await toIssuedContract(db, row)), body: row.body };
}

export async function contractsOfOperation(db: Db, operationId: number): Promise<IssuedContract[]> {
  await findOperation(db, operationId);
  const rows = await db.select().from(issuedContracts).where(eq(issuedContracts.credit_operation_id, operationId)).orderBy(desc(issuedContracts.id));
  return Promise.all(rows.map((r) => toIssuedContract(db, r)));
}

/** The contract in force of the operation's kind, for its PDF (404 with a hint when none). */
export async function contractInForce(db: Db, operationId: number, kind: ContractKind): Promise<ContractRow> {
  const op = await findOperation(db, operationId);
  const [row] = await db
    .select()
    .from(issuedContracts)
    .where(and(eq(issuedContracts.credit_operation_id, op.id), eq(issuedContracts.kind, kind), eq(issuedContracts.status, 'issued')))
    .limit(1);
  if (!row) throw notFound(CONTRACT_MESSAGES.noContract(kind));
  return row;
}

/** What the PDF of an issued contract shows: only what was frozen at issue, never the live rows. */
export function frozenPdfInput(row: ContractRow): ContractPdfInput {
  return {
    number: row.number,
    title: row.title,
    body: row.body,
    cancelled: row.status === 'cancelled',
    orientationMessage: row.kind === 'MPO' ? row.frozen.orientation_message : null,
    amounts: row.frozen.amounts,
    lateCharges: row.frozen.late_charges,
    schedule: row.frozen.schedule,
    signatories: row.signatories,
  };
}

/** The company's contracts list, named by the contract (ISSUED_CONTRACT_FILTERS / _SORTS); newest first by default. */
const CONTRACT_LIST: ListSpec<(typeof ISSUED_CONTRACT_FILTERS)[number], (typeof ISSUED_CONTRACT_SORTS)[number]> = {
  filters: {
    status: { kind: 'one-of', column: issuedContracts.status, codes: ISSUED_CONTRACT_STATUSES, many: true },
    kind: { kind: 'one-of', column: issuedContracts.kind, codes: CONTRACT_KINDS, many: true },
    // The borrower's name is on the operation's borrower: a subquery, so the list reads the contracts alone.
    borrower: {
      kind: 'where',
      where: (text) =>
        sql`${issuedContracts.credit_operation_id} IN (SELECT co.id FROM credit_operations co JOIN borrowers b ON b.id = co.borrower_id WHERE b.name ILIKE ${containsPattern(text)})`,
    },
  },
  sorts: { issued_at: issuedContracts.issued_at },
  idColumn: issuedContracts.id,
  defaultOrder: [desc(issuedContracts.issued_at), desc(issuedContracts.id)],
  tiebreak: (direction) => [ordered(direction, issuedContracts.id)],
};

export async function listContracts(
  db: Db,
  companyId: number,
  args: { page: number; limit: number; filter?: Record<string, unknown>; sort?: { field?: string | null; order?: string | null } | null },
) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Empresa não encontrada.');
  const where = and(eq(issuedContracts.company_id, companyId), ...listConditions(CONTRACT_LIST, args.filter));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(issuedContracts)
      .where(where)
      .orderBy(...listOrder(CONTRACT_LIST, args.sort))
      .limit(args.limit)
      .offset((args.page - 1) * args.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(issuedContracts).where(where),
  ]);
  return { items: await Promise.all(rows.map((r) => toIssuedContract(db, r))), meta: pageMeta(args.page, args.limit, total) };
}


/** The frozen amounts and schedule of the operation's contract in force (any kind), or null when none is. */
export async function frozenContractInForce(db: Db, operationId: number): Promise<{ id: number; number: string; frozen: FrozenContract } | null> {
  const [row] = await db
    .select({ id: issuedContracts.id, number: issuedContracts.number, frozen: issuedContracts.frozen })
    .from(issuedContracts)
    .where(and(eq(issuedContracts.credit_operation_id, operationId), eq(issuedContracts.status, 'issued')))
    .limit(1);
  return row ?? null;
}
