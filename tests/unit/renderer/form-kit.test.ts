/**
 * The form kit's pure parts: validation messages in both languages (zod issues
 * from the contract's own schemas → text naming the field by its label), the
 * server's `{ message, field }` → the right field or a labelled message, the
 * percentage and money parsers, and when leaving a form must be confirmed.
 */
import { describe, expect, it } from 'vitest';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { contract } from '../../../src/shared/contract';
import { decimalToMoneyInput, formatPercentage, formatRate, moneyInputToDecimal, parsePercentage, percentageInputText } from '../../../src/shared/format';
import { translate } from '../../../src/shared/i18n';
import type { Locale } from '../../../src/shared/bridge';
import { issueText, placeServerMessage, splitFieldPrefix, type Translate } from '../../../src/renderer/src/components/form/messages';
import { localizedResolver } from '../../../src/renderer/src/components/form/resolver';
import { afterLeaveAnswer, shouldConfirmLeave } from '../../../src/renderer/src/components/form/unsaved';

const tFor =
  (locale: Locale): Translate =>
  (key, vars = {}) =>
    translate(locale, key, vars as Record<string, string | number>);
const pt = tFor('pt-BR');
const en = tFor('en');

/** What zod itself would say in English, and the contract's Portuguese wording: neither may reach an English screen. */
const ZOD_ENGLISH = /Too (big|small)|expected|Invalid input|Required/;

const USER_LABELS = {
  pt: { name: 'Nome', email: 'E-mail', role_id: 'Perfil' },
  en: { name: 'Name', email: 'E-mail', role_id: 'Role' },
};

async function messages(schema: z.ZodType<unknown, FieldValues>, values: FieldValues, labels: Record<string, string>, t: Translate) {
  const resolve = localizedResolver(schema, labels, t);
  const options: ResolverOptions<FieldValues> = { fields: {}, shouldUseNativeValidation: false };
  const result = await resolve(values, undefined, options);
  return Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, (v as { message?: string }).message]));
}

describe('validation messages from the contract schemas', () => {
  const userSchema = contract['users.createAdmin'].args as unknown as z.ZodType<unknown, FieldValues>;
  const bad = { name: 'Al', email: `${'a'.repeat(300)}@x.com`, role_id: 99, active: true, two_factor: false };

  it('are Portuguese in pt-BR, naming each field by its label (never zod English, never the internal name)', async () => {
    const m = await messages(userSchema, bad, USER_LABELS.pt, pt);
    expect(m.name).toBe('Nome: use ao menos 3 caracteres.');
    expect(m.email).toBe('E-mail: use no máximo 254 caracteres.');
    expect(m.role_id).toBe('Perfil: perfil inválido.');
    for (const text of Object.values(m)) {
      expect(text).not.toMatch(ZOD_ENGLISH);
      expect(text).not.toMatch(/role_id/);
    }
  });

  it('are English in en, including the contract refinements written in Portuguese', async () => {
    const m = await messages(userSchema, { ...bad, email: 'not-an-email' }, USER_LABELS.en, en);
    expect(m).toEqual({
      name: 'Name: use at least 3 characters.',
      email: 'E-mail: enter a valid e-mail address.',
      role_id: 'Role: invalid role.',
    });
  });

  it('say an empty required field must be filled, in both languages', async () => {
    const login = contract['session.login'].args as unknown as z.ZodType<unknown, FieldValues>;
    expect(await messages(login, { email: 'a@b.co', password: '' }, { password: 'Senha' }, pt)).toEqual({ password: 'Senha: preencha este campo.' });
    expect(await messages(login, { email: 'a@b.co', password: '' }, { password: 'Password' }, en)).toEqual({ password: 'Password: fill in this field.' });
  });

  it('word the situation percentage and the project title in the language shown', async () => {
    const situation = contract['situations.create'].args as unknown as z.ZodType<unknown, FieldValues>;
    expect(await messages(situation, { label: 'Ok ok', percentage: '1e2' }, { percentage: 'Percentage' }, en)).toEqual({
      percentage: 'Percentage: enter a number from 0 to 100 with at most 2 decimals (e.g. 12.5).',
    });
    const project = contract['projects.create'].args as unknown as z.ZodType<unknown, FieldValues>;
    expect(await messages(project, { title: '  ' }, { title: 'Título' }, pt)).toEqual({ title: 'Título: preencha este campo.' });
  });

  it('without a label (the global map) still use the catalogue', () => {
    expect(issueText({ code: 'too_big', origin: 'string', maximum: 254 }, en)).toBe('Use at most 254 characters.');
    expect(issueText({ code: 'too_small', origin: 'number', minimum: 0, inclusive: true }, pt)).toBe('O valor mínimo é 0.');
    expect(issueText({ code: 'custom', message: 'as senhas não conferem' }, pt, 'Confirmação')).toBe('Confirmação: as senhas não conferem.');
  });
});

describe('server errors', () => {
  const labels = { code: 'Código', label: 'Descrição' };

  it('go on their field without the internal name', () => {
    expect(placeServerMessage('Campo code: o código tem 6 dígitos', 'code', labels, pt)).toEqual({ field: 'code', text: 'O código tem 6 dígitos.' });
    expect(placeServerMessage('Já existe um item com este rótulo neste catálogo.', 'label', labels, pt)).toEqual({
      field: 'label',
      text: 'Já existe um item com este rótulo neste catálogo.',
    });
  });

  it('name the field by its label when it cannot go on the field, and drop names the form does not know', () => {
    expect(placeServerMessage('Campo code: o código tem 6 dígitos', 'code', labels, pt, [])).toEqual({ text: 'Código: o código tem 6 dígitos.' });
    expect(placeServerMessage('Campo oldPassword: informe a senha atual', 'oldPassword', labels, pt).text).toBe('Informe a senha atual.');
    expect(placeServerMessage('serverUrl: endereço recusado', 'serverUrl', { serverUrl: 'Server address' }, en, []).text).toBe('Server address: endereço recusado.');
    expect(placeServerMessage('Dados inválidos: serverUrl: Invalid URL', 'serverUrl', { serverUrl: 'Endereço do servidor' }, pt, []).text).toBe(
      'Dados inválidos: Endereço do servidor: Invalid URL',
    );
  });

  it('leave ordinary sentences alone', () => {
    expect(splitFieldPrefix('E-mail ou senha incorretos.')).toEqual({ text: 'E-mail ou senha incorretos.' });
    expect(splitFieldPrefix('Atenção: tente novamente')).toEqual({ text: 'Atenção: tente novamente' });
    expect(placeServerMessage('Servidor indisponível.', undefined, labels, pt)).toEqual({ text: 'Servidor indisponível.' });
  });
});

describe('percentage', () => {
  it.each([
    ['12,35', 12.35],
    ['12.35', 12.35],
    ['0', 0],
    ['100', 100],
    ['37,5', 37.5],
    [' 7 ', 7],
    [45.5, 45.5],
  ])('reads %j as %j', (input, value) => expect(parsePercentage(input)).toBe(value));

  it.each(['1e2', '12,345', '1.000', '100,01', '101', '-1', '', ',5', '5,', 'abc', '0x10', 1e21, Number.NaN])('refuses %j', (input) => {
    expect(parsePercentage(input)).toBeNull();
  });

  it("shows pt-BR text with two decimals (a rate as '39,20%', never '39,2%') and edits as typed", () => {
    expect(formatPercentage(12.35)).toBe('12,35%');
    expect(formatPercentage(100)).toBe('100,00%');
    expect(formatPercentage(null)).toBe('');
    expect(formatPercentage('39.2')).toBe('39,20%');
    expect(formatRate('39.2')).toBe('39,20%');
    expect(formatRate('0.008200')).toBe('0,0082%');
    expect(percentageInputText(37.5)).toBe('37,5');
    expect(parsePercentage(percentageInputText(12.35))).toBe(12.35);
  });
});

describe('money field', () => {
  it.each([
    ['1.234,56', '1234.56'],
    ['1234,5', '1234.50'],
    ['10', '10.00'],
    ['R$ 0,99', '0.99'],
    ['007', '7.00'],
    ['99.999.999.999,99', '99999999999.99'],
  ])('reads %j as the wire decimal %j (by text, no float)', (typed, wire) => expect(moneyInputToDecimal(typed)).toBe(wire));

  it.each(['', '1,234', '12.34', '1e3', '1,2,3', '-5'])('refuses %j', (typed) => expect(moneyInputToDecimal(typed)).toBeNull());

  it('shows a wire decimal as pt-BR text', () => {
    expect(decimalToMoneyInput('1234.5')).toBe('1.234,50');
    expect(decimalToMoneyInput('0.1')).toBe('0,10');
    expect(decimalToMoneyInput('99999999999.99')).toBe('99.999.999.999,99');
    expect(decimalToMoneyInput('x')).toBe('');
  });
});

describe('leaving a form', () => {
  const here = { pathname: '/app/users/5' };
  const menu = { pathname: '/app/projects' };
  const edited = { dirty: true, saved: false, readOnly: false };

  it('asks only when something unsaved would be lost by going to another screen', () => {
    expect(shouldConfirmLeave(edited, here, menu)).toBe(true);
    expect(shouldConfirmLeave({ ...edited, dirty: false }, here, menu)).toBe(false);
    expect(shouldConfirmLeave({ ...edited, saved: true }, here, menu)).toBe(false);
    expect(shouldConfirmLeave({ ...edited, readOnly: true }, here, menu)).toBe(false);
    expect(shouldConfirmLeave(edited, here, { pathname: '/app/users/5' })).toBe(false);
  });

  it('leaving discards, staying keeps the edit', () => {
    expect(afterLeaveAnswer('leave')).toBe('proceed');
    expect(afterLeaveAnswer('stay')).toBe('reset');
  });
});
