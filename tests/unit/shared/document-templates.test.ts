/**
 * The placeholders each kind of company template may use (src/shared/contract/document-templates.ts and company.ts),
 * the one fill of every template, and the refusal of an unknown placeholder as the editor and the server say it.
 */
import { describe, expect, it } from 'vitest';
import {
  ANNUAL_ALIASES,
  CONFESSION_ALIASES,
  CONTRACT_ALIASES,
  DISCHARGE_ALIASES,
  DOCUMENT_TEMPLATE_KINDS,
  fillTemplate,
  PAYOFF_ALIASES,
  TEMPLATE_ALIASES,
  TEMPLATE_KINDS,
  templateFormSchema,
  templatePlaceholders,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from '../../../src/shared/contract/index';

describe('the placeholder lists', () => {
  it('every kind has its list, each name once, written as the fill reads it', () => {
    expect(TEMPLATE_KINDS).toEqual(['CCB', 'MPO', ...DOCUMENT_TEMPLATE_KINDS]);
    for (const kind of TEMPLATE_KINDS) {
      const names = TEMPLATE_ALIASES[kind].map((a) => a.alias);
      expect(new Set(names).size, kind).toBe(names.length);
      for (const name of names) expect(templatePlaceholders(`{{${name}}}`), name).toEqual([name]);
      for (const a of TEMPLATE_ALIASES[kind]) expect(a.description.length, a.alias).toBeGreaterThan(3);
    }
  });

  it('the contracts share theirs; each document has its own', () => {
    expect(TEMPLATE_ALIASES.CCB).toBe(CONTRACT_ALIASES);
    expect(TEMPLATE_ALIASES.MPO).toBe(CONTRACT_ALIASES);
    expect(TEMPLATE_ALIASES.confession).toBe(CONFESSION_ALIASES);
    expect(TEMPLATE_ALIASES.payoff).toBe(PAYOFF_ALIASES);
    expect(TEMPLATE_ALIASES.discharge).toBe(DISCHARGE_ALIASES);
    expect(TEMPLATE_ALIASES.annual).toBe(ANNUAL_ALIASES);
    const names = (list: readonly { alias: string }[]) => list.map((a) => a.alias);
    // Every letter knows the lender, the borrower and its day; only the payoff letter its validity; only the annual its year.
    for (const list of [PAYOFF_ALIASES, DISCHARGE_ALIASES, ANNUAL_ALIASES]) expect(names(list)).toEqual(expect.arrayContaining(['empresa.nome', 'empresa.cnpj', 'tomador.nome', 'tomador.documento', 'carta.data']));
    expect(names(PAYOFF_ALIASES)).toContain('carta.validade');
    expect(names(DISCHARGE_ALIASES)).not.toContain('carta.validade');
    expect(names(ANNUAL_ALIASES)).toContain('ano');
    expect(names(CONFESSION_ALIASES)).toEqual(expect.arrayContaining(['acordo.cronograma', 'acordo.dias_rompimento', 'encargos.multa', 'encargos.mora']));
    expect(names(CONFESSION_ALIASES)).not.toContain('tomador.nome');
  });
});

describe('fillTemplate', () => {
  it('puts each value in its place, spaces inside the braces allowed, and leaves an unknown name as written', () => {
    expect(fillTemplate('A {{tomador.nome}} e {{ ano }}; {{outro}}.', { 'tomador.nome': 'Ana', ano: '2025' })).toBe('A Ana e 2025; {{outro}}.');
    expect(fillTemplate('{{a}}{{a}}', { a: '$1 $& x' })).toBe('$1 $& x$1 $& x');
  });
});

describe('an unknown placeholder', () => {
  it('is named, with the ones the kind allows', () => {
    expect(unknownPlaceholders('{{acordo.numero}} {{tomador.nome}} {{x}}', CONFESSION_ALIASES)).toEqual(['tomador.nome', 'x']);
    const message = unknownPlaceholderMessage(['x'], ANNUAL_ALIASES);
    expect(message).toBe(`marcador desconhecido: {{x}}. Permitidos neste modelo: ${ANNUAL_ALIASES.map((a) => `{{${a.alias}}}`).join(', ')}`);
  });

  it("the editor's form refuses it on its field by the kind's list", () => {
    const body = 'Texto com pelo menos vinte caracteres: {{ano}}.';
    expect(templateFormSchema('annual').safeParse({ title: 'Declaração {{ano}}', body }).success).toBe(true);
    const wrongKind = templateFormSchema('payoff').safeParse({ title: 'Carta', body });
    expect(wrongKind.success).toBe(false);
    expect(wrongKind.error?.issues.map((i) => [i.path.join('.'), i.message.split('.')[0]])).toEqual([['body', 'marcador desconhecido: {{ano}}']]);
    const title = templateFormSchema('CCB').safeParse({ title: 'Cédula {{ano}}', body: 'Cédula nº {{contrato.numero}} de {{tomador.nome}}.' });
    expect(title.error?.issues.map((i) => i.path.join('.'))).toEqual(['title']);
  });
});
