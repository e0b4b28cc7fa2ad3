/**
 * Receita Federal registration lookup (GET /solicitations/:id/receita-federal)
 * behind a provider interface. The default provider is a deterministic
 * sandbox: the same CPF/CNPJ always answers the same registration, derived
 * from its characters, with no network. A real provider is a new class here.
 *
 * Failures never reach the client as a 500: a slow provider is a 503, a
 * provider error or a malformed answer a 502, both with a Portuguese message.
 *
 * Like a homologation environment, the sandbox has test documents that
 * simulate failures (the same ones as the bureau sandbox):
 * SANDBOX_RECEITA_UNAVAILABLE_CPF answers as an unreachable service,
 * SANDBOX_RECEITA_SLOW_CPF never answers (the deadline ends it).
 */
import { completeCpf, formatCpf } from '@shared/documents';
import { HttpError } from '../../platform/http/errors';

/** 999.999.001-xx: the sandbox answers as if the Receita were unreachable. */
export const SANDBOX_RECEITA_UNAVAILABLE_CPF = formatCpf(completeCpf('999999001'));
/** 999.999.002-xx: the sandbox never answers. */
export const SANDBOX_RECEITA_SLOW_CPF = formatCpf(completeCpf('999999002'));

export type ReceitaKind = 'CPF' | 'CNPJ';

export interface ReceitaRecord {
  name: string;
  registrationStatus: string;
  /** 'YYYY-MM-DD' */
  openingDate: string | null;
  cnae: { code: string; description: string } | null;
}

export interface ReceitaProvider {
  readonly name: string;
  /** `document` is bare: digits (CNPJ may hold letters in its first 12 positions). */
  lookup(kind: ReceitaKind, document: string, signal: AbortSignal): Promise<ReceitaRecord>;
}

export const RECEITA_TIMEOUT_MS = 8000;

/** The deadline of a lookup: env RECEITA_TIMEOUT_MS (tests, slow links), default 8 s. */
export function receitaTimeoutMs(): number {
  const fromEnv = Number(process.env.RECEITA_TIMEOUT_MS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : RECEITA_TIMEOUT_MS;
}

export const RECEITA_MESSAGES = {
  timeout: 'A consulta à Receita Federal demorou demais para responder. Tente novamente em instantes.',
  failed: 'A Receita Federal não respondeu corretamente à consulta. Tente novamente em instantes.',
} as const;

const CNPJ_STATUSES = ['ATIVA', 'ATIVA', 'ATIVA', 'ATIVA', 'ATIVA', 'ATIVA', 'SUSPENSA', 'INAPTA', 'BAIXADA', 'NULA'] as const;
const CPF_STATUSES = ['REGULAR', 'REGULAR', 'REGULAR', 'REGULAR', 'REGULAR', 'REGULAR', 'REGULAR', 'PENDENTE DE REGULARIZAÇÃO', 'SUSPENSA', 'CANCELADA'] as const;
const CNAES = [
  { code: '4781-4/00', description: 'Comércio varejista de artigos do vestuário e acessórios' },
  { code: '5611-2/01', description: 'Restaurantes e similares' },
  { code: '9602-5/01', description: 'Cabeleireiros, manicure e pedicure' },
  { code: '4712-1/00', description: 'Comércio varejista de mercadorias em geral – minimercados, mercearias e armazéns' },
  { code: '1091-1/02', description: 'Fabricação de produtos de padaria e confeitaria com predominância de produção própria' },
  { code: '4520-0/01', description: 'Serviços de manutenção e reparação mecânica de veículos automotores' },
  { code: '1412-6/02', description: 'Confecção, sob medida, de peças do vestuário, exceto roupas íntimas' },
  { code: '7319-0/02', description: 'Promoção de vendas' },
] as const;
const FIRST = ['Aurora', 'Bela Vista', 'Horizonte', 'Ipê', 'Jatobá', 'Maré', 'Sabiá', 'Sertão', 'Tucano', 'Vitória'] as const;
const SECOND = ['Comércio', 'Serviços', 'Confecções', 'Alimentos', 'Artesanato', 'Distribuidora'] as const;
const GIVEN = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elaine', 'Fábio', 'Gabriela', 'Hugo', 'Iara', 'João'] as const;
const FAMILY = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Costa', 'Rodrigues'] as const;

/** A stable number from the document's characters (ASCII minus 48, as the CNPJ check digits count them). */
function seed(document: string): number {
  let h = 7;
  for (const ch of document.toUpperCase()) h = (h * 31 + (ch.charCodeAt(0) - 48) + 1) % 1_000_003;
  return h;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The sandbox: every answer is a function of the document, so tests and demos can rely on it. */
export class SandboxReceitaProvider implements ReceitaProvider {
  readonly name = 'sandbox';

  lookup(kind: ReceitaKind, document: string, signal: AbortSignal): Promise<ReceitaRecord> {
    if (document === SANDBOX_RECEITA_UNAVAILABLE_CPF.replace(/\D/g, '')) return Promise.reject(new Error('connect ECONNREFUSED (sandbox)'));
    if (document === SANDBOX_RECEITA_SLOW_CPF.replace(/\D/g, '')) {
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted (sandbox)')), { once: true }));
    }
    const h = seed(document);
    const openingDate = `${1990 + (h % 35)}-${pad(1 + (Math.floor(h / 35) % 12))}-${pad(1 + (Math.floor(h / 420) % 28))}`;
    if (kind === 'CNPJ') {
      const name = `${FIRST[h % FIRST.length]} ${SECOND[Math.floor(h / 10) % SECOND.length]} LTDA`.toUpperCase();
      return Promise.resolve({
        name,
        registrationStatus: CNPJ_STATUSES[Math.floor(h / 7) % CNPJ_STATUSES.length],
        openingDate,
        cnae: CNAES[Math.floor(h / 13) % CNAES.length],
      });
    }
    return Promise.resolve({
      name: `${GIVEN[h % GIVEN.length]} ${FAMILY[Math.floor(h / 10) % FAMILY.length]}`.toUpperCase(),
      registrationStatus: CPF_STATUSES[Math.floor(h / 7) % CPF_STATUSES.length],
      openingDate,
      cnae: null,
    });
  }
}

class ReceitaTimeout extends Error {}

function isValidRecord(value: unknown): value is ReceitaRecord {
  const r = value as ReceitaRecord | null;
  return (
    !!r &&
    typeof r.name === 'string' &&
    typeof r.registrationStatus === 'string' &&
    (r.openingDate === null || (typeof r.openingDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(r.openingDate))) &&
    (r.cnae === null || (typeof r.cnae === 'object' && typeof r.cnae.code === 'string' && typeof r.cnae.description === 'string'))
  );
}

/** Asks the provider with a time limit; any failure becomes a 502/503 with a clear message. */
export async function lookupReceita(
  provider: ReceitaProvider,
  kind: ReceitaKind,
  document: string,
  timeoutMs: number = receitaTimeoutMs(),
): Promise<ReceitaRecord> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Settle as a timeout first: aborting makes the provider reject at once, and the race takes the first.
      reject(new ReceitaTimeout());
      controller.abort();
    }, timeoutMs);
  });
  try {
    const answer = await Promise.race([provider.lookup(kind, document, controller.signal), timeout]);
    if (!isValidRecord(answer)) throw new HttpError(502, RECEITA_MESSAGES.failed, undefined, 'provider-error');
    return answer;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof ReceitaTimeout) throw new HttpError(503, RECEITA_MESSAGES.timeout, undefined, 'provider-timeout');
    throw new HttpError(502, RECEITA_MESSAGES.failed, undefined, 'provider-error');
  } finally {
    clearTimeout(timer);
  }
}
