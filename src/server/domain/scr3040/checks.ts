/**
 * The Doc 3040's offline checks: the Central Bank's filling rules that can be
 * checked before sending, each a named rule with its source. They read the
 * element tree (the app's own output before it is written, or a file read
 * back, or the Central Bank's example files), one root child at a time, so
 * 100,000 operations are checked as they stream.
 *
 * Sources: SCR Doc 3040, Instruções de Preenchimento (the layout: elements,
 * their mandatory attributes, formats and the annexes' code lists) and the
 * Central Bank's example files (tests/fixtures/scr3040); Circular BCB
 * 3.870/2017 (threshold); Res. CMN 4.966/2021 (stages; AA–H no longer
 * reported from data-base 2025-01); Res. BCB 352/2023 (portfolios C1–C5).
 * The README of the regulatory area lists them with what each one refuses.
 */
import Decimal from 'decimal.js';
import { isValidCnpj, isValidCpf } from '@shared/documents';
import { attr, type XmlElement } from './xml';
import { INDIVIDUAL_THRESHOLD, RES4966_FROM } from './model';
import { isWrittenOffCode, VENC_CODES } from './venc';
import type { OperationElement } from './model';
import { PERSONAL_GUARANTEE_TYPE } from './guarantees';

export interface Doc3040Rule {
  id: string;
  source: string;
}

export const DOC3040_RULES = {
  structure: { id: 'structure', source: 'Instruções de Preenchimento do Doc 3040, leiaute (Doc3040 > Cli > Op > Venc/Gar/Inf/ContInstFinRes4966; Agreg > Venc)' },
  rootAttributes: { id: 'rootAttributes', source: 'Instruções de Preenchimento do Doc 3040, leiaute: atributos obrigatórios de Doc3040' },
  clientAttributes: { id: 'clientAttributes', source: 'Instruções de Preenchimento do Doc 3040, leiaute: atributos obrigatórios de Cli' },
  operationAttributes: { id: 'operationAttributes', source: 'Instruções de Preenchimento do Doc 3040, leiaute: atributos obrigatórios de Op (IPOC, DiaAtraso e ContInstFinRes4966 a partir da data-base 2025-01)' },
  aggregateAttributes: { id: 'aggregateAttributes', source: 'Instruções de Preenchimento do Doc 3040, leiaute: atributos obrigatórios de Agreg' },
  dateFormat: { id: 'dateFormat', source: 'Instruções de Preenchimento do Doc 3040: datas AAAA-MM-DD, data-base AAAA-MM' },
  decimalFormat: { id: 'decimalFormat', source: 'Instruções de Preenchimento do Doc 3040: valores com ponto decimal, até duas casas, não negativos' },
  documentDigits: { id: 'documentDigits', source: 'Instruções de Preenchimento do Doc 3040: CNPJ base com 8 dígitos, CPF com 11, DetCli com o CNPJ de 14; dígitos verificadores (Receita Federal)' },
  contactFormat: { id: 'contactFormat', source: 'Instruções de Preenchimento do Doc 3040: TelResp com DDD e número (dígitos), EmailResp um endereço' },
  codeDomain: { id: 'codeDomain', source: 'Instruções de Preenchimento do Doc 3040, anexos (TpArq, Autorzc, tipo de cliente, vencimentos, naturezas, modalidades, garantias, estágio, carteira)' },
  ratingRetired: { id: 'ratingRetired', source: 'Res. CMN 4.966/2021: classificação AA–H (ClassOp, ClassCli) não é mais informada a partir da data-base 2025-01' },
  vencTotal: {
    id: 'vencTotal',
    source:
      'Instruções de Preenchimento do Doc 3040, Venc: a soma dos vencimentos a vencer e vencidos (v110–v290) é o saldo contábil da operação; a dos créditos baixados como prejuízo (v310–v330), o valor baixado',
  },
  totalClients: { id: 'totalClients', source: 'Instruções de Preenchimento do Doc 3040: TotalCli é o número de clientes (Cli) informados na parte' },
  threshold: { id: 'threshold', source: 'Circular BCB 3.870/2017: clientes com responsabilidade total abaixo de R$ 200,00 são informados agregados (Agreg)' },
  uniqueOperation: { id: 'uniqueOperation', source: 'Instruções de Preenchimento do Doc 3040: o contrato (IPOC) identifica uma única operação no documento' },
  cession: { id: 'cession', source: 'Instruções de Preenchimento do Doc 3040 e exemplo do cedente: operação cedida (NatuOp 11) informa o cessionário em Inf Tp 0102 (Ident, CNPJ base)' },
  guarantee: { id: 'guarantee', source: 'Instruções de Preenchimento do Doc 3040 e exemplo padrão: Gar fidejussória com Ident e PercGar (0–100); real com VlrOrig' },
  guaranteePersonal: {
    id: 'guaranteePersonal',
    source:
      'Exemplo padrão do Banco Central (exemploDocPadraoInfosBasicas.xml): Gar tipo 09 (fidejussória) informa Ident, o CPF ou CNPJ do garantidor (0901 pessoa física: CPF de 11 dígitos; 0902 pessoa jurídica: CNPJ base de 8), e PercGar, o percentual garantido (acima de 0, até 100)',
  },
  guaranteeReal: {
    id: 'guaranteeReal',
    source:
      'Exemplo padrão do Banco Central: Gar real (ex.: 0102, cessão de direitos creditórios — cheques) informa VlrOrig, o valor original da garantia (positivo); validador público de Doc 3040 (picpay): VlrOrig obrigatório',
  },
  guaranteeRevaluation: {
    id: 'guaranteeRevaluation',
    source: 'Exemplo padrão do Banco Central: VlrData (valor na data de reavaliação) e DtReav (data de reavaliação) andam juntos; a reavaliação não é posterior à data-base',
  },
  stage: { id: 'stage', source: 'Res. CMN 4.966/2021: estágio 2 presumido acima de 30 dias de atraso, estágio 3 acima de 90' },
  dates: { id: 'dates', source: 'Instruções de Preenchimento do Doc 3040: vencimento da operação não anterior à contratação; contratação até a data-base' },
} as const satisfies Record<string, Doc3040Rule>;

export type Doc3040RuleId = keyof typeof DOC3040_RULES;

export interface Doc3040Failure {
  rule: Doc3040RuleId;
  /** the client's code (Cd) when the failure is inside a Cli */
  client: string | null;
  /** the operation's contract (Contrt) when it is inside an Op */
  operation: string | null;
  /** element and attribute at fault, and the value found */
  element: string;
  attribute: string | null;
  value: string | null;
}

const REQUIRED_ROOT = ['DtBase', 'CNPJ', 'Remessa', 'Parte', 'TpArq', 'NomeResp', 'EmailResp', 'TelResp', 'TotalCli'];
const REQUIRED_CLI = ['Tp', 'Cd', 'Autorzc', 'PorteCli', 'IniRelactCli'];
const REQUIRED_OP = ['Contrt', 'NatuOp', 'Mod', 'OrigemRec', 'Indx', 'VarCamb', 'DtVencOp', 'CEP', 'TaxEft', 'DtContr', 'ProvConsttd'];
const REQUIRED_OP_4966 = ['DiaAtraso', 'IPOC'];
const REQUIRED_AGREG = ['NatuOp', 'Mod', 'OrigemRec', 'VincME', 'FaixaVlr', 'TpCli', 'DesempOp', 'ProvConsttd', 'QtdOp', 'QtdCli'];
const OP_CHILDREN = new Set(['Venc', 'Gar', 'Inf', 'ContInstFinRes4966']);
const RATINGS = new Set(['AA', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
const VENC = new Set(VENC_CODES);

const DATE_ATTRS = new Set(['IniRelactCli', 'DtVencOp', 'DtContr', 'DtReav', 'DtAlocacao']);
const MONEY_ATTRS = new Set(['ProvConsttd', 'VlrOrig', 'VlrData', 'VlrContBr', 'TaxEft', 'TJE', 'PercGar', 'Perc']);
const INTEGER_ATTRS = new Set(['DiaAtraso', 'QtdOp', 'QtdCli', 'TotalCli', 'Remessa', 'Parte']);

const DECIMAL = /^\d+(\.\d{1,2})?$/;
const SIGNED_DECIMAL = /^-?\d+(\.\d{1,2})?$/;

export function isCalendarDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
}

/** CPF check digits (the app's one rule, @shared/documents). */
export function isCpf(digits: string): boolean {
  return /^\d{11}$/.test(digits) && isValidCpf(digits);
}

/** CNPJ check digits, numeric or alphanumeric (IN RFB 2.229/2024; the app's one rule, @shared/documents). */
export function isCnpj(chars: string): boolean {
  return /^[0-9A-Z]{12}\d{2}$/.test(chars) && isValidCnpj(chars);
}

/** The last day of a YYYY-MM month. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return `${month}-${String(days).padStart(2, '0')}`;
}

/**
 * Checks a document's root children one at a time: `root` first (its attributes), then each `child` (a Cli or an
 * Agreg), then `finish` for the rules over the whole part.
 */
export class Doc3040Checker {
  readonly failures: Doc3040Failure[] = [];
  private dtBase = '';
  private declaredTotal: number | null = null;
  private clients = 0;
  private readonly ipocs = new Set<string>();

  constructor(private readonly limit = 10_000) {}

  private fail(rule: Doc3040RuleId, element: string, attribute: string | null, value: string | null, client: string | null = null, operation: string | null = null) {
    if (this.failures.length < this.limit) this.failures.push({ rule, client, operation, element, attribute, value });
  }

  private get res4966(): boolean {
    return this.dtBase >= RES4966_FROM;
  }

  /** Formats of every attribute of an element (dates, decimals, integers). */
  private formats(e: XmlElement, client: string | null, operation: string | null) {
    for (const [name, value] of e.attrs) {
      if (DATE_ATTRS.has(name) && !isCalendarDay(value)) this.fail('dateFormat', e.name, name, value, client, operation);
      else if (MONEY_ATTRS.has(name) && !DECIMAL.test(value)) this.fail('decimalFormat', e.name, name, value, client, operation);
      else if (INTEGER_ATTRS.has(name) && !/^\d+$/.test(value)) this.fail('decimalFormat', e.name, name, value, client, operation);
    }
  }

  private required(e: XmlElement, names: readonly string[], rule: Doc3040RuleId, client: string | null, operation: string | null) {
    for (const name of names) if (!attr(e, name)) this.fail(rule, e.name, name, null, client, operation);
  }

  private domain(e: XmlElement, name: string, ok: (v: string) => boolean, client: string | null, operation: string | null) {
    const value = attr(e, name);
    if (value !== undefined && !ok(value)) this.fail('codeDomain', e.name, name, value, client, operation);
  }

  /** The sum of a Venc's amounts (failures noted once); `writtenOffOnly`: of v310–v330 only, nothing noted. */
  private venc(v: XmlElement, client: string | null, operation: string | null, writtenOffOnly = false): Decimal {
    let total = new Decimal(0);
    for (const [name, value] of v.attrs) {
      if (writtenOffOnly) {
        if (isWrittenOffCode(name) && SIGNED_DECIMAL.test(value) && !value.startsWith('-')) total = total.plus(value);
        continue;
      }
      if (!VENC.has(name)) this.fail('codeDomain', 'Venc', name, value, client, operation);
      else if (!SIGNED_DECIMAL.test(value) || value.startsWith('-')) this.fail('decimalFormat', 'Venc', name, value, client, operation);
      else total = total.plus(value);
    }
    return total;
  }

  root(e: XmlElement): void {
    if (e.name !== 'Doc3040') this.fail('structure', e.name, null, null);
    this.required(e, REQUIRED_ROOT, 'rootAttributes', null, null);
    this.dtBase = attr(e, 'DtBase') ?? '';
    if (this.dtBase && !/^\d{4}-(0[1-9]|1[0-2])$/.test(this.dtBase)) this.fail('dateFormat', 'Doc3040', 'DtBase', this.dtBase);
    this.formats(e, null, null);
    const cnpj = attr(e, 'CNPJ');
    if (cnpj !== undefined && !/^[0-9A-Z]{8}$/.test(cnpj)) this.fail('documentDigits', 'Doc3040', 'CNPJ', cnpj);
    this.domain(e, 'TpArq', (v) => v === 'F' || v === 'I', null, null);
    const tel = attr(e, 'TelResp');
    if (tel !== undefined && !/^\d{10,11}$/.test(tel)) this.fail('contactFormat', 'Doc3040', 'TelResp', tel);
    const email = attr(e, 'EmailResp');
    if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) this.fail('contactFormat', 'Doc3040', 'EmailResp', email);
    const total = attr(e, 'TotalCli');
    this.declaredTotal = total !== undefined && /^\d+$/.test(total) ? Number(total) : null;
  }

  child(e: XmlElement): void {
    if (e.name === 'Cli') this.client(e);
    else if (e.name === 'Agreg') this.aggregate(e);
    else this.fail('structure', e.name, null, null);
  }

  private client(c: XmlElement): void {
    this.clients += 1;
    const code = attr(c, 'Cd') ?? null;
    this.required(c, REQUIRED_CLI, 'clientAttributes', code, null);
    this.formats(c, code, null);
    const tp = attr(c, 'Tp');
    this.domain(c, 'Tp', (v) => v === '1' || v === '2', code, null);
    this.domain(c, 'Autorzc', (v) => v === 'S' || v === 'N', code, null);
    if (code !== null && tp === '1' && !isCpf(code)) this.fail('documentDigits', 'Cli', 'Cd', code, code);
    if (code !== null && tp === '2' && !/^[0-9A-Z]{8}$/.test(code)) this.fail('documentDigits', 'Cli', 'Cd', code, code);
    if (this.res4966 && attr(c, 'ClassCli') !== undefined) this.fail('ratingRetired', 'Cli', 'ClassCli', attr(c, 'ClassCli')!, code);
    let responsibility = new Decimal(0);
    for (const op of c.children) {
      if (op.name !== 'Op') {
        this.fail('structure', op.name, null, null, code);
        continue;
      }
      responsibility = responsibility.plus(this.operation(op, code, tp));
    }
    if (c.children.length === 0) this.fail('structure', 'Cli', null, null, code);
    if (responsibility.lt(INDIVIDUAL_THRESHOLD)) this.fail('threshold', 'Cli', null, responsibility.toFixed(2), code);
  }

  private operation(op: OperationElement, client: string | null, tp: string | undefined): Decimal {
    const contrt = attr(op, 'Contrt') ?? null;
    this.required(op, REQUIRED_OP, 'operationAttributes', client, contrt);
    if (this.res4966) this.required(op, REQUIRED_OP_4966, 'operationAttributes', client, contrt);
    if (!this.res4966) this.required(op, ['ClassOp'], 'operationAttributes', client, contrt);
    this.formats(op, client, contrt);
    this.domain(op, 'NatuOp', (v) => /^\d{2}$/.test(v), client, contrt);
    this.domain(op, 'Mod', (v) => /^\d{4}$/.test(v), client, contrt);
    this.domain(op, 'OrigemRec', (v) => /^\d{4}$/.test(v), client, contrt);
    this.domain(op, 'Indx', (v) => /^\d{2}$/.test(v), client, contrt);
    this.domain(op, 'VarCamb', (v) => /^\d{3}$/.test(v), client, contrt);
    this.domain(op, 'CEP', (v) => /^\d{8}$/.test(v), client, contrt);
    const classOp = attr(op, 'ClassOp');
    if (classOp !== undefined && this.res4966) this.fail('ratingRetired', 'Op', 'ClassOp', classOp, client, contrt);
    else this.domain(op, 'ClassOp', (v) => RATINGS.has(v), client, contrt);
    const detCli = attr(op, 'DetCli');
    if (detCli !== undefined && (!isCnpj(detCli) || (tp === '2' && client !== null && !detCli.startsWith(client)))) this.fail('documentDigits', 'Op', 'DetCli', detCli, client, contrt);
    const ipoc = attr(op, 'IPOC') ?? (contrt !== null ? `${client}:${contrt}:${attr(op, 'Mod')}` : null);
    if (ipoc !== null) {
      if (this.ipocs.has(ipoc)) this.fail('uniqueOperation', 'Op', attr(op, 'IPOC') ? 'IPOC' : 'Contrt', ipoc, client, contrt);
      this.ipocs.add(ipoc);
    }
    const dtContr = attr(op, 'DtContr');
    const dtVenc = attr(op, 'DtVencOp');
    if (dtContr && dtVenc && isCalendarDay(dtContr) && isCalendarDay(dtVenc) && dtVenc < dtContr) this.fail('dates', 'Op', 'DtVencOp', dtVenc, client, contrt);
    if (dtContr && isCalendarDay(dtContr) && /^\d{4}-\d{2}$/.test(this.dtBase) && dtContr > monthEnd(this.dtBase)) this.fail('dates', 'Op', 'DtContr', dtContr, client, contrt);

    const vencs = op.children.filter((c) => c.name === 'Venc');
    if (vencs.length !== 1) this.fail('structure', 'Venc', null, String(vencs.length), client, contrt);
    let total = new Decimal(0);
    let writtenOff = new Decimal(0);
    for (const child of op.children) {
      if (!OP_CHILDREN.has(child.name)) this.fail('structure', child.name, null, null, client, contrt);
      else if (child.name === 'Venc') {
        total = total.plus(this.venc(child, client, contrt));
        writtenOff = writtenOff.plus(this.venc(child, client, contrt, true));
      }
      else if (child.name === 'Gar') this.guarantee(child, client, contrt);
      else if (child.name === 'Inf') {
        this.formats(child, client, contrt);
        this.domain(child, 'Tp', (v) => /^\d{4}$/.test(v), client, contrt);
      } else this.res4966Block(child, op, client, contrt);
    }
    // The app's own element carries the close's figures: the owed buckets make the balance, the written-off ones the amount written off.
    if (op.balance !== undefined) {
      const owed = total.minus(writtenOff);
      const expected = new Decimal(op.writtenOff ?? 0);
      if (!owed.eq(op.balance) || !writtenOff.eq(expected)) {
        this.fail('vencTotal', 'Venc', null, writtenOff.eq(expected) ? `${owed.toFixed(2)} ≠ ${op.balance}` : `${writtenOff.toFixed(2)} ≠ ${expected.toFixed(2)}`, client, contrt);
      }
    }
    if (this.res4966 && !op.children.some((c) => c.name === 'ContInstFinRes4966')) this.fail('operationAttributes', 'Op', 'ContInstFinRes4966', null, client, contrt);
    const ceded = op.children.filter((c) => c.name === 'Inf' && attr(c, 'Tp') === '0102');
    if (attr(op, 'NatuOp') === '11' && ceded.length === 0) this.fail('cession', 'Op', 'NatuOp', '11', client, contrt);
    for (const inf of ceded) {
      const ident = attr(inf, 'Ident');
      if (!ident || !/^[0-9A-Z]{8}$/.test(ident)) this.fail('cession', 'Inf', 'Ident', ident ?? null, client, contrt);
    }
    return total;
  }

  private guarantee(g: XmlElement, client: string | null, contrt: string | null) {
    this.formats(g, client, contrt);
    if (!attr(g, 'Tp')) this.fail('guarantee', 'Gar', 'Tp', null, client, contrt);
    this.domain(g, 'Tp', (v) => /^\d{4}$/.test(v), client, contrt);
    const ident = attr(g, 'Ident');
    const perc = attr(g, 'PercGar');
    if (ident !== undefined && !/^([0-9A-Z]{8}|\d{11}|[0-9A-Z]{12}\d{2})$/.test(ident)) this.fail('documentDigits', 'Gar', 'Ident', ident, client, contrt);
    if (ident === undefined && attr(g, 'VlrOrig') === undefined) this.fail('guarantee', 'Gar', 'Ident', null, client, contrt);
    if (perc !== undefined && DECIMAL.test(perc) && new Decimal(perc).gt(100)) this.fail('guarantee', 'Gar', 'PercGar', perc, client, contrt);
    const tp = attr(g, 'Tp');
    if (tp !== undefined && tp.startsWith(PERSONAL_GUARANTEE_TYPE)) {
      if (ident === undefined) this.fail('guaranteePersonal', 'Gar', 'Ident', null, client, contrt);
      else if (tp === '0901' && !isCpf(ident)) this.fail('guaranteePersonal', 'Gar', 'Ident', ident, client, contrt);
      else if (tp === '0902' && !/^[0-9A-Z]{8}$/.test(ident)) this.fail('guaranteePersonal', 'Gar', 'Ident', ident, client, contrt);
      if (perc === undefined || (DECIMAL.test(perc) && new Decimal(perc).lte(0))) this.fail('guaranteePersonal', 'Gar', 'PercGar', perc ?? null, client, contrt);
    } else if (tp !== undefined) {
      const orig = attr(g, 'VlrOrig');
      if (orig === undefined || (DECIMAL.test(orig) && new Decimal(orig).lte(0))) this.fail('guaranteeReal', 'Gar', 'VlrOrig', orig ?? null, client, contrt);
    }
    const vlrData = attr(g, 'VlrData');
    const dtReav = attr(g, 'DtReav');
    if ((vlrData === undefined) !== (dtReav === undefined)) this.fail('guaranteeRevaluation', 'Gar', vlrData === undefined ? 'VlrData' : 'DtReav', null, client, contrt);
    if (dtReav !== undefined && isCalendarDay(dtReav) && /^\d{4}-\d{2}$/.test(this.dtBase) && dtReav > monthEnd(this.dtBase)) this.fail('guaranteeRevaluation', 'Gar', 'DtReav', dtReav, client, contrt);
  }

  private res4966Block(b: XmlElement, op: XmlElement, client: string | null, contrt: string | null) {
    this.formats(b, client, contrt);
    const stage = attr(b, 'EstInstFin');
    this.domain(b, 'EstInstFin', (v) => v === '1' || v === '2' || v === '3', client, contrt);
    this.domain(b, 'CartProvMin', (v) => /^C[1-5]$/.test(v), client, contrt);
    for (const child of b.children) {
      if (child.name !== 'Estagio') this.fail('structure', child.name, null, null, client, contrt);
      else this.formats(child, client, contrt);
    }
    const late = Number(attr(op, 'DiaAtraso') ?? '0');
    if (stage === '1' && late > 30) this.fail('stage', 'ContInstFinRes4966', 'EstInstFin', `${stage} (${late})`, client, contrt);
    if (stage === '2' && late > 90) this.fail('stage', 'ContInstFinRes4966', 'EstInstFin', `${stage} (${late})`, client, contrt);
  }

  private aggregate(a: XmlElement): void {
    this.required(a, REQUIRED_AGREG, 'aggregateAttributes', null, null);
    this.formats(a, null, null);
    this.domain(a, 'VincME', (v) => v === 'S' || v === 'N', null, null);
    this.domain(a, 'TpCli', (v) => /^\d$/.test(v), null, null);
    const classOp = attr(a, 'ClassOp');
    if (classOp !== undefined && this.res4966) this.fail('ratingRetired', 'Agreg', 'ClassOp', classOp);
    const vencs = a.children.filter((c) => c.name === 'Venc');
    if (vencs.length !== 1 || a.children.length !== 1) this.fail('structure', 'Agreg', null, String(a.children.length));
    for (const v of vencs) this.venc(v, null, null);
  }

  finish(): Doc3040Failure[] {
    if (this.declaredTotal !== null && this.declaredTotal !== this.clients) this.fail('totalClients', 'Doc3040', 'TotalCli', `${this.declaredTotal} ≠ ${this.clients}`);
    return this.failures;
  }
}

/** Checks a whole document read into a tree (a file read back, an example). */
export function checkDocument(root: XmlElement): Doc3040Failure[] {
  const checker = new Doc3040Checker();
  checker.root(root);
  for (const child of root.children) checker.child(child);
  return checker.finish();
}
