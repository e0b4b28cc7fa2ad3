/**
 * The Doc 3040's offline checks: the Central Bank's example files pass them (but for what the examples themselves say
 * they leave out), the app's own output for a built portfolio passes them and has the examples' shape, and every rule
 * refuses its own failing case.
 */
import Decimal from 'decimal.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocument, DOC3040_RULES, type Doc3040RuleId, isCnpj, isCpf } from '../../../../src/server/domain/scr3040/checks';
import { Aggregator, clientElement, isIndividual } from '../../../../src/server/domain/scr3040/model';
import { planParts, writePart } from '../../../../src/server/domain/scr3040/writer';
import { attr, parseXml, type XmlElement } from '../../../../src/server/domain/scr3040/xml';
import { CLIENTS, HEADER, SMALL } from './portfolio';

const FIXTURES = join(__dirname, '../../../fixtures/scr3040');
const EXAMPLES = readdirSync(FIXTURES).filter((f) => f.endsWith('.xml'));
const example = (name: string) => parseXml(readFileSync(join(FIXTURES, name), 'utf8'));

async function built(clients = CLIENTS, small = [SMALL]): Promise<string> {
  const aggregator = new Aggregator();
  for (const c of small) aggregator.add(c);
  const body = [...clients.map((c) => clientElement(HEADER.cnpj, c)), ...aggregator.elements()];
  const [plan] = planParts(clients.length);
  let text = '';
  for await (const chunk of writePart(HEADER, plan, body)) text += chunk;
  return text;
}

function names(root: XmlElement): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const walk = (e: XmlElement) => {
    const set = out.get(e.name) ?? new Set<string>();
    for (const [k] of e.attrs) set.add(k);
    out.set(e.name, set);
    e.children.forEach(walk);
  };
  walk(root);
  return out;
}

describe('the Central Bank example files', () => {
  it.each(EXAMPLES)('%s passes every offline rule but the two its own comments explain', (file) => {
    const failures = checkDocument(example(file));
    // The examples are excerpts ("TotalCli 3000" with one or two clients shown) and carry a placeholder telephone.
    expect(failures.map((f) => `${f.rule}:${f.attribute}`).sort()).toEqual(['contactFormat:TelResp', 'totalClients:TotalCli']);
  });

  it('the check digits of their real CNPJs hold', () => {
    expect(isCnpj('00038166000288')).toBe(true);
    expect(isCnpj('00038166000287')).toBe(false);
    expect(isCpf('52998224725')).toBe(true);
    expect(isCpf('52998224724')).toBe(false);
    expect(isCpf('11111111111')).toBe(false);
  });
});

describe('the app’s own file for a built portfolio', () => {
  it('passes every rule and reads back', async () => {
    const text = await built();
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Doc3040 ')).toBe(true);
    const root = parseXml(text);
    expect(checkDocument(root)).toEqual([]);
    expect(attr(root, 'TotalCli')).toBe('3');
    expect(attr(root, 'NomeResp')).toBe('Ana Responsável & Cia');
    expect(text).toContain('NomeResp="Ana Responsável &amp; Cia"');
  });

  it('has the examples’ element and attribute shape (Res. 4.966 additions aside)', async () => {
    const ours = names(parseXml(await built()));
    const theirs = new Map<string, Set<string>>();
    for (const file of EXAMPLES) for (const [k, v] of names(example(file))) theirs.set(k, new Set([...(theirs.get(k) ?? []), ...v]));
    // The root's attributes are exactly the examples', in their order.
    expect([...ours.get('Doc3040')!]).toEqual(['DtBase', 'CNPJ', 'Remessa', 'Parte', 'TpArq', 'NomeResp', 'EmailResp', 'TelResp', 'TotalCli']);
    expect([...theirs.get('Doc3040')!]).toEqual([...ours.get('Doc3040')!]);
    const added: Record<string, string[]> = { Op: ['DiaAtraso', 'IPOC'] };
    for (const [element, attrs] of ours) {
      if (element === 'ContInstFinRes4966' || element === 'Estagio') continue; // from data-base 2025-01, after the examples
      expect(theirs.has(element), element).toBe(true);
      for (const a of attrs) if (!(added[element] ?? []).includes(a)) expect(theirs.get(element)!.has(a), `${element}@${a}`).toBe(true);
    }
    // And no ClassOp/ClassCli: the AA–H rating is no longer reported.
    expect(ours.get('Op')!.has('ClassOp')).toBe(false);
  });

  it('writes a cession as NatuOp 11 with the assignee in Inf Tp 0102', async () => {
    const root = parseXml(await built());
    const ceded = root.children.flatMap((c) => c.children).find((op) => attr(op, 'Contrt') === 'CCB-4')!;
    expect(attr(ceded, 'NatuOp')).toBe('11');
    expect(ceded.children.find((c) => c.name === 'Inf')!.attrs).toEqual([['Tp', '0102'], ['Cd', '2026-02-01'], ['Ident', '02533346'], ['Perc', '100.00']]);
  });

  it('aggregates the client under R$ 200 and reports the others one by one', async () => {
    expect(isIndividual(SMALL)).toBe(false);
    expect(CLIENTS.every(isIndividual)).toBe(true);
    const root = parseXml(await built());
    const agreg = root.children.filter((c) => c.name === 'Agreg');
    expect(agreg).toHaveLength(1);
    expect(Object.fromEntries(agreg[0].attrs)).toMatchObject({ Mod: '0203', QtdOp: '1', QtdCli: '1', ProvConsttd: '2.85', TpCli: '1', DesempOp: '01' });
    expect(agreg[0].children[0].attrs).toEqual([['v110', '150.00']]);
  });
});

/** Each rule: a change that breaks the valid built file, and the rule that must name it. */
const BREAKS: Array<[Doc3040RuleId, (text: string) => string]> = [
  ['structure', (t) => t.replace('<Venc ', '<Vencimento ')],
  ['rootAttributes', (t) => t.replace(/ Remessa="1"/, '')],
  ['clientAttributes', (t) => t.replace(/ Autorzc="S"/, '')],
  ['operationAttributes', (t) => t.replace(/ IPOC="[^"]*"/, '')],
  ['aggregateAttributes', (t) => t.replace(/ QtdCli="1"/, '')],
  ['dateFormat', (t) => t.replace('DtContr="2025-12-10"', 'DtContr="10/12/2025"')],
  ['decimalFormat', (t) => t.replace('ProvConsttd="19.23"', 'ProvConsttd="19,23"')],
  ['documentDigits', (t) => t.replace('Cd="52998224725"', 'Cd="52998224724"')],
  ['contactFormat', (t) => t.replace('EmailResp="ana@credito.example"', 'EmailResp="ana"')],
  ['codeDomain', (t) => t.replace('TpArq="F"', 'TpArq="X"')],
  ['ratingRetired', (t) => t.replace('<Op ', '<Op ClassOp="A" ')],
  ['vencTotal', (t) => t],
  ['totalClients', (t) => t.replace('TotalCli="3"', 'TotalCli="4"')],
  ['threshold', (t) => t],
  ['uniqueOperation', (t) => t.replaceAll('CCB-2', 'CCB-1')],
  ['cession', (t) => t.replace(/<Inf [^>]*\/>/, '')],
  ['guarantee', (t) => t.replace('PercGar="100.00"', 'PercGar="120.00"')],
  ['guaranteePersonal', (t) => t.replace(/<Gar Tp="0902" Ident="22222222" PercGar="100.00"\/>/, '<Gar Tp="0902" Ident="22222222"/>')],
  ['guaranteeReal', (t) => t.replace(' VlrOrig="5000.00"', ' VlrOrig="0.00"')],
  ['guaranteeRevaluation', (t) => t.replace(' DtReav="2026-01-31"', '')],
  ['stage', (t) => t.replace('DiaAtraso="45"', 'DiaAtraso="95"')],
  ['dates', (t) => t.replace('DtVencOp="2026-12-10"', 'DtVencOp="2025-01-10"')],
];

describe('each rule refuses its failing case', () => {
  it('covers every declared rule', () => {
    expect(BREAKS.map(([r]) => r).sort()).toEqual(Object.keys(DOC3040_RULES).sort());
  });

  it.each(BREAKS.filter(([rule]) => rule !== 'vencTotal' && rule !== 'threshold'))('%s', async (rule, breakIt) => {
    const failures = checkDocument(parseXml(breakIt(await built())));
    expect(failures.map((f) => f.rule)).toContain(rule);
    expect(new Set(failures.map((f) => f.rule))).toEqual(new Set([rule]));
  });

  it('vencTotal: the buckets of an operation must add up to its balance', () => {
    const client = { ...CLIENTS[0], operations: [{ ...CLIENTS[0].operations[0], balance: '1000.00' }] };
    const root = parseXml(`<Doc3040 DtBase="2026-03" CNPJ="12345678" Remessa="1" Parte="1" TpArq="F" NomeResp="A" EmailResp="a@b.example" TelResp="1133334444" TotalCli="1"/>`);
    root.children.push(clientElement(HEADER.cnpj, client));
    const failures = checkDocument(root);
    expect(failures).toEqual([{ rule: 'vencTotal', client: '52998224725', operation: 'CCB-1', element: 'Venc', attribute: null, value: '1012.34 ≠ 1000.00' }]);
  });

  it('vencTotal: written-off buckets (v310–v330) add up to the amount written off, the others to the balance', () => {
    const op = CLIENTS[0].operations[0];
    const check = (writtenOff: string, v310: string) => {
      const client = { ...CLIENTS[0], operations: [{ ...op, writtenOff, venc: { ...op.venc, v310: new Decimal(v310) } }] };
      const root = parseXml(`<Doc3040 DtBase="2026-03" CNPJ="12345678" Remessa="1" Parte="1" TpArq="F" NomeResp="A" EmailResp="a@b.example" TelResp="1133334444" TotalCli="1"/>`);
      root.children.push(clientElement(HEADER.cnpj, client));
      return checkDocument(root);
    };
    expect(check('300.00', '300.00')).toEqual([]);
    expect(check('250.00', '300.00')).toEqual([{ rule: 'vencTotal', client: '52998224725', operation: 'CCB-1', element: 'Venc', attribute: null, value: '300.00 ≠ 250.00' }]);
    // Written off, never declared on the operation: the buckets do not agree with the close.
    expect(check('0', '300.00').map((f) => f.rule)).toEqual(['vencTotal']);
  });

  it('threshold: a client under R$ 200 reported one by one', async () => {
    const failures = checkDocument(parseXml(await built([...CLIENTS, SMALL], [])));
    expect(failures.map((f) => f.rule)).toEqual(['threshold']);
    expect(failures[0]).toMatchObject({ rule: 'threshold', client: '39053344705', value: '150.00' });
  });

  it('every rule names its source', () => {
    for (const rule of Object.values(DOC3040_RULES)) expect(rule.source.length).toBeGreaterThan(20);
  });
});

describe('the contract and the checks name the same rules', () => {
  it('DOC3040_RULE_IDS (contract) = DOC3040_RULES (domain), and each has its words in both languages', async () => {
    const { DOC3040_RULE_IDS } = await import('../../../../src/shared/contract/regulatory-3040');
    const { scr3040: pt } = await import('../../../../src/shared/i18n/pt-BR/scr3040');
    const { scr3040: en } = await import('../../../../src/shared/i18n/en/scr3040');
    expect([...DOC3040_RULE_IDS].sort()).toEqual(Object.keys(DOC3040_RULES).sort());
    expect(Object.keys(pt.rules).sort()).toEqual(Object.keys(DOC3040_RULES).sort());
    expect(Object.keys(en.rules).sort()).toEqual(Object.keys(DOC3040_RULES).sort());
  });
});
