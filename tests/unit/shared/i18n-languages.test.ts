/**
 * Both catalogues hold the same keys (a key missing in either language fails here, not on a screen), with the same
 * placeholders, and the English catalogue speaks no Portuguese: no Portuguese word outside the few proper names and
 * legal or banking terms an English reader meets as they are.
 */
import { describe, expect, it } from 'vitest';
import { resources } from '../../../src/shared/i18n';
import { portugueseWords } from '../../helpers/portuguese';
import { ALL_ROLE_IDS, ROLE_LABELS_PT } from '../../../src/shared/roles';
import { MESSAGES } from '../../../src/server/platform/http/errors';
import { failureFromResponse } from '../../../src/main/services/http';
import { resolveCall } from '../../../src/main/services/dispatcher';

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const pt = leaves(resources['pt-BR'].translation as Tree);
const en = leaves(resources.en.translation as Tree);
/** Texts that name a Brazilian document's field by its own name, beside the English. */
const NAMED_AS_IN_BRAZIL = new Set(['servicing.title.document_number']);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the two catalogues', () => {
  it('hold the same keys, each a text, with the same placeholders', () => {
    expect([...pt.keys()].filter((k) => !en.has(k)), 'keys missing in English').toEqual([]);
    expect([...en.keys()].filter((k) => !pt.has(k)), 'keys missing in Portuguese').toEqual([]);
    for (const [key, text] of pt) {
      expect(text.trim(), `pt-BR ${key}`).not.toBe('');
      expect(en.get(key)?.trim(), `en ${key}`).not.toBe('');
      expect(placeholders(en.get(key) ?? ''), `placeholders of ${key}`).toEqual(placeholders(text));
    }
  });

  it('give the English screens no Portuguese words', () => {
    const found = [...en].filter(([key]) => !NAMED_AS_IN_BRAZIL.has(key)).flatMap(([key, text]) => {
      const words = portugueseWords(text);
      return words.length ? [`${key}: ${words.join(', ')} («${text}»)`] : [];
    });
    expect(found).toEqual([]);
  });

  it('find the Portuguese words the English screens showed', () => {
    for (const text of ['Usuário', 'Você não tem permissão para esta ação.', 'Registro não encontrado.', 'E-mail ou senha inválidos', '0 disbursements in dezembro de 2026', 'Início', 'Todas as operações']) {
      expect(portugueseWords(text), text).not.toEqual([]);
    }
    for (const text of ['Users', 'Record not found.', 'LGPD request', '0 disbursements in December 2026', 'Boa Vista lookup', 'CNAB 240 return file']) {
      expect(portugueseWords(text), text).toEqual([]);
    }
  });
});

describe('texts that reached a screen in the other language', () => {
  it('name the roles in the screen\'s language (the spec\'s names in Portuguese)', () => {
    for (const id of ALL_ROLE_IDS) {
      expect(pt.get(`access.roles.${id}`)).toBe(ROLE_LABELS_PT[id]);
      expect(portugueseWords(en.get(`access.roles.${id}`) ?? '?'), `role ${id}`).toEqual([]);
    }
  });

  it('show the server\'s fixed answers in English on an English screen, and as they are in Portuguese', () => {
    const en403 = failureFromResponse(403, { message: MESSAGES.forbidden }, 'en');
    expect(en403.message).toBe('You are not allowed to do this.');
    expect(failureFromResponse(404, { message: MESSAGES.notFound }, 'en').message).toBe('Record not found.');
    expect(failureFromResponse(401, { message: MESSAGES.invalidCredentials }, 'en').message).toBe('Invalid e-mail or password');
    expect(failureFromResponse(403, { message: MESSAGES.forbidden }, 'pt-BR').message).toBe('Você não tem permissão para esta ação.');
    expect(MESSAGES.uploadMissing).not.toContain('Campo file');
    // An area's own "not found" says no more than its code: English on an English screen.
    expect(failureFromResponse(404, { message: 'Operação de crédito não encontrada.' }, 'en').message).toBe('Record not found.');
    expect(failureFromResponse(404, { message: 'Operação de crédito não encontrada.' }, 'pt-BR').message).toBe('Operação de crédito não encontrada.');
  });

  it('write a rejected argument\'s message in the screen\'s language', () => {
    const long = { page: 1, limit: 10, filter: { email: `${'a'.repeat(300)}@example.com` } };
    const ptFailure = resolveCall('users.admins', long, 'pt-BR');
    const enFailure = resolveCall('users.admins', long, 'en');
    expect('error' in ptFailure && ptFailure.message).toMatch(/^Dados inválidos: filter\.email: /);
    expect('error' in ptFailure && ptFailure.message).not.toMatch(/Too big/);
    expect('error' in enFailure && enFailure.message).toMatch(/Too big/);
  });
});
