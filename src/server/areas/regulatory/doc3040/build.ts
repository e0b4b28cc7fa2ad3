/**
 * The Doc 3040's inputs for a data-base month, read from the areas that own
 * them: the month's close (ledger: stage, portfolio, provision, days late,
 * balance per operation), the operations and their current schedules
 * (operations), the borrowers (borrowers), the standing cessions (transfers,
 * through servicing's rule) and the lender (company). Reads only.
 *
 * Memory and time: the month's index is the close's borrowers in brief (one
 * aggregate: the ids reported one by one and those aggregated) and the month's
 * interest income by operation; the rest is read a page of whole clients at a
 * time — their positions, then one statement for their operations with the
 * open part of each schedule and the standing cession — so 100,000 operations
 * never sit in memory and each one is read once per pass.
 */
import Decimal from 'decimal.js';
import { stripDocumentMask } from '@shared/documents';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect';
import { closeBorrowers, closeOf, closePositionsOfBorrowers, monthInterestIncome, type ClosePosition, type MonthIncome } from '../../ledger';
import { itemStanding } from '../../servicing';
import { borrowers, borrowerSecuredGuarantees, borrowerShareholders } from '../../borrowers/schema';
import { companies, companyRepresentatives } from '../../company/schema';
import { addDays, daysBetween } from '../../../domain/credit/calendar';
import { monthEnd } from '../../../domain/scr3040/checks';
import type { ClientInput, HeaderInput, OperationInput } from '../../../domain/scr3040/model';
import { INDIVIDUAL_THRESHOLD } from '../../../domain/scr3040/model';
import { vencBuckets } from '../../../domain/scr3040/venc';
import { guaranteesOf, type GuarantorFact } from '../../../domain/scr3040/guarantees';
import { conflict } from '../../../platform/http/errors';
import { intArray } from '../../../db/batch-sql';

/** How many borrowers (whole clients) one page reads while the file streams. */
export const BORROWER_PAGE = 1000;

/** Codes this lender reports, each from the instructions' annexes (README, "Doc 3040"). */
export const LENDER_CODES = {
  /** anexo Natureza da operação: 01 own operation; 11 ceded with the assignor's co-obligation (the cedente's example) */
  own: '01',
  ceded: '11',
  /** anexo Modalidade: 0203 personal credit without payroll deduction; 0215/0216 working capital up to / over 365 days */
  personal: '0203',
  workingCapitalShort: '0215',
  workingCapitalLong: '0216',
  /** anexo Origem dos recursos: 0101 free resources (the examples' code) */
  origin: '0101',
  /** anexo Indexador: 11 fixed rate (prefixado); anexo Variação cambial: 790 real (the examples' codes) */
  index: '11',
  currency: '790',
} as const;

export interface Position3040 {
  operationId: number;
  stage: '1' | '2' | '3';
  stageReason: string;
  portfolio: string;
  daysLate: number;
  balance: string;
  provision: string;
  /** written off as a loss and in force at the data-base, and its buckets as the close recorded them */
  writtenOff: string;
  writtenOffVenc: Record<string, string>;
  /** the first write-off in force (stage 3 since then when not late enough for it) */
  writtenOffSince?: string | null;
  /** RendMes: the month's interest income (monthIncomeOf) */
  monthIncome: string;
}

/**
 * RendMes, the month's income of the operation (ContInstFinRes4966): the interest the accrual recognised in the
 * data-base month; in stage 3 the accrual stops (Res. CMN 4.966/2021 art. 17) and what was received is the income
 * (cash basis), so it adds the interest payments credited that month. Never negative (the layout's values are not):
 * a month whose reversals exceed its income reports 0.
 */
export function monthIncomeOf(stage: '1' | '2' | '3', income: MonthIncome | undefined): string {
  if (!income) return '0.00';
  const total = new Decimal(income.accrued).plus(stage === '3' ? income.received : 0);
  return (total.lt(0) ? new Decimal(0) : total).toFixed(2);
}

export interface MonthIndex {
  month: string;
  baseDate: string;
  closedOn: string;
  closeId: number;
  /** borrowers reported one by one (responsibility ≥ R$ 200), in id order, and those aggregated */
  individual: number[];
  aggregated: number[];
  operations: number;
  /** the month's interest income by operation (one read of the month's journal: RendMes) */
  income: Map<number, MonthIncome>;
}

export const DOC3040_MESSAGES = {
  notClosed: (month: string) => `O mês ${month} não está fechado: feche o mês (Fechamento mensal) antes de gerar ou verificar o Doc 3040.`,
  noCnpj: 'Cadastre o CNPJ da empresa (Empresa > Dados) antes de gerar o Doc 3040.',
  noResponsible: 'Cadastre um representante ativo da empresa com e-mail, e o telefone dele ou da empresa: o Doc 3040 informa o responsável pelo arquivo.',
  failing: (rule: string, where: string) => `O Doc 3040 do mês não passa na verificação (regra ${rule}${where}): corrija e verifique novamente.`,
  noPart: (part: number, parts: number) => `O Doc 3040 do mês tem ${parts} parte(s): a parte ${part} não existe.`,
};

/**
 * The month's borrowers split by the individual threshold (Circular BCB 3.870/2017): the client's responsibility is
 * what it owes (a negative balance as 0) and what was written off (Instruções de Preenchimento, Venc). A position with
 * nothing owed and nothing written off is not reported.
 */
export async function monthIndex(db: Db, month: string): Promise<MonthIndex> {
  const close = await closeOf(db, month);
  if (!close) throw conflict(DOC3040_MESSAGES.notClosed(month));
  const individual: number[] = [];
  const aggregated: number[] = [];
  let operations = 0;
  for (const b of await closeBorrowers(db, close.id)) {
    (new Decimal(b.responsibility).gte(INDIVIDUAL_THRESHOLD) ? individual : aggregated).push(b.borrower_id);
    operations += b.operations;
  }
  const income = await monthInterestIncome(db, month);
  return { month, baseDate: monthEnd(month), closedOn: close.business_date, closeId: close.id, individual, aggregated, operations, income };
}

/** A close's position as the file reports it; null when it owes nothing and has nothing written off. */
function positionOf(p: ClosePosition, income: MonthIncome | undefined): Position3040 | null {
  if (new Decimal(p.balance).lte(0) && new Decimal(p.written_off).isZero()) return null;
  const writtenOffVenc = Object.fromEntries(
    (
      [
        ['v310', p.written_off_v310],
        ['v320', p.written_off_v320],
        ['v330', p.written_off_v330],
      ] as const
    ).filter(([, v]) => !new Decimal(v).isZero()),
  );
  return {
    operationId: p.credit_operation_id,
    stage: p.stage,
    stageReason: p.stage_reason,
    portfolio: p.portfolio,
    daysLate: p.days_late,
    balance: new Decimal(p.balance).lt(0) ? '0.00' : p.balance,
    provision: p.provision,
    writtenOff: new Decimal(p.written_off).toFixed(2),
    writtenOffVenc,
    writtenOffSince: p.written_off_first_on,
    monthIncome: monthIncomeOf(p.stage, income),
  };
}

const digits = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '');
/** A CPF or CNPJ without its mask (an alphanumeric CNPJ keeps its letters). */
const documentOf = (text: string | null | undefined) => stripDocumentMask(text ?? '');

/**
 * The lender's root attributes: CNPJ base and the responsible person — the first active representative with an
 * e-mail; the telephone is the representative's, else the company's.
 */
export async function headerOf(db: Db, month: string): Promise<HeaderInput & { cep: string }> {
  const [company] = await db.select({ id: companies.id, cnpj: companies.cnpj, cep: companies.cep, phone: companies.phone }).from(companies).orderBy(asc(companies.id)).limit(1);
  const cnpj = documentOf(company?.cnpj);
  if (!company || cnpj.length !== 14) throw conflict(DOC3040_MESSAGES.noCnpj);
  const reps = await db
    .select({ name: companyRepresentatives.name, email: companyRepresentatives.email, phone: companyRepresentatives.phone })
    .from(companyRepresentatives)
    .where(and(eq(companyRepresentatives.company_id, company.id), eq(companyRepresentatives.active, true)))
    .orderBy(asc(companyRepresentatives.id));
  const rep = reps.find((r) => r.email);
  const phone = [rep?.phone, company.phone].map(digits).find((p) => p.length >= 10);
  if (!rep || !phone) throw conflict(DOC3040_MESSAGES.noResponsible);
  return { dtBase: month, cnpj: cnpj.slice(0, 8), remessa: 1, nomeResp: rep.name, emailResp: rep.email!, telResp: phone, cep: digits(company.cep).padStart(8, '0') };
}

/** Effective annual rate from the monthly one, percent, two places: (1 + m)^12 − 1. */
export function annualRate(monthlyPercent: string): string {
  return new Decimal(monthlyPercent).div(100).plus(1).pow(12).minus(1).times(100).toFixed(2);
}

/**
 * When the operation entered its stage: 31 (stage 2) or 91 (stage 3) days late, else its contract; a write-off, its
 * first day; a restructuring at the data-base.
 */
export function stageSince(p: Position3040, baseDate: string, contracted: string): string {
  if (p.stage === '1') return contracted;
  const threshold = p.stage === '2' ? 31 : 91;
  if (p.daysLate >= threshold) {
    const since = addDays(baseDate, -(p.daysLate - threshold));
    return since < contracted ? contracted : since;
  }
  if (p.stage === '3' && p.writtenOffSince) return p.writtenOffSince < contracted ? contracted : p.writtenOffSince;
  return baseDate;
}

export function contractOf(kind: string, id: number): string {
  return `${kind}${String(id).padStart(9, '0')}`;
}

/** A client as read: its elements' input, and its name and operations' ids (to name a failure of the check). */
export interface ReadClient {
  client: ClientInput;
  name: string;
  /** contract (Contrt) → operation id */
  operations: Map<string, number>;
}

interface OperationRow {
  id: number;
  kind: string;
  rate: string;
  disbursed: string;
  secured: number[] | null;
  /** the current schedule's last due date (written-off installments left out), null without one */
  last_due: string | null;
  /** the installments unpaid at the data-base (not written off), in number order: "due amortization,…" */
  flows: string | null;
  cession_date: string | null;
  assignee: string | null;
}

/**
 * The operations of a page with their schedule's open part and their standing cession, in one
 * statement: an installment written off and not undone at the data-base is in v310–v330 (the close's), not owed;
 * the cession is the earliest standing at the data-base (servicing's rule, itemStanding).
 */
async function operationRows(db: Db, baseDate: string, opIds: readonly number[]): Promise<OperationRow[]> {
  const result = await db.execute(sql`
    SELECT o.id, o.contract_kind AS kind, o.monthly_rate::text AS rate, o.disbursement_date::text AS disbursed,
           o.secured_guarantee_ids AS secured, s.last_due::text AS last_due, s.flows, c.cession_date::text AS cession_date, c.assignee
      FROM credit_operations o
      LEFT JOIN LATERAL (
        SELECT (array_agg(i.due_date ORDER BY i.number DESC))[1] AS last_due,
               string_agg(i.due_date::text || ' ' || i.amortization::text, ',' ORDER BY i.number)
                 FILTER (WHERE i.paid_on IS NULL OR i.paid_on > ${baseDate}::date) AS flows
          FROM credit_operation_installments i
         WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL
           AND NOT EXISTS (
             SELECT 1 FROM installment_write_offs w
              WHERE w.installment_id = i.id AND w.credit_operation_id = o.id AND w.undoes_id IS NULL AND w.written_off_on <= ${baseDate}::date
                AND NOT EXISTS (SELECT 1 FROM installment_write_offs u WHERE u.undoes_id = w.id AND u.written_off_on <= ${baseDate}::date))
      ) s ON true
      LEFT JOIN LATERAL (
        SELECT c.cession_date, a.assignee_cnpj AS assignee
          FROM cession_items ci JOIN cessions c ON c.id = ci.cession_id JOIN assignment_bank_accounts a ON a.id = c.assignment_account_id
         WHERE ci.credit_operation_id = o.id AND c.cession_date <= ${baseDate}::date AND ${itemStanding(sql`ci`)}
         ORDER BY c.cession_date
         LIMIT 1
      ) c ON true
     WHERE o.id = ANY(${intArray(opIds)})`);
  return (result as unknown as { rows: OperationRow[] }).rows;
}

/** "due amortization,…" back into flows. */
function flowsOf(text: string | null): Array<{ due: string; amount: string }> {
  if (!text) return [];
  return text.split(',').map((f) => {
    const [due, amount] = f.split(' ');
    return { due, amount };
  });
}

/** The clients of these borrowers (whole: every position of each), in the given order: one page, a few statements. */
export async function clientsOf(db: Db, index: MonthIndex, borrowerIds: readonly number[], cep: string): Promise<ReadClient[]> {
  if (borrowerIds.length === 0) return [];
  const positionsByBorrower = new Map<number, Position3040[]>();
  for (const row of await closePositionsOfBorrowers(db, index.closeId, borrowerIds)) {
    const p = positionOf(row, index.income.get(row.credit_operation_id));
    if (!p) continue;
    const list = positionsByBorrower.get(row.borrower_id);
    if (list) list.push(p);
    else positionsByBorrower.set(row.borrower_id, [p]);
  }
  const opIds = [...positionsByBorrower.values()].flatMap((list) => list.map((p) => p.operationId));
  const people = await db.select({ id: borrowers.id, type: borrowers.person_type, document: borrowers.document, name: borrowers.name }).from(borrowers).where(sql`${borrowers.id} = ANY(${intArray(borrowerIds)})`);
  const personById = new Map(people.map((p) => [p.id, p]));
  const opById = new Map((await operationRows(db, index.baseDate, opIds)).map((o) => [Number(o.id), o]));
  // Guarantees: the secured ones pledged to each operation, and a company's shareholders who sign its CCB as avalistas.
  const securedIds = [...new Set([...opById.values()].flatMap((o) => o.secured ?? []))];
  const securedRows = securedIds.length
    ? await db.select({ id: borrowerSecuredGuarantees.id, kind: borrowerSecuredGuarantees.kind, value: borrowerSecuredGuarantees.value }).from(borrowerSecuredGuarantees).where(inArray(borrowerSecuredGuarantees.id, securedIds))
    : [];
  const securedById = new Map(securedRows.map((g) => [g.id, g]));
  const companiesIds = people.filter((p) => p.type === 'PJ').map((p) => p.id);
  const guarantorRows = companiesIds.length
    ? await db
        .select({ borrower: borrowerShareholders.borrower_id, document: borrowerShareholders.document })
        .from(borrowerShareholders)
        .where(and(inArray(borrowerShareholders.borrower_id, companiesIds), eq(borrowerShareholders.signs_as_guarantor, true)))
        .orderBy(asc(borrowerShareholders.id))
    : [];
  const guarantorsByBorrower = new Map<number, GuarantorFact[]>();
  for (const g of guarantorRows) {
    const list = guarantorsByBorrower.get(g.borrower) ?? [];
    list.push({ document: documentOf(g.document) });
    guarantorsByBorrower.set(g.borrower, list);
  }

  return borrowerIds.map((borrowerId) => {
    const positions = positionsByBorrower.get(borrowerId)!;
    const person = personById.get(borrowerId)!;
    const tp = person.type === 'PJ' ? '2' : '1';
    const document = documentOf(person.document);
    const ids = new Map<string, number>();
    const operations: OperationInput[] = positions.map((p) => {
      const op = opById.get(p.operationId)!;
      const open = flowsOf(op.flows);
      const last = op.last_due ?? op.disbursed;
      const term = daysBetween(op.disbursed, last);
      const contrt = contractOf(op.kind, p.operationId);
      ids.set(contrt, p.operationId);
      return {
        contrt,
        natuOp: op.cession_date ? LENDER_CODES.ceded : LENDER_CODES.own,
        mod: tp === '1' ? LENDER_CODES.personal : term <= 365 ? LENDER_CODES.workingCapitalShort : LENDER_CODES.workingCapitalLong,
        origemRec: LENDER_CODES.origin,
        indx: LENDER_CODES.index,
        varCamb: LENDER_CODES.currency,
        dtVencOp: last,
        cep,
        taxEft: annualRate(op.rate),
        dtContr: op.disbursed,
        provConsttd: p.provision,
        diaAtraso: p.daysLate,
        balance: p.balance,
        writtenOff: p.writtenOff,
        venc: {
          ...vencBuckets({ baseDate: index.baseDate, balance: p.balance, flows: open }),
          ...Object.fromEntries(Object.entries(p.writtenOffVenc).map(([code, v]) => [code, new Decimal(v)])),
        },
        guarantees: guaranteesOf(
          (op.secured ?? []).map((id) => securedById.get(id)).filter((g) => g !== undefined),
          guarantorsByBorrower.get(borrowerId) ?? [],
        ),
        cession: op.cession_date ? { date: op.cession_date, assignee: documentOf(op.assignee).slice(0, 8), coobligation: '100' } : undefined,
        stage: p.stage,
        portfolio: p.portfolio,
        stageSince: stageSince(p, index.baseDate, op.disbursed),
        monthIncome: p.monthIncome,
      };
    });
    const client: ClientInput = {
      tp,
      document,
      autorzc: 'S',
      porteCli: '0',
      // the relationship's start: the first credit (a calendar date, never a timestamp through a time zone)
      iniRelactCli: operations.reduce((min, o) => (o.dtContr < min ? o.dtContr : min), operations[0].dtContr),
      operations,
    };
    return { client, name: person.name, operations: ids };
  });
}

/** Pages of borrower ids. */
export function* pagesOf(ids: readonly number[], size = BORROWER_PAGE): Generator<number[]> {
  for (let i = 0; i < ids.length; i += size) yield ids.slice(i, i + size);
}
