/**
 * The sandbox bureau provider: answers every lookup from the document alone,
 * so the same document always gets the same report (score 0–1000, negative
 * records of the pefin/refin kinds, protests, inquiries and returned
 * cheques). Nothing leaves the machine and nothing is billed.
 *
 * Like the homologation environments of real bureaus it has test documents
 * that simulate failures (the area's README): SANDBOX_UNAVAILABLE_CPF answers as an
 * unreachable provider, SANDBOX_SLOW_CPF never answers (the caller's deadline
 * ends it).
 */
import { createHash } from 'node:crypto';
import type { BureauResult } from '@shared/contract/bureau';
import { completeCpf, formatCnpj, formatCpf } from '@shared/documents';
import { BureauProviderError, type BureauProvider, type BureauQuery } from './provider-interface';
import { seededRandom } from '../../domain/seeded-random';

/** 999.999.001-xx: the sandbox answers as if the bureau were unreachable. */
export const SANDBOX_UNAVAILABLE_CPF = formatCpf(completeCpf('999999001'));
/** 999.999.002-xx: the sandbox never answers. */
export const SANDBOX_SLOW_CPF = formatCpf(completeCpf('999999002'));

/** Dates count back from this fixed day, so a document's report never changes. */
const ANCHOR_DAY = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

function randomFor(document: string) {
  const digest = createHash('sha256').update(`bureau-sandbox:${document}`).digest();
  return seededRandom(digest.readUInt32LE(0));
}

/** Integer cents → '1234.56' (no floating point on money). */
function cents(value: number): string {
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

function dayBefore(days: number): string {
  return new Date(ANCHOR_DAY - days * DAY).toISOString().slice(0, 10);
}

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Pereira', 'Lima', 'Carvalho', 'Ribeiro', 'Almeida', 'Costa', 'Gomes'];
const COMPANY = ['Comércio', 'Serviços', 'Confecções', 'Alimentos', 'Tecnologia', 'Transportes'];
const CREDITORS_PEFIN = ['Loja Magazine Centro', 'Telefonia Brasil S.A.', 'Energia Distribuidora', 'Cartões Nacional', 'Ótica Visão'];
const CREDITORS_REFIN = ['Banco Azul S.A.', 'Banco do Comércio', 'Financeira Horizonte', 'Cooperativa Sicredi Sul'];
const NOTARIES = ['1º Tabelionato de Protesto', '2º Tabelionato de Protesto', 'Cartório de Protesto Único'];
const CITIES: ReadonlyArray<readonly [string, string]> = [
  ['São Paulo', 'SP'],
  ['Belo Horizonte', 'MG'],
  ['Recife', 'PE'],
  ['Porto Alegre', 'RS'],
  ['Salvador', 'BA'],
];
const INQUIRERS: ReadonlyArray<readonly [string, string]> = [
  ['Banco Azul S.A.', 'Banco'],
  ['Financeira Horizonte', 'Financeira'],
  ['Loja Magazine Centro', 'Varejo'],
  ['Telefonia Brasil S.A.', 'Telecomunicações'],
  ['Imobiliária Bom Lar', 'Imobiliário'],
];
const BANKS = ['001 - Banco do Brasil', '104 - Caixa Econômica Federal', '237 - Bradesco', '341 - Itaú Unibanco'];
const CHEQUE_REASONS = ['11', '12', '13', '14'];

function riskBand(score: number): BureauResult['riskBand'] {
  if (score >= 800) return 'A';
  if (score >= 600) return 'B';
  if (score >= 400) return 'C';
  if (score >= 200) return 'D';
  return 'E';
}

/** The report the sandbox gives for a document (without mask). */
export function sandboxReport(document: string, subjectName?: string): BureauResult {
  const random = randomFor(document);
  const isCompany = document.length === 14;
  const score = random.int(0, 1000);
  // Fewer records for better scores: at most 4 of each kind below 300, none above 850.
  const weight = score >= 850 ? 0 : score >= 600 ? 1 : score >= 300 ? 2 : 4;
  const name =
    subjectName?.trim() ||
    (isCompany ? `${random.pick(COMPANY)} ${random.pick(LAST)} LTDA` : `${random.pick(FIRST)} ${random.pick(LAST)} ${random.pick(LAST)}`);

  const negativeRecords = Array.from({ length: random.int(0, weight) }, () => {
    const kind = random.pick(['pefin', 'refin'] as const);
    return {
      kind,
      creditor: random.pick(kind === 'pefin' ? CREDITORS_PEFIN : CREDITORS_REFIN),
      contract: String(random.int(10_000_000, 99_999_999)),
      amount: cents(random.int(5_000, 2_500_000)),
      date: dayBefore(random.int(30, 1500)),
    };
  });
  const protests = Array.from({ length: random.int(0, Math.max(0, weight - 1)) }, () => {
    const [city, state] = random.pick(CITIES);
    return { notary: random.pick(NOTARIES), city, state, amount: cents(random.int(10_000, 5_000_000)), date: dayBefore(random.int(60, 1800)) };
  });
  const inquiries = Array.from({ length: random.int(0, 3 + weight) }, () => {
    const [company, segment] = random.pick(INQUIRERS);
    return { company, segment, date: dayBefore(random.int(1, 90)) };
  });
  const returnedCheques = Array.from({ length: random.int(0, Math.max(0, weight - 2)) }, () => ({
    bank: random.pick(BANKS),
    agency: String(random.int(100, 9999)).padStart(4, '0'),
    reason: random.pick(CHEQUE_REASONS),
    count: random.int(1, 3),
    date: dayBefore(random.int(30, 1000)),
  }));
  const sum = (amounts: string[]) => cents(amounts.reduce((total, a) => total + Number(a.replace('.', '')), 0));
  const byDateDesc = <T extends { date: string }>(rows: T[]) => rows.sort((a, b) => b.date.localeCompare(a.date));
  return {
    document: isCompany ? formatCnpj(document) : formatCpf(document),
    documentType: isCompany ? 'CNPJ' : 'CPF',
    name,
    score,
    riskBand: riskBand(score),
    // 40% at score 0 down to 0% at 1000, in hundredths of a percent.
    defaultProbability: cents((1000 - score) * 4),
    negativeRecords: byDateDesc(negativeRecords),
    protests: byDateDesc(protests),
    inquiries: byDateDesc(inquiries),
    returnedCheques: byDateDesc(returnedCheques),
    totals: { negativeRecords: sum(negativeRecords.map((r) => r.amount)), protests: sum(protests.map((r) => r.amount)) },
  };
}

export function createSandboxProvider(): BureauProvider {
  const unavailable = SANDBOX_UNAVAILABLE_CPF.replace(/\D/g, '');
  const slow = SANDBOX_SLOW_CPF.replace(/\D/g, '');
  return {
    name: 'sandbox',
    lookup(query: BureauQuery, signal: AbortSignal) {
      if (query.document === unavailable) return Promise.reject(new BureauProviderError('connect ECONNREFUSED (sandbox)'));
      if (query.document === slow) {
        return new Promise((_, reject) => {
          signal.addEventListener('abort', () => reject(new BureauProviderError('timeout', 'timeout')), { once: true });
        });
      }
      return Promise.resolve(sandboxReport(query.document, query.subjectName));
    },
  };
}
