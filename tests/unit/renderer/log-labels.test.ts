/**
 * The logs screens show words, not the server's codes: every action, record
 * kind and snapshot field the server can write has a pt-BR and an English
 * label, and the server's sources write no action code outside the shared list.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, ACTIVITY_ENTITIES, ACTIVITY_FIELDS, activityKey } from '../../../src/shared/activity';
import { resources } from '../../../src/shared/i18n';
import { actionLabel, entityLabel, fieldLabel, recordText, valueText } from '../../../src/renderer/src/screens/logs/labels';

type Tree = { readonly [key: string]: string | Tree };
const section = (locale: 'pt-BR' | 'en', name: 'actions' | 'entities' | 'fields') =>
  (resources[locale].translation.logs as unknown as Tree)[name] as Tree;

async function translator(lng: 'pt-BR' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({ resources, lng, fallbackLng: 'pt-BR', interpolation: { escapeValue: false } });
  return instance.t;
}

function serverSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverSources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('activity codes have labels in both languages', () => {
  for (const locale of ['pt-BR', 'en'] as const) {
    it(`every action code has a ${locale} label`, () => {
      const labels = section(locale, 'actions');
      const missing = ACTIVITY_ACTIONS.filter((code) => typeof labels[activityKey(code)] !== 'string');
      expect(missing).toEqual([]);
    });
    it(`every record kind and snapshot field has a ${locale} label`, () => {
      const entities = section(locale, 'entities');
      const fields = section(locale, 'fields');
      expect(ACTIVITY_ENTITIES.filter((k) => typeof entities[activityKey(k)] !== 'string')).toEqual([]);
      expect(ACTIVITY_FIELDS.filter((f) => typeof fields[activityKey(f)] !== 'string')).toEqual([]);
    });
  }

  it('two codes never share one i18n key (dots and dashes both become _)', () => {
    const keys = ACTIVITY_ACTIONS.map(activityKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('every literal action the server writes is in the shared list', () => {
    const written = new Set<string>();
    for (const file of serverSources(join(__dirname, '../../../src/server'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/action:\s*'([a-z][\w.-]*)'/g)) written.add(m[1]);
      for (const m of text.matchAll(/replacePassword\([^)]*'([a-z][\w.-]*)'\)/g)) written.add(m[1]);
    }
    // The scan must find the codes at all, or it would prove nothing.
    expect(written.has('session.login')).toBe(true);
    expect(written.has('user.password.change')).toBe(true);
    const known: readonly string[] = ACTIVITY_ACTIONS;
    expect([...written].filter((code) => !known.includes(code))).toEqual([]);
  });
});

describe('log labels as the screens show them', () => {
  it('translates actions, record kinds and fields in pt-BR and English', async () => {
    const pt = await translator('pt-BR');
    const en = await translator('en');
    expect(actionLabel(pt, 'session.login')).toBe('Entrada no sistema');
    expect(actionLabel(en, 'session.login')).toBe('Signed in');
    expect(actionLabel(pt, 'how-did-find.deactivate')).toBe('Opção "como conheceu" desativada');
    expect(entityLabel(pt, 'lgpd_request')).toBe('Pedido LGPD');
    expect(entityLabel(en, 'lgpd_request')).toBe('LGPD request');
    expect(fieldLabel(pt, 'force_senha')).toBe('Troca de senha obrigatória');
    expect(fieldLabel(en, 'force_senha')).toBe('Password change required');
    expect(recordText(pt, 'user', 12)).toBe('Usuário 12');
    expect(recordText(pt, 'system', null)).toBe('Sistema');
  });

  it('shows a code this version does not know as written, instead of a key path', async () => {
    const pt = await translator('pt-BR');
    expect(actionLabel(pt, 'invoice.paid')).toBe('invoice.paid');
    expect(entityLabel(pt, 'invoice')).toBe('invoice');
    expect(fieldLabel(pt, 'due_date')).toBe('due_date');
  });

  it('writes values as words: null, booleans, roles, absent', async () => {
    const pt = await translator('pt-BR');
    const en = await translator('en');
    expect(valueText(pt, null)).toBe('(vazio)');
    expect(valueText(en, null)).toBe('(empty)');
    expect(valueText(pt, true)).toBe('Sim');
    expect(valueText(en, false)).toBe('No');
    expect(valueText(pt, undefined)).toBe('—');
    expect(valueText(pt, 5, 'role_id')).toBe('Operador');
    expect(valueText(pt, 5, 'id')).toBe('5');
    expect(valueText(pt, 'aberto')).toBe('aberto');
  });

  it('shows an instant in the local time of the workstation', async () => {
    const pt = await translator('pt-BR');
    const instant = '2026-03-10T23:35:00.000Z';
    const d = new Date(instant);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
    expect(valueText(pt, instant)).toBe(local);
  });
});
