/**
 * From the lender's figures to the Doc 3040's elements: the root's
 * attributes, a client (`Cli`) with its operations (`Op`, `Venc`, `Gar`,
 * `Inf`, `ContInstFinRes4966`/`Estagio`), and the aggregated block (`Agreg`)
 * for clients below the individual reporting threshold.
 *
 * Sources (README of the regulatory area, "Doc 3040"): the Central Bank's
 * Instruções de Preenchimento do Doc 3040 and its example files
 * (tests/fixtures/scr3040); Circular BCB 3.870/2017 for the R$ 200 threshold;
 * Res. CMN 4.966/2021 and Res. BCB 352/2023 for stage and portfolio.
 */
import Decimal from 'decimal.js';
import { el, type XmlElement } from './xml';
import { vencTotal, type VencBuckets } from './venc';

/** Circular BCB 3.870/2017: clients whose total responsibility is at least R$ 200 are reported one by one. */
export const INDIVIDUAL_THRESHOLD = new Decimal(200);

/** Res. CMN 4.966/2021: reported from data-base 2025-01 on; the AA–H rating (ClassOp, ClassCli) no longer is. */
export const RES4966_FROM = '2025-01';

export interface HeaderInput {
  /** YYYY-MM */
  dtBase: string;
  /** the lender's CNPJ base (8 digits) */
  cnpj: string;
  remessa: number;
  nomeResp: string;
  emailResp: string;
  /** digits only: DDD + number */
  telResp: string;
}

export interface GuaranteeInput {
  /** type + subtype, 4 digits (anexo "Garantias") */
  tp: string;
  /** a personal guarantee: the guarantor's CPF (11) or CNPJ base (8) and the percentage */
  ident?: string;
  percGar?: Decimal.Value;
  /** a real guarantee: original value, value at reappraisal and its date */
  vlrOrig?: Decimal.Value;
  vlrData?: Decimal.Value;
  dtReav?: string;
}

export interface CessionInput {
  /** the cession contract's date (Inf Cd) */
  date: string;
  /** the assignee's CNPJ base */
  assignee: string;
  /** the lender's co-obligation, percent */
  coobligation: Decimal.Value;
}

export interface OperationInput {
  contrt: string;
  /** 2 digits; '11' for an operation ceded with co-obligation */
  natuOp: string;
  /** 4 digits */
  mod: string;
  origemRec: string;
  indx: string;
  varCamb: string;
  dtVencOp: string;
  /** the contracting branch's CEP (8 digits) */
  cep: string;
  /** effective annual rate, percent */
  taxEft: Decimal.Value;
  dtContr: string;
  provConsttd: Decimal.Value;
  diaAtraso: number;
  /** the book balance at the data-base; the owed Venc buckets (v110–v290) must add up to it */
  balance: Decimal.Value;
  /** what stands written off as a loss at the data-base; the v310–v330 buckets must add up to it (none: 0) */
  writtenOff?: Decimal.Value;
  venc: VencBuckets;
  guarantees: readonly GuaranteeInput[];
  cession?: CessionInput;
  stage: '1' | '2' | '3';
  /** Res. BCB 352/2023 portfolio C1..C5 */
  portfolio: string;
  /** when the operation entered its stage */
  stageSince: string;
  /** the month's income recognised (accrual), decimal */
  monthIncome?: Decimal.Value;
}

export interface ClientInput {
  /** '1' individual (CPF, 11 digits), '2' company (CNPJ base, 8 digits; DetCli carries the 14) */
  tp: '1' | '2';
  /** CPF (11) or full CNPJ (14) digits */
  document: string;
  autorzc: 'S' | 'N';
  porteCli: string;
  iniRelactCli: string;
  operations: readonly OperationInput[];
}

export function money(value: Decimal.Value): string {
  return new Decimal(value).toFixed(2);
}

export function clientCode(client: Pick<ClientInput, 'tp' | 'document'>): string {
  return client.tp === '2' ? client.document.slice(0, 8) : client.document;
}

/** The operation's identifier in the SCR (IPOC): the lender's CNPJ base, modality, client type, client code, contract. */
export function ipocOf(cnpjBase: string, mod: string, client: Pick<ClientInput, 'tp' | 'document'>, contrt: string): string {
  return `${cnpjBase}${mod}${client.tp}${clientCode(client)}${contrt}`;
}

/** What a client owes in all (its operations' buckets), to weigh against the threshold. */
export function clientResponsibility(client: ClientInput): Decimal {
  return client.operations.reduce((sum, op) => sum.plus(vencTotal(op.venc)), new Decimal(0));
}

export function isIndividual(client: ClientInput): boolean {
  return clientResponsibility(client).gte(INDIVIDUAL_THRESHOLD);
}

export function rootAttributes(header: HeaderInput, parte: number, last: boolean, totalCli: number): XmlElement {
  return el('Doc3040', {
    DtBase: header.dtBase,
    CNPJ: header.cnpj,
    Remessa: header.remessa,
    Parte: parte,
    TpArq: last ? 'F' : 'I',
    NomeResp: header.nomeResp,
    EmailResp: header.emailResp,
    TelResp: header.telResp,
    TotalCli: totalCli,
  });
}

function vencElement(venc: VencBuckets): XmlElement {
  const attrs: Record<string, string> = {};
  for (const [code, amount] of Object.entries(venc).sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))) attrs[code] = money(amount);
  return el('Venc', attrs);
}

export interface OperationElement extends XmlElement {
  /** not written: what the checks compare the buckets with */
  balance?: string;
  writtenOff?: string;
}

export function operationElement(cnpjBase: string, client: ClientInput, op: OperationInput): OperationElement {
  const children: XmlElement[] = [vencElement(op.venc)];
  for (const g of op.guarantees) {
    children.push(
      el('Gar', {
        Tp: g.tp,
        Ident: g.ident,
        PercGar: g.percGar === undefined ? undefined : money(g.percGar),
        VlrOrig: g.vlrOrig === undefined ? undefined : money(g.vlrOrig),
        VlrData: g.vlrData === undefined ? undefined : money(g.vlrData),
        DtReav: g.dtReav,
      }),
    );
  }
  if (op.cession) {
    // Inf Tp 0102: information of cession, the assignee of the operation (the cedente's example file).
    children.push(el('Inf', { Tp: '0102', Cd: op.cession.date, Ident: op.cession.assignee, Perc: money(op.cession.coobligation) }));
  }
  children.push(
    el(
      'ContInstFinRes4966',
      {
        ClasAtFin: '1',
        EstInstFin: op.stage,
        CartProvMin: op.portfolio,
        VlrContBr: money(op.balance),
        TJE: money(op.taxEft),
        RendMes: op.monthIncome === undefined ? undefined : money(op.monthIncome),
      },
      [el('Estagio', { DtAlocacao: op.stageSince })],
    ),
  );
  const element: OperationElement = el(
    'Op',
    {
      DetCli: client.tp === '2' ? client.document : undefined,
      Contrt: op.contrt,
      NatuOp: op.natuOp,
      Mod: op.mod,
      OrigemRec: op.origemRec,
      Indx: op.indx,
      VarCamb: op.varCamb,
      DtVencOp: op.dtVencOp,
      CEP: op.cep,
      TaxEft: money(op.taxEft),
      DtContr: op.dtContr,
      ProvConsttd: money(op.provConsttd),
      DiaAtraso: op.diaAtraso,
      IPOC: ipocOf(cnpjBase, op.mod, client, op.contrt),
    },
    children,
  );
  element.balance = money(op.balance);
  element.writtenOff = money(op.writtenOff ?? 0);
  return element;
}

export function clientElement(cnpjBase: string, client: ClientInput): XmlElement {
  return el(
    'Cli',
    { Tp: client.tp, Cd: clientCode(client), Autorzc: client.autorzc, PorteCli: client.porteCli, IniRelactCli: client.iniRelactCli },
    client.operations.map((op) => operationElement(cnpjBase, client, op)),
  );
}

/**
 * Performance of an aggregated operation (anexo "Desempenho da operação", as the example file describes it): 01 only
 * falling due, 02 overdue 15–30 days, 03 31–60; beyond that this lender's file keeps to the example's codes and reports
 * 04 for over 60 days (see the README: to confirm against the annex). Under 15 days late counts as 01.
 */
export function performanceOf(diaAtraso: number): string {
  if (diaAtraso < 15) return '01';
  if (diaAtraso <= 30) return '02';
  if (diaAtraso <= 60) return '03';
  return '04';
}

/** Value band of an aggregated operation (anexo "Faixa de valor"): 1 under R$ 100, 2 from R$ 100. */
export function valueBandOf(balance: Decimal.Value): string {
  return new Decimal(balance).lt(100) ? '1' : '2';
}

interface AgregBucket {
  attrs: Record<string, string>;
  ops: number;
  clients: Set<string>;
  provision: Decimal;
  venc: VencBuckets;
}

/** Clients below the threshold, summed by the aggregation keys (one `Agreg` per combination). */
export class Aggregator {
  private readonly buckets = new Map<string, AgregBucket>();

  add(client: ClientInput): void {
    const code = `${client.tp}:${clientCode(client)}`;
    for (const op of client.operations) {
      const attrs = {
        NatuOp: op.natuOp,
        Mod: op.mod,
        OrigemRec: op.origemRec,
        VincME: 'N',
        FaixaVlr: valueBandOf(op.balance),
        TpCli: client.tp,
        DesempOp: performanceOf(op.diaAtraso),
      };
      const key = Object.values(attrs).join('|');
      let bucket = this.buckets.get(key);
      if (!bucket) {
        bucket = { attrs, ops: 0, clients: new Set(), provision: new Decimal(0), venc: {} };
        this.buckets.set(key, bucket);
      }
      bucket.ops += 1;
      bucket.clients.add(code);
      bucket.provision = bucket.provision.plus(op.provConsttd);
      for (const [v, amount] of Object.entries(op.venc)) bucket.venc[v] = (bucket.venc[v] ?? new Decimal(0)).plus(amount);
    }
  }

  /** How many distinct clients were aggregated. */
  clientCount(): number {
    const all = new Set<string>();
    for (const b of this.buckets.values()) for (const c of b.clients) all.add(c);
    return all.size;
  }

  elements(): XmlElement[] {
    return [...this.buckets.values()].map((b) =>
      el('Agreg', { ...b.attrs, ProvConsttd: money(b.provision), QtdOp: b.ops, QtdCli: b.clients.size }, [vencElement(b.venc)]),
    );
  }
}
