import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/server/platform/http/errors';
import {
  lookupReceita,
  SANDBOX_RECEITA_SLOW_CPF,
  SANDBOX_RECEITA_UNAVAILABLE_CPF,
  SandboxReceitaProvider,
  type ReceitaProvider,
} from '../../../src/server/areas/intake/receita';

const sandbox = new SandboxReceitaProvider();

async function failure(provider: ReceitaProvider, timeoutMs = 1000): Promise<HttpError> {
  try {
    await lookupReceita(provider, 'CNPJ', '11222333000181', timeoutMs);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('the lookup did not fail');
}

describe('Receita Federal lookup', () => {
  it('the sandbox answers the same record for the same document, and differs between documents', async () => {
    const a = await lookupReceita(sandbox, 'CNPJ', '11222333000181');
    expect(a.registrationStatus).toMatch(/^(ATIVA|SUSPENSA|INAPTA|BAIXADA|NULA)$/);
    expect(await lookupReceita(sandbox, 'CNPJ', '11222333000181')).toEqual(a);
    expect(a.name).toMatch(/LTDA$/);
    expect(a.openingDate).toMatch(/^(19|20)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])$/);
    expect(a.cnae?.code).toMatch(/^\d{4}-\d\/\d{2}$/);
    const many = await Promise.all(['11222333000181', '11444777000161', '12ABC34501DE35', '00000000000191'].map((d) => lookupReceita(sandbox, 'CNPJ', d)));
    expect(new Set(many.map((r) => `${r.name}|${r.openingDate}`)).size).toBeGreaterThan(1);
    const person = await lookupReceita(sandbox, 'CPF', '52998224725');
    expect(person.cnae).toBeNull();
    expect(['REGULAR', 'PENDENTE DE REGULARIZAÇÃO', 'SUSPENSA', 'CANCELADA']).toContain(person.registrationStatus);
  });

  it('a provider error is a 502 in Portuguese', async () => {
    const error = await failure({ name: 'x', lookup: () => Promise.reject(new Error('ECONNRESET')) });
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/Receita Federal não respondeu corretamente/);
  });

  it('a malformed answer is a 502', async () => {
    const error = await failure({ name: 'x', lookup: () => Promise.resolve({ name: 1 } as never) });
    expect(error.status).toBe(502);
  });

  it('a slow provider is a 503 after the time limit, and is told to stop', async () => {
    let aborted = false;
    const slow: ReceitaProvider = {
      name: 'slow',
      lookup: (_kind, _doc, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => (aborted = true));
          setTimeout(() => resolve({ name: 'X', registrationStatus: 'ATIVA', openingDate: null, cnae: null }), 2000);
        }),
    };
    const error = await failure(slow, 30);
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/demorou demais/);
    expect(aborted).toBe(true);
  });

  it('the sandbox has test documents for an unreachable (502) and a silent (503) service', async () => {
    const bare = (cpf: string) => cpf.replace(/\D/g, '');
    await expect(lookupReceita(sandbox, 'CPF', bare(SANDBOX_RECEITA_UNAVAILABLE_CPF), 1000)).rejects.toMatchObject({ status: 502 });
    await expect(lookupReceita(sandbox, 'CPF', bare(SANDBOX_RECEITA_SLOW_CPF), 30)).rejects.toMatchObject({ status: 503 });
  });
});
