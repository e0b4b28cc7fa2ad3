/**
 * The bureau provider's pieces that need no database: the sandbox answers a
 * document the same way every time with well-formed sections (amounts as
 * decimal strings, calendar dates, totals that add up), its test documents
 * fail as documented, and the deadline turns a silent provider into a
 * timeout and tells it to stop.
 */
import { describe, expect, it } from 'vitest';
import { bureauResultSchema } from '../../../src/shared/contract/bureau';
import { completeCnpj, completeCpf } from '../../../src/shared/documents';
import { BureauProviderError, bureauProviderFromSettings, lookupWithDeadline, type BureauProvider } from '../../../src/server/areas/bureau/provider';
import { createSandboxProvider, SANDBOX_SLOW_CPF, SANDBOX_UNAVAILABLE_CPF, sandboxReport } from '../../../src/server/areas/bureau/sandbox';

const cents = (amount: string) => BigInt(amount.replace('.', ''));

describe('sandbox provider', () => {
  it('answers the same document the same way, schema-valid, with totals that add up', () => {
    for (let i = 0; i < 200; i++) {
      const document = i % 4 === 0 ? completeCnpj(String(10_000_000 + i * 7919).padStart(8, '0') + '0001') : completeCpf(String(100_000_000 + i * 104_729).slice(0, 9));
      const a = sandboxReport(document);
      expect(sandboxReport(document)).toEqual(a);
      expect(bureauResultSchema.safeParse(a).success).toBe(true);
      expect(a.documentType).toBe(document.length === 14 ? 'CNPJ' : 'CPF');
      expect(a.totals.negativeRecords).toBe(
        (() => {
          const total = a.negativeRecords.reduce((sum, n) => sum + cents(n.amount), 0n).toString().padStart(3, '0');
          return `${total.slice(0, -2)}.${total.slice(-2)}`;
        })(),
      );
      for (const d of [...a.negativeRecords, ...a.protests, ...a.inquiries, ...a.returnedCheques].map((r) => r.date)) {
        expect(d).toMatch(/^20\d{2}-\d{2}-\d{2}$/);
      }
      if (a.score >= 850) expect(a.negativeRecords).toEqual([]);
    }
  });

  it('uses the expected name when given one', () => {
    expect(sandboxReport(completeCpf('123456789'), 'Maria Teste').name).toBe('Maria Teste');
  });

  it('its test documents fail: one as unreachable, one by never answering', async () => {
    const provider = createSandboxProvider();
    await expect(lookupWithDeadline(provider, { document: SANDBOX_UNAVAILABLE_CPF.replace(/\D/g, ''), model: null }, 1000)).rejects.toMatchObject({ reason: 'unavailable' });
    await expect(lookupWithDeadline(provider, { document: SANDBOX_SLOW_CPF.replace(/\D/g, ''), model: null }, 50)).rejects.toMatchObject({ reason: 'timeout' });
  });
});

describe('deadline', () => {
  it('aborts a silent provider and wraps unexpected failures', async () => {
    let aborted = false;
    const silent: BureauProvider = {
      name: 'silent',
      lookup: (_q, signal) =>
        new Promise(() => {
          signal.addEventListener('abort', () => (aborted = true));
        }),
    };
    await expect(lookupWithDeadline(silent, { document: '1', model: null }, 30)).rejects.toBeInstanceOf(BureauProviderError);
    expect(aborted).toBe(true);
    // A provider whose own rejection on abort would otherwise win the race: still a timeout.
    const abortable: BureauProvider = {
      name: 'abortable',
      lookup: (_q, signal) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => reject(new Error('The operation was aborted')));
        }),
    };
    await expect(lookupWithDeadline(abortable, { document: '1', model: null }, 30)).rejects.toMatchObject({ reason: 'timeout' });
    const broken: BureauProvider = { name: 'broken', lookup: () => Promise.reject(new TypeError('bad answer')) };
    await expect(lookupWithDeadline(broken, { document: '1', model: null }, 1000)).rejects.toMatchObject({ reason: 'unavailable', message: 'bad answer' });
  });

  it('knows only the sandbox provider', () => {
    expect(bureauProviderFromSettings(undefined).name).toBe('sandbox');
    expect(() => bureauProviderFromSettings('serasa')).toThrow(/sandbox/);
  });
});
