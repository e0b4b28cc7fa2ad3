/**
 * Demo data for the embedded sandbox only: one account per role (password
 * Senha123), enough staff for several pages of the users list, and
 * entrepreneurs with CPF and phone. Runs only when asked and only on an
 * empty users table.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './connect';
import { users } from './schema';
import { hashPassword } from '../domain/password';
import { logActivity } from '../services/activity';
import { seedCatalogues } from '../services/catalogues-seed';

/** Bump when the seed changes, so prepared test templates are rebuilt. */
export const SEED_VERSION = '2';
export const DEMO_PASSWORD = 'Senha123';

export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.local', name: 'Sofia Super', role_id: 3 },
  { email: 'admin@demo.local', name: 'Arthur Admin', role_id: 1 },
  { email: 'operador@demo.local', name: 'Olga Operadora', role_id: 5 },
  { email: 'agente@demo.local', name: 'Alice Agente', role_id: 4 },
  { email: 'usuario@demo.local', name: 'Ulisses Usuário', role_id: 2 },
] as const;

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João', 'Karina', 'Lucas', 'Marina', 'Nuno', 'Patrícia', 'Rafael', 'Sabrina', 'Tiago', 'Vanessa', 'Wagner'];
const LAST = ['Almeida', 'Barbosa', 'Cardoso', 'Duarte', 'Esteves', 'Ferreira', 'Gomes', 'Henriques', 'Lima', 'Moreira', 'Nogueira', 'Oliveira', 'Pereira', 'Ribeiro', 'Santos', 'Teixeira'];
const STAFF_ROLES = [1, 5, 4, 5, 4, 3] as const;
/** Where the demo entrepreneurs live (state, city): the broadcast messages filters. */
export const DEMO_PLACES = [
  ['SP', 'São Paulo'],
  ['RJ', 'Rio de Janeiro'],
  ['MG', 'Belo Horizonte'],
  ['SP', 'Campinas'],
  ['BA', 'Salvador'],
] as const;

function ascii(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** A valid CPF (check digits computed) from a 9-digit base, formatted 000.000.000-00. */
export function cpfFromBase(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  for (const len of [9, 10]) {
    const sum = digits.slice(0, len).reduce((acc, d, i) => acc + d * (len + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  const s = digits.join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

export async function seedDemo(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (Number(count) > 0) return false;
  // One hash for every demo account: scrypt is deliberately slow and these share a public password anyway.
  const password_hash = await hashPassword(DEMO_PASSWORD);
  const start = Date.UTC(2024, 0, 2, 12, 0, 0);
  let n = 0;
  const at = () => new Date(start + n++ * 3_600_000);
  const rows: Array<typeof users.$inferInsert> = [];
  for (const account of DEMO_ACCOUNTS) {
    const when = at();
    rows.push({
      ...account,
      password_hash,
      active: true,
      two_factor: false,
      force_senha: false,
      email_confirmed: true,
      cpf: account.role_id === 2 ? cpfFromBase(123456789) : null,
      phone: account.role_id === 2 ? '(11) 98765-4321' : null,
      created_at: when,
      updated_at: when,
    });
  }
  for (let i = 0; i < 30; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    const when = at();
    rows.push({
      name: `${first} ${last}`,
      email: `${ascii(first)}.${ascii(last)}${i + 1}@demo.local`,
      password_hash,
      role_id: STAFF_ROLES[i % STAFF_ROLES.length],
      active: i % 4 !== 3,
      two_factor: false,
      force_senha: false,
      email_confirmed: i % 5 !== 4,
      created_at: when,
      updated_at: when,
    });
  }
  for (let i = 0; i < 20; i++) {
    const first = FIRST[(i * 3 + 1) % FIRST.length];
    const last = LAST[(i * 5 + 2) % LAST.length];
    const when = at();
    rows.push({
      name: `${first} ${last} ${LAST[(i + 9) % LAST.length]}`,
      email: `cliente${i + 1}.${ascii(last)}@demo.local`,
      password_hash,
      role_id: 2,
      active: i % 6 !== 5,
      two_factor: false,
      force_senha: false,
      email_confirmed: true,
      cpf: cpfFromBase(200000000 + i * 1234567),
      state: DEMO_PLACES[i % DEMO_PLACES.length][0],
      city: DEMO_PLACES[i % DEMO_PLACES.length][1],
      phone: `(${11 + (i % 80)}) 9${String(8000_0000 + i * 13579).slice(0, 4)}-${String(1000 + i * 37).slice(-4)}`,
      created_at: when,
      updated_at: when,
    });
  }
  await db.transaction(async (tx) => {
    await tx.insert(users).values(rows);
    await seedCatalogues(tx);
    await logActivity(tx, { actorId: null, action: 'seed.demo', entity: 'system', entityId: null, after: { users: rows.length } });
  });
  return true;
}
