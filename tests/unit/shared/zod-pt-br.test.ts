/**
 * zod's generic messages reach people in Brazilian Portuguese: the server's refusals (router) and the main process's
 * argument checks word them with ptBrZodMessage, never with zod's European `pt` ("Demasiado grande", "ficheiro").
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ptBrZodMessage } from '../../../src/shared/zod-pt-br';
import { zodMessages } from '../../../src/main/services/failure';
import { validationError } from '../../../src/server/platform/http/router';

const EUROPEAN = /Demasiado|ficheiro|registo|tuplo|começar por|terminar em|o URL|Entrada inválida/;

function messageOf(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value, { error: ptBrZodMessage });
  if (parsed.success) throw new Error('expected a refusal');
  return parsed.error.issues[0].message;
}

describe('zod in Brazilian Portuguese', () => {
  const samples: Array<[string, z.ZodType, unknown, string]> = [
    ['a long text', z.string().max(5), 'abcdefgh', 'Grande demais: o texto deve ter no máximo 5 caracteres'],
    ['a short text', z.string().min(3), 'a', 'Pequeno demais: o texto deve ter no mínimo 3 caracteres'],
    ['a big number', z.number().lt(10), 12, 'Grande demais: o número deve ser menos de 10'],
    ['a small number', z.number().min(1), 0, 'Pequeno demais: o número deve ser no mínimo 1'],
    ['a long list', z.array(z.number()).max(1), [1, 2], 'Grande demais: a lista deve ter no máximo 1 itens'],
    ['a wrong type', z.string(), 5, 'Valor inválido: esperava um texto, recebeu um número'],
    ['a missing object', z.object({ a: z.string() }), null, 'Valor inválido: esperava um objeto, recebeu um valor nulo'],
    ['an unknown option', z.enum(['a', 'b']), 'c', 'Opção inválida: use uma destas: "a", "b"'],
    ['one literal', z.literal('x'), 'y', 'Valor inválido: esperava "x"'],
    ['an e-mail', z.email(), 'nope', 'Formato inválido: confira o endereço de e-mail'],
    ['a URL', z.url(), 'nope', 'Formato inválido: confira a URL'],
    ['a prefix', z.string().startsWith('ab'), 'x', 'Texto inválido: deve começar com "ab"'],
    ['a multiple', z.number().multipleOf(5), 7, 'Número inválido: deve ser múltiplo de 5'],
    ['an extra key', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, 'Campo não permitido: b'],
  ];
  for (const [what, schema, value, expected] of samples) {
    it(`words ${what} as a Brazilian reads it`, () => {
      const message = messageOf(schema, value);
      expect(message).toBe(expected);
      expect(message).not.toMatch(EUROPEAN);
    });
  }

  it('leaves a message the contract sets itself as it is', () => {
    expect(messageOf(z.string().min(1, { message: 'informe o nome' }), '')).toBe('informe o nome');
  });

  it('is what the main process and the server answer with in Portuguese', () => {
    const schema = z.object({ filter: z.object({ email: z.string().max(10) }) });
    const main = schema.safeParse({ filter: { email: 'a'.repeat(20) } }, { error: zodMessages('pt-BR') });
    expect(main.success).toBe(false);
    expect(!main.success && main.error.issues[0].message).toBe('Grande demais: o texto deve ter no máximo 10 caracteres');
    const english = schema.safeParse({ filter: { email: 'a'.repeat(20) } }, { error: zodMessages('en') });
    expect(!english.success && english.error.issues[0].message).toMatch(/Too big/);
    if (!main.success) expect(validationError(main.error).message).toBe('Campo filter.email: Grande demais: o texto deve ter no máximo 10 caracteres');
  });
});
