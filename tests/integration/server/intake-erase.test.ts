/**
 * The LGPD erase of a person who applied for credit (areas/intake/intake-erase.ts):
 * their documents leave the disk, their client info and bureau reports go,
 * their solicitations stay only as anonymised figures; the erasure request's
 * holdings say what there was before.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
let tokens: Record<DemoRole, string>;

beforeAll(async () => {
  server = await startTestServer();
  tokens = await signInEveryRole(server);
});
afterAll(() => server?.close());

interface Applicant {
  user_id: number;
  solicitations: number;
}

describe('erasing an applicant', () => {
  it('removes documents, comments and client info, keeps anonymised figures, and the holdings counted them first', async () => {
    const [applicant] = await server.database.rows<Applicant>(
      `SELECT s.user_id, count(DISTINCT s.id)::int AS solicitations
         FROM solicitations s JOIN solicitation_slot_documents d ON d.solicitation_id = s.id
        GROUP BY s.user_id HAVING count(DISTINCT s.id) > 1 ORDER BY s.user_id LIMIT 1`,
    );
    expect(applicant, 'the demo seed has applicants with documents').toBeDefined();
    const id = applicant.user_id;
    const files = await server.database.rows<{ id: number; storage_path: string }>(
      `SELECT u.id, u.storage_path FROM uploads u JOIN solicitation_slot_documents d ON d.upload_id = u.id
         JOIN solicitations s ON s.id = d.solicitation_id WHERE s.user_id = $1`,
      [id],
    );
    expect(files.length).toBeGreaterThan(0);
    const uploadsDir = join(server.dataDir, '..', 'uploads');
    expect(existsSync(join(uploadsDir, files[0].storage_path))).toBe(true);
    const before = await server.database.rows<{ id: number; status: string; lending_value: string; created_at: string }>(
      'SELECT id, status, lending_value, created_at FROM solicitations WHERE user_id = $1 ORDER BY id',
      [id],
    );

    const request = await call(server, 'lgpd.create', { user_id: id, channel: 'email' }, tokens.admin);
    expect(request.status).toBe(200);
    const detail = await call(server, 'lgpd.get', { id: request.body.id }, tokens.admin);
    const sections = Object.fromEntries(detail.body.holdings.sections.map((s: { key: string; count: number }) => [s.key, s.count]));
    expect(sections.solicitations).toBe(applicant.solicitations);
    expect(sections.clientInfo).toBeGreaterThan(0);
    expect(sections.simulations).toBeGreaterThan(0);

    const erased = await call(server, 'users.erase', { id }, tokens.superadmin);
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ erased: true, alreadyErased: false });

    const after = await server.database.rows<{ id: number; status: string; lending_value: string; created_at: string; name: string; cpf: string | null; email: string; bank_number: string | null }>(
      'SELECT id, status, lending_value, created_at, name, cpf, email, bank_number FROM solicitations WHERE user_id = $1 ORDER BY id',
      [id],
    );
    // The figures stay for the statistics and the record of decisions; nothing personal does.
    expect(after.map(({ id: sid, status, lending_value, created_at }) => ({ id: sid, status, lending_value, created_at }))).toEqual(before);
    for (const row of after) expect(row).toMatchObject({ name: 'Titular anonimizado', cpf: null, email: `anonimizado-${id}@anonimizado.invalid`, bank_number: null });

    const ids = after.map((r) => r.id);
    for (const table of ['solicitation_slot_documents', 'solicitation_comments', 'solicitation_staff_documents']) {
      const [{ n }] = await server.database.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE solicitation_id = ANY($1::int[])`, [ids]);
      expect({ table, n }).toEqual({ table, n: 0 });
    }
    for (const table of ['entrepreneur_profiles', 'entrepreneur_bank_accounts', 'entrepreneur_businesses', 'bureau_reports']) {
      const [{ n }] = await server.database.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [id]);
      expect({ table, n }).toEqual({ table, n: 0 });
    }
    const [{ n: uploadsLeft }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM uploads WHERE id = ANY($1::int[])', [files.map((f) => f.id)]);
    expect(uploadsLeft).toBe(0);
    for (const file of files) expect(existsSync(join(uploadsDir, file.storage_path))).toBe(false);

    const log = await call(server, 'logs.all', { filter: { action: 'user.erase' } }, tokens.admin);
    const entry = await call(server, 'logs.byId', { id: log.body.items[0].id }, tokens.admin);
    expect(entry.body.after).toMatchObject({ solicitations_anonymised: applicant.solicitations });
  });
});
