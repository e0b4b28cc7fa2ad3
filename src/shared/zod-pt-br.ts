/**
 * zod's messages in Brazilian Portuguese. zod's own `pt` locale is European ("Demasiado grande", "ficheiro",
 * "registo", "tuplo", "começar por"); the server's refusals and the main process's argument checks word a schema's
 * problem with this map instead, so a person in Brazil reads it as written here. Messages a contract rule sets itself
 * (`{ message }`) are not touched: only zod's generic texts pass through here.
 */
import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const SIZABLE: Record<string, string> = { string: 'caracteres', file: 'bytes', array: 'itens', set: 'itens', map: 'entradas' };

const FORMATS: Record<string, string> = {
  regex: 'o texto',
  email: 'o endereço de e-mail',
  url: 'a URL',
  emoji: 'o emoji',
  uuid: 'o UUID',
  uuidv4: 'o UUIDv4',
  uuidv6: 'o UUIDv6',
  nanoid: 'o nanoid',
  guid: 'o GUID',
  cuid: 'o cuid',
  cuid2: 'o cuid2',
  ulid: 'o ULID',
  xid: 'o XID',
  ksuid: 'o KSUID',
  datetime: 'a data e hora ISO',
  date: 'a data (AAAA-MM-DD)',
  time: 'a hora ISO',
  duration: 'a duração ISO',
  ipv4: 'o endereço IPv4',
  ipv6: 'o endereço IPv6',
  mac: 'o endereço MAC',
  cidrv4: 'a faixa de endereços IPv4',
  cidrv6: 'a faixa de endereços IPv6',
  base64: 'o texto em base64',
  base64url: 'o texto em base64url',
  json_string: 'o texto JSON',
  e164: 'o número E.164',
  jwt: 'o JWT',
  template_literal: 'o texto',
};

/** A type as a Brazilian reader names it, with its article (definite, indefinite). */
const TYPES: Record<string, [string, string, string]> = {
  string: ['o', 'um', 'texto'],
  number: ['o', 'um', 'número'],
  int: ['o', 'um', 'número inteiro'],
  boolean: ['o', 'um', 'valor sim/não'],
  bigint: ['o', 'um', 'número inteiro grande'],
  symbol: ['o', 'um', 'símbolo'],
  undefined: ['o', 'um', 'valor vazio'],
  null: ['o', 'um', 'valor nulo'],
  never: ['o', 'um', 'valor não permitido'],
  void: ['o', 'um', 'valor vazio'],
  date: ['a', 'uma', 'data'],
  array: ['a', 'uma', 'lista'],
  object: ['o', 'um', 'objeto'],
  tuple: ['a', 'uma', 'lista de tamanho fixo'],
  record: ['o', 'um', 'registro'],
  map: ['o', 'um', 'mapa'],
  set: ['o', 'um', 'conjunto'],
  file: ['o', 'um', 'arquivo'],
  nonoptional: ['o', 'um', 'valor obrigatório'],
  nan: ['o', 'um', 'valor "NaN"'],
  function: ['a', 'uma', 'função'],
};

function named(type: string | undefined, article: 'definite' | 'indefinite'): string {
  const [definite, indefinite, name] = TYPES[type ?? ''] ?? ['o', 'um', `valor "${type ?? '?'}"`];
  return `${article === 'definite' ? definite : indefinite} ${name}`;
}

/** The type of a received value, as zod's util.parsedType names it. */
function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (input instanceof Date) return 'date';
  if (typeof input === 'number') return Number.isNaN(input) ? 'nan' : 'number';
  if (typeof input === 'object') return 'object';
  return typeof input;
}

const literal = (v: unknown) => (typeof v === 'string' ? `"${v}"` : typeof v === 'bigint' ? `${v}n` : String(v));

function size(issue: { origin?: string }, bound: string, limit: number | bigint, big: boolean): string {
  const unit = SIZABLE[issue.origin ?? ''];
  const head = big ? 'Grande demais' : 'Pequeno demais';
  const who = named(issue.origin, 'definite');
  return unit ? `${head}: ${who} deve ter ${bound} ${String(limit)} ${unit}` : `${head}: ${who} deve ser ${bound} ${String(limit)}`;
}

/** zod's localeError in Brazilian Portuguese (pass as `{ error }` to a parse, or to `z.config`). */
export function ptBrZodMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Valor inválido: esperava ${named(issue.expected, 'indefinite')}, recebeu ${named(received(issue.input), 'indefinite')}`;
    case 'invalid_value':
      if (issue.values.length === 1) return `Valor inválido: esperava ${literal(issue.values[0])}`;
      return `Opção inválida: use uma destas: ${issue.values.map(literal).join(', ')}`;
    case 'too_big':
      return size(issue, issue.inclusive ? 'no máximo' : 'menos de', issue.maximum, true);
    case 'too_small':
      return size(issue, issue.inclusive ? 'no mínimo' : 'mais de', issue.minimum, false);
    case 'invalid_format': {
      if (issue.format === 'starts_with') return `Texto inválido: deve começar com "${String(issue.prefix)}"`;
      if (issue.format === 'ends_with') return `Texto inválido: deve terminar com "${String(issue.suffix)}"`;
      if (issue.format === 'includes') return `Texto inválido: deve conter "${String(issue.includes)}"`;
      if (issue.format === 'regex') return 'Texto inválido: fora do formato aceito';
      const what = FORMATS[issue.format] ?? `o formato ${issue.format}`;
      return `Formato inválido: confira ${what}`;
    }
    case 'not_multiple_of':
      return `Número inválido: deve ser múltiplo de ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `${issue.keys.length > 1 ? 'Campos não permitidos' : 'Campo não permitido'}: ${issue.keys.join(', ')}`;
    case 'invalid_key':
    case 'invalid_element':
      return `Valor inválido em ${named(issue.origin, 'definite')}`;
    default:
      return 'Valor inválido';
  }
}
