/**
 * Who writes a table, through the project's real ESLint config
 * (eslint-rules/area-writes.js): an area inserts, updates, deletes and locks
 * only the tables its own schema*.ts declares; another area's rows go through
 * that area's index.ts, the platform's tables (the activity log…) through the
 * platform's functions, and the server's composition writes none. Each case
 * lints a small file placed where the rule must bite, so a config change that
 * drops the rule fails here, and each refusal is paired with the owner's own
 * write passing.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** A stand-in for the transaction, so the probe parses without the real types. */
const TX = 'declare const tx: any; declare const db: any;';

async function writeMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${TX}\n${code}\nexport const used = 1;\n`, { filePath: join(ROOT, file) });
  const broken = result.messages.filter((m) => m.fatal);
  if (broken.length > 0) throw new Error(broken.map((m) => m.message).join('; '));
  return result.messages.filter((m) => m.ruleId === 'server-areas/area-writes').map((m) => m.message);
}

// Linting with the full config takes seconds; a busy machine must not make it a timeout.
describe("areas write only their own tables", { timeout: 60_000 }, () => {
  it("refuses insert, update and delete on another area's table, and passes the owner's own", async () => {
    const users = "import { users } from '../access/schema';";
    expect(await writeMessages('src/server/areas/uploads/probe.ts', `${users}\nawait tx.update(users).set({ avatar_upload_id: null });`)).toEqual([
      expect.stringContaining('Updates users: a table of the access area'),
    ]);
    expect(await writeMessages('src/server/areas/intake/probe.ts', "import { uploads } from '../uploads/schema';\nawait tx.insert(uploads).values({});")).toEqual([
      expect.stringContaining('areas/uploads/index.ts'),
    ]);
    expect(await writeMessages('src/server/areas/access/probe.ts', "import { uploads } from '../uploads/schema';\nawait db.delete(uploads);")).toEqual([
      expect.stringContaining('Deletes from uploads'),
    ]);
    expect(await writeMessages('src/server/areas/access/probe.ts', "import { users } from './schema';\nawait tx.update(users).set({ active: false });\nawait tx.insert(users).values({});")).toEqual([]);
    // Reading another area's table (a join) is not writing it.
    expect(await writeMessages('src/server/areas/intake/probe.ts', `${users}\nawait tx.select().from(users);`)).toEqual([]);
  });

  it('follows the table through an alias, a namespace import and the batch insert', async () => {
    expect(
      await writeMessages('src/server/areas/servicing/probe.ts', "import { creditOperationInstallments } from '../operations/schema';\nconst i = creditOperationInstallments;\nawait tx.update(i).set({ paid_on: null });"),
    ).toEqual([expect.stringContaining('i (creditOperationInstallments)')]);
    expect(await writeMessages('src/server/areas/servicing/probe.ts', "import * as ops from '../operations/schema';\nawait tx.delete(ops.creditOperations);")).toEqual([
      expect.stringContaining('ops.creditOperations'),
    ]);
    const batch = "import { insertRows } from '../../db/insert-rows';";
    expect(await writeMessages('src/server/areas/servicing/probe.ts', `${batch}\nimport { creditOperationEvents } from '../operations/schema';\nawait insertRows(tx, creditOperationEvents, []);`)).toEqual([
      expect.stringContaining('Inserts into creditOperationEvents'),
    ]);
    expect(await writeMessages('src/server/areas/collection/probe.ts', `${batch}\nimport { installmentTransactions } from './schema';\nawait insertRows(tx, installmentTransactions, []);`)).toEqual([]);
  });

  it("refuses a row lock on another area's table: its from() without `of`, or named in `of`", async () => {
    const ops = "import { creditOperations } from '../operations/schema';";
    expect(await writeMessages('src/server/areas/servicing/probe.ts', `${ops}\nawait tx.select().from(creditOperations).for('update');`)).toEqual([
      expect.stringContaining('Locks creditOperations: a table of the operations area'),
    ]);
    expect(await writeMessages('src/server/areas/servicing/probe.ts', `${ops}\nconst query = tx.select().from(creditOperations);\nawait query.for('no key update');`)).toHaveLength(1);
    expect(await writeMessages('src/server/areas/servicing/probe.ts', `${ops}\nimport { disbursements } from './schema';\nawait tx.select().from(disbursements).innerJoin(creditOperations, undefined).for('update', { of: creditOperations });`)).toHaveLength(1);
    // Locking one's own rows in a join that reads another area's table is the owner's business.
    expect(await writeMessages('src/server/areas/servicing/probe.ts', `${ops}\nimport { disbursements } from './schema';\nawait tx.select().from(disbursements).innerJoin(creditOperations, undefined).for('update', { of: disbursements });`)).toEqual([]);
    expect(await writeMessages('src/server/areas/operations/probe.ts', "import { creditOperations } from './schema';\nawait tx.select().from(creditOperations).for('update');")).toEqual([]);
  });

  it("reads the writes and locks of a sql template: by table name, by ${table}, and FOR UPDATE's tables", async () => {
    const sql = "import { sql } from 'drizzle-orm';";
    expect(await writeMessages('src/server/areas/intake/probe.ts', `${sql}\nawait tx.execute(sql\`UPDATE uploads SET owner_id = 1 WHERE id = 2\`);`)).toEqual([
      expect.stringContaining('Updates (SQL) uploads'),
    ]);
    expect(await writeMessages('src/server/areas/uploads/probe.ts', `${sql}\nawait tx.execute(sql\`UPDATE uploads SET owner_id = 1 WHERE id = 2\`);`)).toEqual([]);
    expect(
      await writeMessages('src/server/areas/servicing/probe.ts', `${sql}\nimport { creditOperations } from '../operations/schema';\nawait tx.execute(sql\`DELETE FROM \${creditOperations} WHERE id = 1\`);`),
    ).toEqual([expect.stringContaining('Deletes from (SQL) creditOperations')]);
    expect(await writeMessages('src/server/areas/servicing/probe.ts', `${sql}\nawait tx.execute(sql\`SELECT id FROM credit_operations WHERE id = 1 FOR UPDATE\`);`)).toEqual([
      expect.stringContaining('credit_operations'),
    ]);
    expect(
      await writeMessages('src/server/areas/boletos/probe.ts', `${sql}\nawait tx.execute(sql\`SELECT 1 FROM boleto_slips s JOIN credit_operations o ON o.id = s.credit_operation_id FOR UPDATE OF o\`);`),
    ).toEqual([expect.stringContaining('Locks (SQL) credit_operations')]);
    expect(
      await writeMessages('src/server/areas/boletos/probe.ts', `${sql}\nawait tx.execute(sql\`SELECT 1 FROM boleto_slips s JOIN credit_operations o ON o.id = s.credit_operation_id FOR UPDATE OF s\`);`),
    ).toEqual([]);
    // An upsert's DO UPDATE names no table.
    expect(await writeMessages('src/server/areas/reports/probe.ts', `${sql}\nawait tx.execute(sql\`INSERT INTO saved_reports (name) VALUES ('x') ON CONFLICT (name) DO UPDATE SET name = 'y'\`);`)).toEqual([]);
  });

  it("keeps the platform's tables to the platform, and the composition away from every table", async () => {
    const log = "import { activityLog } from '../../platform/schema';";
    expect(await writeMessages('src/server/areas/borrowers/probe.ts', `${log}\nawait tx.update(activityLog).set({ before: null });`)).toEqual([
      expect.stringContaining("the platform's functions only"),
    ]);
    expect(await writeMessages('src/server/platform/probe.ts', "import { activityLog } from './schema';\nawait tx.update(activityLog).set({ before: null });")).toEqual([]);
    expect(await writeMessages('src/server/platform/probe.ts', "import { users } from '../areas/access/schema';\nawait tx.update(users).set({ active: false });")).toHaveLength(1);
    expect(await writeMessages('src/server/handlers/probe.ts', "import { users } from '../areas/access/schema';\nawait tx.update(users).set({ active: false });")).toEqual([
      expect.stringContaining("the server's composition writes no table"),
    ]);
    // The database's own set-up (migrations, the demo seed) is left out.
    expect(await writeMessages('src/server/db/probe.ts', "import { users } from '../areas/access/schema';\nawait tx.update(users).set({ active: false });")).toEqual([]);
  });
});
