/**
 * Demo data for the embedded sandbox only: one account per role (password
 * Senha123), enough staff for several pages of the users list,
 * entrepreneurs with CPF and phone, and their credit intake
 * (seed-credit-intake.ts: solicitations, documents, simulations…). Runs only
 * when asked and only on an empty users table.
 */
import { calendarDayInSaoPaulo, type Clock } from '../platform/clock';
import type { Db } from './connect';
import { users } from '../areas/access/schema';
import { hashPassword } from '../domain/password';
import { logActivity } from '../platform/activity';
import { seedCatalogues } from '../areas/catalogues';
import { completeCpf, formatCpf } from '@shared/documents';
import { seedCreditIntake } from './seed-credit-intake';
import { seedDemoBureauReports } from '../areas/bureau';
import { seedCompany } from './seed-company';
import { seedOrigination } from './seed-origination';
import { storyTransactions } from './seed-stories';
import { hasNoUsers } from './seed-needed';

/** Bump when the seed changes, so prepared test templates are rebuilt. */
export const SEED_VERSION = '13';
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
  return formatCpf(completeCpf(String(base).padStart(9, '0')));
}

/**
 * Where the applicants added for the credit intake live. Not the places above,
 * so the broadcast filters by those places keep reaching the same people.
 */
const APPLICANT_PLACES = [
  ['PR', 'Curitiba'],
  ['RS', 'Porto Alegre'],
  ['PE', 'Recife'],
  ['CE', 'Fortaleza'],
  ['GO', 'Goiânia'],
  ['PA', 'Belém'],
  ['SC', 'Florianópolis'],
  ['DF', 'Brasília'],
  ['AM', 'Manaus'],
] as const;
/** Area codes of those places, in the same order (valid DDDs, so their phones pass the SMS checks). */
const APPLICANT_DDD = [41, 51, 81, 85, 62, 91, 48, 61, 92] as const;
export const DEMO_APPLICANTS = 150;

export interface DemoSeedOptions {
  uploadsDir: string;
  now?: Date;
  clock?: Clock;
}


/** The instant the story runs up to: the real instant when the business date is today, else noon of that day. */
function storyNow(options: DemoSeedOptions): Date {
  const businessDay = options.clock?.today();
  return options.now ?? (businessDay && businessDay !== calendarDayInSaoPaulo(new Date()) ? new Date(`${businessDay}T12:00:00-03:00`) : new Date());
}

/**
 * Everything the whole demo seed runs in one transaction, in the same order:
 * the accounts, the lender and the catalogues (`seedAccounts`), then the
 * records (`seedRecords`). The server starts the seed in two steps instead
 * (`startDemoSeed`).
 */
export async function seedDemo(db: Db, options: DemoSeedOptions): Promise<boolean> {
  if (!(await hasNoUsers(db))) return false;
  const rows = await demoUsers();
  await db.transaction(async (tx) => {
    await seedAccounts(tx, rows);
    await seedRecords(tx, { ...options, users: rows.length, story: async () => undefined });
  });
  return true;
}

export interface DemoSeedInBackground {
  /** Settles when the last story has committed (rejects with SeedStopped after `stop()`). */
  done: Promise<void>;
  /** Stops at the next statement, rolling back the story being written. */
  stop(): void;
}

/**
 * The demo seed in two steps, for a server that answers while it seeds: the
 * accounts, the lender and the catalogues (sign-in and the first screens) in
 * one transaction before this returns, then the records (solicitations,
 * bureau reports, borrowers, operations: about 30 s of CPU) in the background,
 * one transaction per story (seed-stories.ts), each story waiting for
 * `beforeEachStory`. The stories and what they write are the same as
 * seedDemo's; the 'seed.demo' activity entry, written with the last story,
 * marks the seed complete. null when the database already had users.
 */
export async function startDemoSeed(db: Db, options: DemoSeedOptions & { beforeEachStory?: () => Promise<void> }): Promise<DemoSeedInBackground | null> {
  if (!(await hasNoUsers(db))) return null;
  const rows = await demoUsers();
  await db.transaction((tx) => seedAccounts(tx, rows));
  const stories = storyTransactions(db, options.beforeEachStory);
  const done = (async () => {
    try {
      await stories.next();
      await seedRecords(stories.db, { ...options, users: rows.length, story: () => stories.next() });
      await stories.finish();
    } catch (error) {
      await stories.abort().catch(() => undefined);
      throw error;
    }
  })();
  return { done, stop: () => stories.stop() };
}

/** The accounts: one per role, staff for several pages of the users list, entrepreneurs and applicants. */
async function demoUsers(): Promise<Array<typeof users.$inferInsert>> {
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
  for (let i = 0; i < DEMO_APPLICANTS; i++) {
    const first = FIRST[(i * 7 + 3) % FIRST.length];
    const last = LAST[(i * 11 + 5) % LAST.length];
    const place = i % APPLICANT_PLACES.length;
    const when = at();
    rows.push({
      name: `${first} ${LAST[(i * 3 + 1) % LAST.length]} ${last}`,
      email: `solicitante${i + 1}.${ascii(last)}@demo.local`,
      password_hash,
      role_id: 2,
      active: true,
      two_factor: false,
      force_senha: false,
      email_confirmed: true,
      cpf: cpfFromBase(600000000 + i * 104729),
      state: APPLICANT_PLACES[place][0],
      city: APPLICANT_PLACES[place][1],
      phone: `(${APPLICANT_DDD[place]}) 9${String(8100 + i).slice(-4)}-${String(2000 + i * 41).slice(-4)}`,
      created_at: when,
      updated_at: when,
    });
  }
  return rows;
}

/** What sign-in and the first screens need: the accounts, the catalogues and the lender. */
async function seedAccounts(db: Db, rows: Array<typeof users.$inferInsert>): Promise<void> {
  await db.insert(users).values(rows);
  await seedCatalogues(db);
  await seedCompany(db);
}

/**
 * The records, story by story: `story` is called at the start of each (one
 * applicant, one credit operation), where the background seed commits what it
 * has written and lets waiting requests through.
 */
async function seedRecords(db: Db, options: DemoSeedOptions & { users: number; story: () => Promise<void> }): Promise<void> {
  const now = storyNow(options);
  const intake = await seedCreditIntake(db, { uploadsDir: options.uploadsDir, now, staffAuthorsExcept: DEMO_ACCOUNTS.map((a) => a.email), story: options.story });
  await options.story();
  const reports = await seedDemoBureauReports(db, { staffIds: intake.staffIds, now: now.getTime() });
  await options.story();
  const origination = await seedOrigination(db, { staffIds: intake.staffIds, now, story: options.story });
  await logActivity(db, {
    actorId: null,
    action: 'seed.demo',
    entity: 'system',
    entityId: null,
    after: {
      users: options.users,
      seeded_solicitations: intake.solicitations,
      seeded_documents: intake.documents,
      seeded_comments: intake.comments,
      seeded_simulations: intake.simulations,
      seeded_bureau_reports: reports,
      seeded_borrowers: origination.borrowers,
      seeded_operations: origination.operations,
      seeded_contracts: origination.contracts,
      seeded_boletos: origination.boletos,
    },
  });
}
