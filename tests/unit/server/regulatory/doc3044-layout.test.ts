/**
 * Doc 3044's pure rules: the deadline (five business days, over weekends,
 * Carnival, Good Friday, Christmas and New Year), which postings are events
 * and of what kind, the IPOC, and the checks a remittance passes before it is
 * saved (each rule named).
 */
import { describe, expect, it } from 'vitest';
import {
  ACAO_ALTERACAO,
  ACAO_EXCLUSAO,
  BREAK_EVENT_KIND,
  isPaymentKind,
  checkDoc3044,
  correctionAcao,
  correctionOutcome,
  isCorrection,
  DOC3044_RULES,
  doc3044Text,
  eventDeadline,
  eventKindOf,
  ipocOf,
  ipocParts,
  isIpoc,
  isReportable,
  type Doc3044,
} from '../../../../src/server/areas/regulatory/doc3044/layout';

describe('the deadline: five business days after the event', () => {
  it.each([
    // a Monday: the Monday after
    ['2026-03-02', '2026-03-09'],
    // a Thursday: over the weekend
    ['2026-01-15', '2026-01-22'],
    // Friday before Carnival (Mon 16 and Tue 17 Feb 2026 closed; Ash Wednesday open)
    ['2026-02-13', '2026-02-24'],
    // Wednesday before Good Friday (3 Apr 2026) and Tiradentes (Tue 21 Apr)
    ['2026-04-01', '2026-04-09'],
    ['2026-04-16', '2026-04-24'],
    // Christmas and New Year
    ['2026-12-23', '2026-12-31'],
    ['2026-12-28', '2027-01-05'],
    // an event on a Saturday counts from the Monday
    ['2026-03-07', '2026-03-13'],
  ])('%s → %s', (event, deadline) => {
    expect(eventDeadline(event)).toBe(deadline);
  });
});

describe('which postings are events', () => {
  it('from 2025-11-01; cessions from 2026-05-01', () => {
    expect(isReportable('payment', '2025-10-31')).toBe(false);
    expect(isReportable('payment', '2025-11-01')).toBe(true);
    expect(isReportable('cession', '2026-04-30')).toBe(false);
    expect(isReportable('cession', '2026-05-01')).toBe(true);
    expect(isReportable('cession_reversal', '2026-04-30')).toBe(false);
  });

  it('a payment or prepayment that brings the receivable to zero settles; one that does not, or moves no receivable, is a payment', () => {
    expect(eventKindOf('payment', '-100.00', '0.00')).toBe('settlement');
    expect(eventKindOf('prepayment', '-2500.00', '0')).toBe('settlement');
    expect(eventKindOf('prepayment', '-500.00', '2000.00')).toBe('payment');
    expect(eventKindOf('payment', '-100.00', '900.00')).toBe('payment');
    // a payment to an assignee: our receivable does not move
    expect(eventKindOf('payment', '0.00', '0.00')).toBe('payment');
    expect(eventKindOf('disbursement', '3000.00', '3000.00')).toBe('disbursement');
    expect(eventKindOf('reversal', '100.00', '1000.00')).toBe('reversal');
  });

  it('an agreement installment payment is a payment of the operation, a settlement when it leaves nothing owed; its reversal an exclusão', () => {
    expect(isPaymentKind('renegotiation_payment')).toBe(true);
    expect(eventKindOf('renegotiation_payment', '-80.00', '1500.00')).toBe('payment');
    expect(eventKindOf('renegotiation_payment', '-80.00', '0.00')).toBe('settlement');
    expect(isCorrection('renegotiation_payment_reversal')).toBe(true);
    expect(correctionAcao('renegotiation_payment_reversal')).toBe(ACAO_EXCLUSAO);
    expect(isReportable('renegotiation_payment', '2026-05-26')).toBe(true);
    expect(isReportable('renegotiation_payment', '2025-10-31')).toBe(false);
    expect(BREAK_EVENT_KIND).toBe('renegotiation_break');
  });
});

describe('the IPOC', () => {
  it('CNPJ base + modality + client type + client code + contract', () => {
    const pf = ipocParts({ companyCnpj: '27.185.642/0001-51', personType: 'PF', document: '529.982.247-25', product: 'working_capital', installments: 12, contract: 'CCB 2026/0001' });
    expect(pf).toEqual({ cnpj: '27185642', modality: '0215', clientType: '1', clientCode: '52998224725', contract: 'CCB2026/0001' });
    expect(ipocOf(pf)).toBe('271856420215152998224725CCB2026/0001');
    const pj = ipocParts({ companyCnpj: '27185642000151', personType: 'PJ', document: '11.222.333/0001-81', product: 'working_capital', installments: 24, contract: '77' });
    expect(ipocOf(pj)).toBe('27185642021621122233377');
    expect(isIpoc(ipocOf(pf))).toBe(true);
    expect(isIpoc(ipocOf(pj))).toBe(true);
    expect(isIpoc('27185642021531234X')).toBe(false);
    expect(isIpoc('27185642021511234567890')).toBe(false);
  });
});

const good = (): Doc3044 => ({
  cnpjIF: '27185642',
  dataHoraRemessa: '2026-03-05T10:00:00-03:00',
  operacoes: [{ acao: 1, ipoc: '271856420215152998224725CCB1', saldoDevedor: '1000.00', dataEvento: '2026-03-02', tipoEvento: 'payment', valorEvento: '100.00' }],
});

describe('the checks before a remittance is saved', () => {
  it('a good remittance passes, and its text is JSON with its three fields', () => {
    expect(checkDoc3044(good())).toEqual([]);
    const parsed = JSON.parse(doc3044Text(good()));
    expect(Object.keys(parsed)).toEqual(['cnpjIF', 'dataHoraRemessa', 'operacoes']);
    expect(parsed.operacoes[0]).toMatchObject({ acao: 1, ipoc: '271856420215152998224725CCB1', saldoDevedor: '1000.00' });
  });

  it.each([
    ['cnpjIF', (d: Doc3044) => ({ ...d, cnpjIF: '2718564' }), 'cnpjIF'],
    ['dataHoraRemessa', (d: Doc3044) => ({ ...d, dataHoraRemessa: '2026-03-05 10:00' }), 'dataHoraRemessa'],
    ['dataHoraRemessa', (d: Doc3044) => ({ ...d, dataHoraRemessa: '2026-02-30T10:00:00-03:00' }), 'dataHoraRemessa'],
    ['operacoesNotEmpty', (d: Doc3044) => ({ ...d, operacoes: [] }), 'operacoes'],
    ['acao', (d: Doc3044) => ({ ...d, operacoes: [{ ...d.operacoes[0], acao: 4 }] }), 'operacoes[0].acao'],
    ['ipoc', (d: Doc3044) => ({ ...d, operacoes: [{ ...d.operacoes[0], ipoc: '123' }] }), 'operacoes[0].ipoc'],
    ['saldoDevedor', (d: Doc3044) => ({ ...d, operacoes: [{ ...d.operacoes[0], saldoDevedor: '-1.00' }] }), 'operacoes[0].saldoDevedor'],
    ['saldoDevedor', (d: Doc3044) => ({ ...d, operacoes: [{ ...d.operacoes[0], saldoDevedor: '1000' }] }), 'operacoes[0].saldoDevedor'],
    ['dataEvento', (d: Doc3044) => ({ ...d, operacoes: [{ ...d.operacoes[0], dataEvento: '2025-10-31' }] }), 'operacoes[0].dataEvento'],
    ['dataEvento', (d: Doc3044) => ({ ...d, operacoes: [{ ...d.operacoes[0], dataEvento: '2026-03-06' }] }), 'operacoes[0].dataEvento'],
    ['cessionStart', (d: Doc3044) => ({ ...d, operacoes: [{ ...d.operacoes[0], tipoEvento: 'cession' as const, dataEvento: '2026-03-02' }] }), 'operacoes[0].tipoEvento'],
  ])('%s fails and is named', (rule, broken, path) => {
    const problems = checkDoc3044(broken(good()));
    expect(problems).toContainEqual({ rule, path, message: DOC3044_RULES[rule as keyof typeof DOC3044_RULES] });
  });

  it('every rule names its source', () => {
    for (const text of Object.values(DOC3044_RULES)) expect(text).toMatch(/\(.+\)/);
  });
});

describe('corrections (tipo de ação 2 exclusão, 3 alteração)', () => {
  it('an undoing excludes the record, a re-allocation alters it; the other kinds are events of their own', () => {
    expect(correctionAcao('reversal')).toBe(ACAO_EXCLUSAO);
    expect(correctionAcao('cession_reversal')).toBe(ACAO_EXCLUSAO);
    expect(correctionAcao('reallocation')).toBe(ACAO_ALTERACAO);
    for (const kind of ['disbursement', 'payment', 'prepayment', 'cession', 'renegotiation'] as const) expect(isCorrection(kind)).toBe(false);
    for (const kind of ['reversal', 'cession_reversal', 'reallocation'] as const) expect(isCorrection(kind)).toBe(true);
  });

  it('an exclusão of a record that never left voids both; once in a file or sent, it is a record of its own; an alteração always is', () => {
    expect(correctionOutcome(ACAO_EXCLUSAO, { inFile: false, sent: false })).toBe('void');
    expect(correctionOutcome(ACAO_EXCLUSAO, { inFile: true, sent: false })).toBe('record');
    expect(correctionOutcome(ACAO_EXCLUSAO, { inFile: true, sent: true })).toBe('record');
    expect(correctionOutcome(ACAO_ALTERACAO, { inFile: false, sent: false })).toBe('record');
  });
});
