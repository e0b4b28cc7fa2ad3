/**
 * The sandbox negativação provider answers from its input alone (no clock): the notice on the business day after the
 * debt is received, the inclusion ten calendar days after the notice, the same protocol for the same debt and day,
 * removals refused for its test debtor; and the address check names what the bureau's notice lacks.
 */
import { describe, expect, it } from 'vitest';
import { negativationProviderFromSettings, NegativationProviderError, SANDBOX_REMOVAL_FAILS_CPF } from '../../../../src/server/areas/negativation';
import { missingAddressFields, missingAddressKeys } from '../../../../src/server/areas/negativation/reads';

const submission = (document: string, date = '2026-04-02') => ({
  document,
  name: 'Ana',
  address: { cep: '01310-100', street: 'Av. Paulista', number: '1', complement: null, city: 'São Paulo', state: 'SP' },
  reference: 'parcela-1',
  amount: '100.00',
  dueDate: '2026-01-05',
  date,
});

describe('sandbox negativação provider', () => {
  it('notifies on the next business day (Good Friday skipped) and includes ten days after the notice', async () => {
    const p = negativationProviderFromSettings('sandbox');
    expect(await p.standing('x', '2026-04-02', '2026-04-02')).toEqual({ notifiedOn: null, activeOn: null });
    expect(await p.standing('x', '2026-04-02', '2026-04-06')).toEqual({ notifiedOn: '2026-04-06', activeOn: null });
    expect(await p.standing('x', '2026-04-02', '2026-04-16')).toEqual({ notifiedOn: '2026-04-06', activeOn: '2026-04-16' });
  });

  it('answers the same protocol for the same debt and day, and refuses its test debtor’s removal', async () => {
    const p = negativationProviderFromSettings('sandbox');
    const a = await p.submit(submission('52998224725'));
    expect(await p.submit(submission('52998224725'))).toEqual(a);
    expect((await p.submit(submission('52998224725', '2026-04-03'))).protocol).not.toBe(a.protocol);
    await expect(p.remove(a.protocol, '2026-04-10')).resolves.toBeUndefined();
    const failing = await p.submit({ ...submission(SANDBOX_REMOVAL_FAILS_CPF), reference: 'parcela-2' });
    await expect(p.remove(failing.protocol, '2026-04-10')).rejects.toBeInstanceOf(NegativationProviderError);
  });

  it('knows only the sandbox', () => {
    expect(() => negativationProviderFromSettings('serasa')).toThrow('NEGATIVATION_PROVIDER "serasa" não existe');
  });
});

describe('the address the bureau’s notice needs', () => {
  it('lists each missing part by its key (the screens word it), or nothing when complete', () => {
    expect(missingAddressKeys({ cep: '01310-100', address: 'Av. Paulista', city: 'São Paulo', state: 'SP' })).toEqual([]);
    expect(missingAddressKeys({ cep: ' ', address: null, city: 'Recife', state: '' })).toEqual(['cep', 'address', 'state']);
  });

  it('names them in the refusal’s words, in the same order', () => {
    expect(missingAddressFields({ cep: ' ', address: null, city: 'Recife', state: '' })).toEqual(['CEP', 'logradouro', 'UF']);
  });
});
