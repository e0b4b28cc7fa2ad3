import { describe, expect, it } from 'vitest';
import { randomSigningSecret, signFileName, verifyFileSignature } from '../../../src/server/domain/signed-url';

const SECRET = 'a-test-secret-of-enough-length-123';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const FILE = 'Abc_DEF-123456789012345';
const ISSUER = 7;

describe('signed file URLs', () => {
  const signed = signFileName(SECRET, FILE, ISSUER, NOW, 300);

  it('accepts its own signature before the expiry', () => {
    expect(signed.expires).toBe(String(NOW / 1000 + 300));
    expect(signed.expiresAt.toISOString()).toBe('2026-01-15T12:05:00.000Z');
    expect(verifyFileSignature(SECRET, FILE, ISSUER, signed.expires, signed.signature, NOW)).toBe('valid');
    expect(verifyFileSignature(SECRET, FILE, ISSUER, signed.expires, signed.signature, NOW + 299_000)).toBe('valid');
  });

  it('refuses it once expired', () => {
    expect(verifyFileSignature(SECRET, FILE, ISSUER, signed.expires, signed.signature, NOW + 300_000)).toBe('expired');
    expect(verifyFileSignature(SECRET, FILE, ISSUER, signed.expires, signed.signature, NOW + 86_400_000)).toBe('expired');
  });

  it('refuses an altered file name', () => {
    expect(verifyFileSignature(SECRET, `${FILE}x`, ISSUER, signed.expires, signed.signature, NOW)).toBe('invalid');
    expect(verifyFileSignature(SECRET, FILE.toLowerCase(), ISSUER, signed.expires, signed.signature, NOW)).toBe('invalid');
  });

  it('refuses an altered expiry (a later one too)', () => {
    expect(verifyFileSignature(SECRET, FILE, ISSUER, String(Number(signed.expires) + 3600), signed.signature, NOW)).toBe('invalid');
    expect(verifyFileSignature(SECRET, FILE, ISSUER, `0${signed.expires}`, signed.signature, NOW)).toBe('invalid');
    expect(verifyFileSignature(SECRET, FILE, ISSUER, '1e12', signed.signature, NOW)).toBe('invalid');
  });

  it('refuses an altered or foreign signature', () => {
    const flipped = (signed.signature[0] === 'A' ? 'B' : 'A') + signed.signature.slice(1);
    expect(verifyFileSignature(SECRET, FILE, ISSUER, signed.expires, flipped, NOW)).toBe('invalid');
    expect(verifyFileSignature(SECRET, FILE, ISSUER, signed.expires, signed.signature.slice(1), NOW)).toBe('invalid');
    expect(verifyFileSignature(SECRET, FILE, ISSUER, signed.expires, '', NOW)).toBe('invalid');
    expect(verifyFileSignature('another-secret-entirely-0000000', FILE, ISSUER, signed.expires, signed.signature, NOW)).toBe('invalid');
  });

  it("refuses another issuer's id with the signature (the issuer is signed)", () => {
    expect(verifyFileSignature(SECRET, FILE, ISSUER + 1, signed.expires, signed.signature, NOW)).toBe('invalid');
    expect(verifyFileSignature(SECRET, FILE, Number.NaN, signed.expires, signed.signature, NOW)).toBe('invalid');
    const other = signFileName(SECRET, FILE, 71, NOW, 300);
    expect(other.signature).not.toBe(signFileName(SECRET, FILE, 7, NOW, 300).signature);
  });

  it('draws a different secret per start', () => {
    expect(randomSigningSecret()).not.toBe(randomSigningSecret());
    expect(randomSigningSecret().length).toBeGreaterThanOrEqual(43);
  });
});
