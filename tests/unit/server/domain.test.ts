/** The server's pure rules: password hashing, secrets, codes, masking, patterns, file sniffing, CPF of the seed. */
import { describe, expect, it } from 'vitest';
import { hashPassword, unusablePasswordHash, verifyPassword } from '../../../src/server/domain/password';
import {
  generateNumericCode,
  generateRecoveryCode,
  generateToken,
  hashToken,
  normaliseRecoveryCode,
  RECOVERY_ALPHABET,
} from '../../../src/server/domain/tokens';
import { generateTemporaryPassword } from '../../../src/server/domain/temporary-password';
import { maskEmail } from '../../../src/server/domain/mask';
import { containsPattern } from '../../../src/server/domain/like';
import { sniffFileType } from '../../../src/server/domain/file-type';
import { cpfFromBase } from '../../../src/server/db/seed';
import { passwordSchema } from '../../../src/shared/contract/index';

const FAST = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('Senha123', FAST);
    expect(await verifyPassword('Senha123', hash)).toBe(true);
    expect(await verifyPassword('senha123', hash)).toBe(false);
  });

  it('stores its parameters and a fresh salt in the string', async () => {
    const a = await hashPassword('Senha123', FAST);
    const b = await hashPassword('Senha123', FAST);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Senha123');
  });

  it('uses strong defaults', async () => {
    const hash = await hashPassword('Senha123');
    expect(hash.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('Senha123', hash)).toBe(true);
  });

  it('never matches malformed or disabled hashes', async () => {
    for (const stored of ['', 'plain', 'scrypt$x$8$1$aa$bb', 'scrypt$1024$8$1$aa$', unusablePasswordHash(), 'scrypt$99999999$8$1$aa$bb']) {
      expect(await verifyPassword('Senha123', stored)).toBe(false);
    }
  });
});

describe('secrets and codes', () => {
  it('tokens are long, URL-safe and distinct; only their sha-256 is stored', () => {
    const a = generateToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateToken()).not.toBe(a);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('two-factor codes are 6 digits, leading zeros kept', () => {
    const codes = Array.from({ length: 300 }, () => generateNumericCode());
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(290);
  });

  it('recovery codes use an alphabet without look-alikes and tolerate how people type them', () => {
    const code = generateRecoveryCode();
    expect(code).toHaveLength(8);
    for (const ch of code) expect(RECOVERY_ALPHABET).toContain(ch);
    expect(RECOVERY_ALPHABET).not.toMatch(/[01OIL]/);
    expect(normaliseRecoveryCode(' abcd-2345 ')).toBe('ABCD2345');
  });

  it('temporary passwords satisfy the contract password rule', () => {
    for (let i = 0; i < 200; i++) {
      const p = generateTemporaryPassword();
      expect(p).toHaveLength(10);
      expect(passwordSchema.safeParse(p).success).toBe(true);
      expect(p).not.toMatch(/[01OIlo]/);
    }
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('ana.souza@empresa.com.br')).toBe('a********@empresa.com.br');
    expect(maskEmail('jo@x.com')).toBe('j***@x.com');
    expect(maskEmail('sem-arroba')).toBe('***');
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards so they match literally', () => {
    expect(containsPattern('ana')).toBe('%ana%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('sniffFileType', () => {
  it('recognises png, jpeg, webp and pdf by their first bytes', () => {
    expect(sniffFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffFileType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffFileType(new TextEncoder().encode('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(sniffFileType(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffFileType(new TextEncoder().encode('<svg/>'))).toBeNull();
    expect(sniffFileType(new Uint8Array([]))).toBeNull();
  });
});

describe('seed CPFs', () => {
  it('computes valid check digits (published example 111.444.777-35)', () => {
    expect(cpfFromBase(111444777)).toBe('111.444.777-35');
    expect(cpfFromBase(123456789)).toBe('123.456.789-09');
  });
});
