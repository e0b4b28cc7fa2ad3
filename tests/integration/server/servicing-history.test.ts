/**
 * Installments as of a past day show the status they had that day: a
 * write-off is in force from its business date, its undoing from the undo's;
 * a renegotiation from its own. The installments list (the parcels screen's
 * `?date=`) and the installment's details agree, and the details say which
 * schedule version the installment belongs to. The history is never changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import * as statusHistoryMigration from '../../../src/server/db/migrations/0022_installment_status_history';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let opId = 0;
let ids: number[] = [];

const setStatus = (installment: number, status: string, reason: string) =>
  call(server, 'servicingMoves.setStatus', { id: opId, installment, status, reason, idempotency_key: key() }, tokens.operator);

async function listOn(date: string): Promise<Array<Record<string, any>>> {
  const answer = await call(server, 'servicing.installments', { id: opId, date }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.as_of).toBe(date);
  return answer.body.installments;
}

async function detailsOn(installment: number, date: string): Promise<Record<string, any>> {
  const answer = await call(server, 'servicing.installmentDetails', { id: opId, installment, date }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  opId = await disbursedOperation(server, tokens, await insertBorrower(server, 'Helena Histórico', '529.982.247-25'));
  ids = (await listOn('2026-01-15')).map((i) => i.id as number);

  // The first installment (due 2026-02-15) is asked to be written off on 03-19, approved on 03-20, undone on 04-10.
  server.clock.set('2026-03-19');
  expect((await setStatus(ids[0], 'written_off', 'Devedor sem bens localizáveis')).status).toBe(200);
  server.clock.set('2026-03-20');
  const approved = await call(server, 'servicingMoves.decideWriteOff', { id: opId, installment: ids[0], idempotency_key: key(), approve: true }, tokens.admin);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  // The second (due 2026-03-15) renegotiated on 03-25.
  server.clock.set('2026-03-25');
  expect((await setStatus(ids[1], 'renegotiated', 'Acordo de renegociação assinado')).status).toBe(200);
  server.clock.set('2026-04-10');
  const undone = await setStatus(ids[0], 'open', 'Bens localizados na execução');
  expect(undone.status, JSON.stringify(undone.body)).toBe(200);
  server.clock.set('2026-05-01');
});
afterAll(() => server?.close());

describe('installments as of a past day', () => {
  it('before the write-off, the installment shows what its payments gave then: open and overdue', async () => {
    // Days late from the moved due date (Sunday 02-15 → Wednesday 02-18 after Carnival, Código Civil art. 132 §1).
    const [first] = await listOn('2026-03-19');
    expect(first).toMatchObject({ id: ids[0], status: 'open', overdue: true, days_late: 29 });
    const details = await detailsOn(ids[0], '2026-03-19');
    expect(details.installment).toMatchObject({ status: 'open', overdue: true, days_late: 29 });
  });

  it('from the write-off day until the day before the undo, it shows written off, never overdue', async () => {
    for (const day of ['2026-03-20', '2026-04-01', '2026-04-09']) {
      const [first] = await listOn(day);
      expect({ day, ...first }).toMatchObject({ day, status: 'written_off', overdue: false, days_late: 0 });
      expect((await detailsOn(ids[0], day)).installment).toMatchObject({ status: 'written_off', overdue: false, days_late: 0 });
    }
  });

  it('from the undo on, the payments decide again', async () => {
    const [first] = await listOn('2026-04-10');
    expect(first).toMatchObject({ status: 'open', overdue: true, days_late: 51 });
    expect((await listOn('2026-05-01'))[0]).toMatchObject({ status: 'open', overdue: true });
  });

  it('a renegotiation holds from its own day, and the status now is unchanged', async () => {
    // Sunday 03-15 moves to Monday 03-16.
    expect((await listOn('2026-03-24'))[1]).toMatchObject({ id: ids[1], status: 'open', overdue: true, days_late: 8 });
    expect((await listOn('2026-03-25'))[1]).toMatchObject({ status: 'renegotiated', overdue: false, days_late: 0 });
    expect((await detailsOn(ids[1], '2026-03-24')).installment.status).toBe('open');
    expect((await detailsOn(ids[1], '2026-04-30')).installment.status).toBe('renegotiated');
    const now = await call(server, 'servicing.installments', { id: opId }, tokens.agent);
    expect(now.body.installments.slice(0, 2).map((i: { status: string }) => i.status)).toEqual(['open', 'renegotiated']);
    // Before any move, both are as the schedule left them.
    expect((await listOn('2026-02-01')).slice(0, 3).map((i) => i.status)).toEqual(['open', 'open', 'open']);
  });

  it('the details answer the schedule version of the installment', async () => {
    const details = await detailsOn(ids[2], '2026-04-01');
    expect(details.schedule_version).toBe(1);
    const [row] = await server.database.rows<{ v: number }>('SELECT schedule_version AS v FROM credit_operation_installments WHERE id = $1', [ids[2]]);
    expect(details.schedule_version).toBe(row.v);
  });

  it('keeps one row per move, with its business date, and refuses to change or delete one', async () => {
    const rows = await server.database.rows<{ installment_id: number; status: string | null; effective_on: string }>(
      "SELECT installment_id, status, to_char(effective_on, 'YYYY-MM-DD') AS effective_on FROM installment_status_history WHERE credit_operation_id = $1 ORDER BY id",
      [opId],
    );
    expect(rows).toEqual([
      { installment_id: ids[0], status: 'written_off', effective_on: '2026-03-20' },
      { installment_id: ids[1], status: 'renegotiated', effective_on: '2026-03-25' },
      { installment_id: ids[0], status: null, effective_on: '2026-04-10' },
    ]);
    await expect(server.owner.rows('UPDATE installment_status_history SET status = NULL WHERE credit_operation_id = $1', [opId])).rejects.toThrow(/never changed/);
    await expect(server.owner.rows('DELETE FROM installment_status_history WHERE credit_operation_id = $1', [opId])).rejects.toThrow(/never changed/);
  });

  it('the migration rebuilds the same history from the write-offs, and a renegotiation from the day its row was written', async () => {
    type Row = { installment_id: number; status: string | null; effective_on: string };
    // As the owner: the table made again below has none of the app role's privileges (they are granted at a start).
    const read = () =>
      server.owner.rows<Row>(
        "SELECT installment_id, status, to_char(effective_on, 'YYYY-MM-DD') AS effective_on FROM installment_status_history WHERE credit_operation_id = $1 ORDER BY id",
        [opId],
      );
    const written = await read();
    const [renegotiated] = await server.database.rows<{ day: string }>(
      "SELECT to_char((updated_at AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS day FROM installment_states WHERE installment_id = $1",
      [ids[1]],
    );
    // As on a database written before the history existed: the table gone, the migration run again.
    await server.owner.rows('DROP TABLE installment_status_history');
    for (const statement of statusHistoryMigration.sql.split(/;\s*\n/).map((q) => q.trim()).filter(Boolean)) await server.owner.rows(statement);
    const rebuilt = await read();
    const writeOffs = (rows: Row[]) => rows.filter((r) => r.installment_id === ids[0]);
    expect(writeOffs(rebuilt)).toEqual(writeOffs(written));
    expect(rebuilt.filter((r) => r.installment_id === ids[1])).toEqual([{ installment_id: ids[1], status: 'renegotiated', effective_on: renegotiated.day }]);
  });
});
