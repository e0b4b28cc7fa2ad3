/**
 * What a PIX key looks like (Banco Central, "Manual de Padrões para Iniciação
 * do Pix" and the DICT key types): CPF or CNPJ digits, a +55 phone in E.164, a
 * random key (EVP, lower-case UUID) or an e-mail; at most 77 characters. Read
 * by the company form's validation and by the BR Code the boletos print, so a
 * key saved is a key a slip can carry.
 */
export const MAX_PIX_KEY = 77;

export const PIX_KEY_PATTERNS: readonly RegExp[] = [
  /^\d{11}$/, // CPF
  /^\d{14}$/, // CNPJ
  /^\+55\d{10,11}$/, // phone in E.164
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, // EVP (random key), lower case
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, // e-mail
];

export function isPixKey(key: string): boolean {
  return key.length <= MAX_PIX_KEY && PIX_KEY_PATTERNS.some((p) => p.test(key));
}
