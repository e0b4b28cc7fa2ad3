/**
 * Issued contracts (issue 9 §1 "Issued contracts", §3 "Contracts"): a CCB
 * (Lei 10.931/2004) or an MPO contract (Lei 13.636/2018) filled from the
 * company's template in force with the company, its representatives and
 * witnesses, the borrower, its guarantors and the operation's schedule.
 *
 * The filled text is stored at issue, so the PDF of a contract is the same
 * whenever it is drawn, whatever happens to the template later. Cancelling
 * marks the contract (never deletes) and brings the operation back to
 * approved, where the conditions can change or a new contract be issued.
 */
import Decimal from 'decimal.js';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CONTRACT_ALIAS_NAMES, ISSUED_CONTRACT_FILTERS, ISSUED_CONTRACT_SORTS, operationNumber, pageMeta, templatePlaceholders, type ContractKind, type IssuedContract } from '../../shared/contract/index';
import { formatCurrency, formatPercentage } from '../../shared/format';
import type { Db } from '../db/connect';
import { solicitations, solicitationStatusHistory } from '../db/schema-credit-intake';
import { companies, companyParameters, companyRepresentatives, companyWitnesses, contractTemplates } from '../db/schema-company';
import { borrowerJointDebtors, borrowers, borrowerShareholders, creditOperationInstallments, creditOperations, issuedContracts } from '../db/schema-origination';
import { containsPattern } from '../domain/like';
import { badRequest, conflict, MESSAGES, notFound } from '../http/errors';
import { logActivity } from './activity';
import { todayInSaoPaulo } from './borrowers';
import { findOperation, moveForContract, STATUS_PT, statusOf, type OperationRow } from './credit-operations';
import { single, values } from './list-filters';

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
  schedule: Array<{ number: number; due_date: string; payment: string }>;
  signatories: { borrower: string; guarantors: string[]; representatives: string[]; witnesses: string[] };
}

/** Everything a template may use, read at issue. */
async function contractData(tx: Db, op: OperationRow, issuedOn: string): Promise<ContractData> {
  const [[company], [params], representatives, witnesses, [borrower], jointDebtors, shareholders, schedule] = await Promise.all([
    tx.select().from(companies).where(eq(companies.id, op.company_id)),
    tx.select().from(companyParameters).where(eq(companyParameters.company_id, op.company_id)),
    tx
      .select()
      .from(companyRepresentatives)
      .where(and(eq(companyRepresentatives.company_id, op.company_id), eq(companyRepresentatives.active, true)))
      .orderBy(asc(companyRepresentatives.id)),
    tx
      .select()
      .from(companyWitnesses)
      .where(and(eq(companyWitnesses.company_id, op.company_id), eq(companyWitnesses.active, true)))
      .orderBy(asc(companyWitnesses.id)),
    tx.select().from(borrowers).where(eq(borrowers.id, op.borrower_id)),
    tx.select().from(borrowerJointDebtors).where(eq(borrowerJointDebtors.borrower_id, op.borrower_id)).orderBy(asc(borrowerJointDebtors.id)),
    tx
      .select()
      .from(borrowerShareholders)
      .where(and(eq(borrowerShareholders.borrower_id, op.borrower_id), eq(borrowerShareholders.signs_as_guarantor, true)))
      .orderBy(asc(borrowerShareholders.id)),
    tx
      .select({ number: creditOperationInstallments.number, due_date: creditOperationInstallments.due_date, payment: creditOperationInstallments.payment })
      .from(creditOperationInstallments)
      .where(eq(creditOperationInstallments.credit_operation_id, op.id))
      .orderBy(asc(creditOperationInstallments.number)),
  ]);
  if (!company.legal_name.trim() || !company.cnpj) throw conflict(CONTRACT_MESSAGES.noCompanyData);
  if (representatives.length === 0) throw conflict(CONTRACT_MESSAGES.noRepresentative);
  const guarantors = [
    ...jointDebtors.map((g) => `${g.name} (${g.document})`),
    ...shareholders.map((s) => `${s.name} (${s.document})`),
  ];
  const reps = representatives.map((r) => `${r.name} (CPF ${r.cpf}), ${r.role}`);
  const wits = witnesses.map((w) => `${w.name} (CPF ${w.cpf})`);
  const feesText = op.fees.length ? op.fees.map((f) => `${f.name} ${formatCurrency(f.amount)}`).join('; ') : 'nenhuma';
  const values: Record<string, string> = {
    'empresa.razao_social': company.legal_name,
    'empresa.cnpj': company.cnpj,
    'empresa.endereco': address([company.address, company.address_number, company.address_complement, company.neighborhood, company.city && company.state ? `${company.city}/${company.state}` : company.city, company.cep ? `CEP ${company.cep}` : null]),
    representantes: reps.join('; '),
    testemunhas: wits.length ? wits.join('; ') : 'sem testemunhas',
    'tomador.nome': borrower.name,
    'tomador.documento': `${borrower.person_type === 'PF' ? 'CPF' : 'CNPJ'} ${borrower.document}`,
    'tomador.endereco': address([borrower.address, borrower.address_number, borrower.address_complement, borrower.neighborhood, borrower.city && borrower.state ? `${borrower.city}/${borrower.state}` : borrower.city, borrower.cep ? `CEP ${borrower.cep}` : null]),
    avalistas: guarantors.length ? guarantors.join('; ') : 'sem avalistas',
    'operacao.numero': operationNumber(op.id),
    'operacao.valor_liberado': formatCurrency(op.released),
    'operacao.valor_financiado': formatCurrency(op.principal),
    'operacao.taxa_mensal': percentPt(op.monthly_rate),
    'operacao.taxa_anual': percentPt(yearlyRate(op.monthly_rate)),
    'operacao.cet_mensal': percentPt(op.cet_monthly),
    'operacao.cet_anual': percentPt(op.cet_yearly),
    'operacao.iof': formatCurrency(op.iof_total),
    'operacao.tarifas': feesText,
    'operacao.parcelas': String(op.installments_count),
    'operacao.primeiro_vencimento': dayPt(op.first_due_date),
    'operacao.cronograma': schedule.map((s) => `${s.number}ª parcela: ${dayPt(s.due_date)} — ${formatCurrency(s.payment)}`).join('\n'),
    'encargos.multa': percentPt(params?.late_fee_percent ?? '0'),
    'encargos.juros_mora': percentPt(params?.default_interest_monthly_percent ?? '0'),
    'data.emissao': dayPt(issuedOn),
    'local.emissao': company.city ?? 'São Paulo',
  };
  return {
    values,
    schedule,
    signatories: { borrower: `${borrower.name} (${borrower.document})`, guarantors, representatives: reps, witnesses: wits },
  };
}

/** The template's {{placeholders}} replaced by their values (each name is one of CONTRACT_ALIASES, checked when saved). */
export function fillTemplate(body: string, values: Record<string, string>): string {
  return body.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

type ContractRow = typeof issuedContracts.$inferSelect;

async function toIssuedContract(db: Db, row: ContractRow): Promise<IssuedContract> {
  const [[names], [borrower]] = await Promise.all([
    db
      .select({
        issued: sql<string | null>`(SELECT name FROM users WHERE id = ${row.issued_by})`,
        cancelled: sql<string | null>`(SELECT name FROM users WHERE id = ${row.cancelled_by})`,
      })
      .from(sql`(SELECT 1) AS one`),
    db
      .select({ name: borrowers.name })
      .from(creditOperations)
      .innerJoin(borrowers, eq(borrowers.id, creditOperations.borrower_id))
      .where(eq(creditOperations.id, row.credit_operation_id)),
  ]);
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
  input: { operationId: number; kind: ContractKind; orientationMessage?: string },
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
  if (status !== 'approved') throw conflict(CONTRACT_MESSAGES.notApproved(STATUS_PT[status]), 'status');
  const [template] = await tx
    .select()
    .from(contractTemplates)
    .where(and(eq(contractTemplates.company_id, op.company_id), eq(contractTemplates.kind, input.kind)))
    .limit(1);
  if (!template) throw conflict(CONTRACT_MESSAGES.noTemplate(input.kind));
  const unknown = templatePlaceholders(template.body).filter((n) => !CONTRACT_ALIAS_NAMES.includes(n));
  if (unknown.length) throw badRequest(`O modelo usa marcadores desconhecidos: ${unknown.join(', ')}. Corrija-o em Operações › Modelos de contrato.`);

  const now = new Date();
  const issuedOn = todayInSaoPaulo(now);
  const data = await contractData(tx, op, issuedOn);
  const [{ id }] = await tx.select({ id: sql<number>`nextval(pg_get_serial_sequence('issued_contracts', 'id'))::int` }).from(sql`(SELECT 1) AS one`);
  const number = `${input.kind}-${issuedOn.slice(0, 4)}-${String(id).padStart(6, '0')}`;
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
    issued_by: actorId,
    issued_at: now,
  });
  if (input.orientationMessage !== undefined) {
    await tx.update(creditOperations).set({ orientation_message: input.orientationMessage }).where(eq(creditOperations.id, op.id));
  }
  await moveForContract(tx, op, 'contract_issued', { kind: 'contract_issued', note: number, actorId, at: now });
  // The solicitation the operation came from is now contracted (its workflow's last step).
  if (op.solicitation_id !== null) {
    const moved = await tx
      .update(solicitations)
      .set({ status: 'contracted', status_changed_at: now, updated_at: now })
      .where(and(eq(solicitations.id, op.solicitation_id), eq(solicitations.status, 'approved')))
      .returning({ id: solicitations.id });
    if (moved.length) {
      await tx.insert(solicitationStatusHistory).values({
        solicitation_id: op.solicitation_id,
        from_status: 'approved',
        to_status: 'contracted',
        reason: `Contrato ${number}`,
        actor_id: actorId,
        created_at: now,
      });
    }
  }
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
  if (statusOf(op) === 'disbursed') throw conflict(CONTRACT_MESSAGES.disbursed);
  const now = new Date();
  await tx.update(issuedContracts).set({ status: 'cancelled', cancelled_by: actorId, cancelled_at: now }).where(eq(issuedContracts.id, contract.id));
  if (statusOf(op) === 'contract_issued') {
    await moveForContract(tx, op, 'approved', { kind: 'contract_cancelled', note: contract.number, actorId, at: now });
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

export async function listContracts(
  db: Db,
  companyId: number,
  args: { page: number; limit: number; filter?: Record<string, unknown>; sort?: { field?: string | null; order?: string | null } | null },
) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Empresa não encontrada.');
  const conditions: SQL[] = [eq(issuedContracts.company_id, companyId)];
  for (const [name, value] of Object.entries(args.filter ?? {})) {
    if (!(ISSUED_CONTRACT_FILTERS as readonly string[]).includes(name)) throw badRequest(MESSAGES.unknownFilter(name), `filter.${name}`);
    if (name === 'status' || name === 'kind') {
      const list = values(name, value);
      const allowed = name === 'status' ? ['issued', 'cancelled'] : ['CCB', 'MPO'];
      if (!list.every((v) => allowed.includes(v))) throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
      if (list.length) conditions.push(sql`${name === 'status' ? issuedContracts.status : issuedContracts.kind} IN (${sql.join(list.map((v) => sql`${v}`), sql`, `)})`);
    } else {
      const v = single(name, value);
      if (v) conditions.push(sql`${issuedContracts.credit_operation_id} IN (SELECT co.id FROM credit_operations co JOIN borrowers b ON b.id = co.borrower_id WHERE b.name ILIKE ${containsPattern(v)})`);
    }
  }
  if (args.sort?.field && !(ISSUED_CONTRACT_SORTS as readonly string[]).includes(args.sort.field)) throw badRequest(MESSAGES.unknownSort(args.sort.field), 'sort');
  const ascending = args.sort?.order?.toLowerCase().startsWith('asc') ?? false;
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(issuedContracts)
      .where(where)
      .orderBy(ascending ? asc(issuedContracts.issued_at) : desc(issuedContracts.issued_at), ascending ? asc(issuedContracts.id) : desc(issuedContracts.id))
      .limit(args.limit)
      .offset((args.page - 1) * args.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(issuedContracts).where(where),
  ]);
  return { items: await Promise.all(rows.map((r) => toIssuedContract(db, r))), meta: pageMeta(args.page, args.limit, total) };
}

