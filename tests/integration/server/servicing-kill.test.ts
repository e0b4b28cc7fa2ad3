/**
 * A kill -9 of the server while payments are arriving loses no acknowledged
 * payment and leaves no unbalanced journal entry: each payment, its split and
 * its postings commit in one transaction, and the answer is sent only after
 * the commit. The server runs as its own process (entry.ts) over a copy of
 * the demo database, and is started again over the same folder.
 *
 * The same folder then takes batch cessions of hundreds of installments and a
 * second kill -9: each cession (record, items, installments assigned, its
 * postings) is one transaction, so after the restart a cession is there whole
 * or not at all. The cession case reuses the server the payment case left
 * running (a copy of the demo and a start cost seconds each).
 *
 * Last, a bank's return file settling hundreds of slips on the same folder,
 * killed while it settles: the file, its lines, their payments, fees and
 * postings are one transaction, so after the restart the file is settled
 * whole or not at all.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/connect';
import { calendarDayInSaoPaulo } from '../../../src/server/platform/clock';
import { prepareDataDir } from '../../helpers/server';
import { itauReturnFile } from '../../helpers/cnab-return-file';
import { call, changeParameters, signIn } from './client';

const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

/** What the payment case leaves for the cession case: the folder and the server running over it. */
let survivor: { dataDir: string; uploadsDir: string; today: string; child: ChildProcess; url: string } | null = null;

function stopped(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', resolve));
}

function start(dataDir: string, uploadsDir: string, today: string): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(join(process.cwd(), 'src/server/entry.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BACKOFFICE_DATA_DIR: dataDir, BACKOFFICE_UPLOADS_DIR: uploadsDir, BACKOFFICE_PORT: '0', BACKOFFICE_BUSINESS_DATE: today },
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  cleanup.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, url: (m as { url: string }).url }));
    child.once('exit', (code) => reject(new Error(`entry exited with ${code}`)));
  });
}

describe('kill -9 during payments', () => {
  it('keeps every acknowledged payment and balanced books', async () => {
    const { dir, dataDir } = await prepareDataDir('demo');
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const uploadsDir = join(dir, 'uploads');
    const today = calendarDayInSaoPaulo(new Date());
    const first = await start(dataDir, uploadsDir, today);
    const server = { url: first.url };
    const token = await signIn(server as never, 'operador@demo.local');

    // An installment of a demo operation with something left to pay.
    const list = await call(server, 'creditOperation.list', { filter: { status: 'disbursed' }, limit: 50 }, token);
    expect(list.status).toBe(200);
    let target: { op: number; installment: number } | null = null;
    for (const item of list.body.items as Array<{ id: number }>) {
      const inst = await call(server, 'servicing.installments', { id: item.id }, token);
      const open = (inst.body.installments as Array<{ id: number; due_total: string }>).find((i) => new Decimal(i.due_total).gte(50));
      if (open) {
        target = { op: item.id, installment: open.id };
        break;
      }
    }
    expect(target).not.toBeNull();
    const { op, installment } = target!;

    const acknowledged: string[] = [];
    const pay = async (n: number) => {
      const reference = `KILL-${n}`;
      try {
        const answer = await call(server, 'servicing.pay', { id: op, installment, idempotency_key: `kill-${randomUUID()}`, amount: '0.50', paid_on: today, method: 'pix', reference }, token);
        if (answer.status === 200) acknowledged.push(reference);
      } catch {
        // The connection died with the server: not acknowledged.
      }
    };
    let n = 0;
    for (let batch = 0; batch < 3; batch++) await Promise.all(Array.from({ length: 5 }, () => pay(n++)));
    const inFlight = Promise.all(Array.from({ length: 10 }, () => pay(n++)));
    await new Promise((r) => setTimeout(r, 30));
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    await inFlight;
    expect(acknowledged.length).toBeGreaterThanOrEqual(15);

    const second = await start(dataDir, uploadsDir, today);
    const again = { url: second.url };
    const token2 = await signIn(again as never, 'operador@demo.local');
    const details = await call(again, 'servicing.installmentDetails', { id: op, installment }, token2);
    expect(details.status).toBe(200);
    const references = new Set((details.body.transactions as Array<{ reference: string | null }>).map((t) => t.reference));
    expect(acknowledged.filter((r) => !references.has(r))).toEqual([]);
    const tb = await call(again, 'ledger.trialBalance', {}, token2);
    expect(tb.body.difference).toBe('0.00');
    const journal = await call(again, 'servicing.journal', { id: op }, token2);
    for (const posting of journal.body.postings as Array<{ lines: Array<{ side: string; amount: string }> }>) {
      const net = posting.lines.reduce((s, l) => (l.side === 'debit' ? s.plus(l.amount) : s.minus(l.amount)), new Decimal(0));
      expect(net.toFixed(2)).toBe('0.00');
    }
    // Every payment standing has its posting: the receivable and income moved by exactly what was paid.
    const payments = (details.body.transactions as Array<{ kind: string; amount: string }>).filter((t) => t.kind === 'payment');
    const paymentPostings = (journal.body.postings as Array<{ kind: string }>).filter((p) => p.kind === 'payment');
    expect(paymentPostings.length).toBeGreaterThanOrEqual(payments.length);
    survivor = { dataDir, uploadsDir, today, child: second.child, url: second.url };
  });
});

describe('kill -9 during batch cessions', () => {
  it('leaves no half cession', async () => {
    expect(survivor, 'the payment case leaves its server running').not.toBeNull();
    const { dataDir, uploadsDir, today } = survivor!;
    const server = { url: survivor!.url };
    const admin = await signIn(server as never, 'admin@demo.local');
    const operator = await signIn(server as never, 'operador@demo.local');

    // No second person and no overdue limit, so that every cession takes effect at once over many installments.
    const parameters = await call(server, 'company.parameters', { id: 1 }, admin);
    expect(parameters.status).toBe(200);
    const superadmin = await signIn(server as never, 'superadmin@demo.local');
    // Above second_approval_above a cession would wait too: that limit goes up with the other.
    const updated = await changeParameters(server, { ...parameters.body, cession_approval_above: '99999999.00', second_approval_above: '99999999.00', cession_max_days_overdue: 360 }, admin, superadmin);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const account = await call(
      server,
      'company.createAssignmentAccount',
      { id: 1, assignee_name: 'Fundo Kill FIDC', assignee_cnpj: '11.222.333/0001-81', bank_code: '341', bank_name: 'Itaú Unibanco', agency: '0001', account: '12345', account_digit: '0' },
      admin,
    );
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    const assignable = await call(server, 'cession.assignableAcross', {}, operator);
    expect(assignable.status).toBe(200);
    const ids = (assignable.body.installments as Array<{ id: number }>).map((i) => i.id);
    expect(ids.length).toBeGreaterThanOrEqual(60);

    // Three batches of disjoint installments in flight, the server killed while they run.
    const size = Math.min(500, Math.floor(ids.length / 3));
    const batches = [0, 1, 2].map((k) => ids.slice(k * size, (k + 1) * size));
    const acknowledged: number[] = [];
    const inFlight = Promise.all(
      batches.map(async (installments) => {
        try {
          const answer = await call(
            server,
            'cession.assignBatch',
            { idempotency_key: `kill-${randomUUID()}`, assignment_account_id: account.body.id, installments, date: today, monthly_rate: '1.5' },
            operator,
          );
          if (answer.status === 200) acknowledged.push(answer.body.id as number);
        } catch {
          // The connection died with the server: not acknowledged.
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 150));
    survivor!.child.kill('SIGKILL');
    await stopped(survivor!.child);
    await inFlight;
    // Which way the kill fell is worth seeing when the case is run by hand.
    console.info(`cession kill: ${acknowledged.length} of ${batches.length} batches of ${size} acknowledged before the kill`);

    const again = await start(dataDir, uploadsDir, today);
    const token = await signIn({ url: again.url } as never, 'operador@demo.local');
    const tb = await call({ url: again.url }, 'ledger.trialBalance', {}, token);
    expect(tb.body.difference).toBe('0.00');
    for (const id of acknowledged) expect((await call({ url: again.url }, 'cession.get', { cession: id }, token)).status).toBe(200);
    again.child.kill('SIGTERM');
    await stopped(again.child);

    // The folder read directly: every cession whole, nothing of a cession that is not there.
    const db = await openDatabase({ dataDir });
    try {
      const cessions = await db.rows<{ id: number; installment_count: number; items: number; assigned: number }>(
        `SELECT c.id, c.installment_count, count(ci.id)::int AS items, count(*) FILTER (WHERE s.status = 'assigned')::int AS assigned
           FROM cessions c JOIN cession_items ci ON ci.cession_id = c.id LEFT JOIN installment_states s ON s.installment_id = ci.installment_id
          GROUP BY c.id`,
      );
      for (const c of cessions) expect(c).toEqual({ ...c, items: c.installment_count, assigned: c.installment_count });
      expect(cessions.map((c) => c.installment_count).every((n) => batches.some((b) => b.length === n))).toBe(true);
      // No installment assigned without a cession item, no item without its cession.
      expect(await db.rows("SELECT installment_id FROM installment_states WHERE status = 'assigned' AND installment_id NOT IN (SELECT installment_id FROM cession_items)")).toEqual([]);
      expect(await db.rows('SELECT id FROM cession_items WHERE cession_id NOT IN (SELECT id FROM cessions)')).toEqual([]);
      // The receivable left the books by exactly the items' carrying amount, operation by operation, and the price is due from the assignee.
      const ledger = await db.rows<{ credit_operation_id: number; carrying: string; price: string; items_carrying: string | null; items_price: string | null }>(
        `SELECT j.credit_operation_id,
                sum(CASE WHEN j.account = 'loans_receivable' THEN j.amount ELSE 0 END)::numeric(14,2)::text AS carrying,
                sum(CASE WHEN j.account = 'due_from_assignee' THEN j.amount ELSE 0 END)::numeric(14,2)::text AS price,
                (SELECT sum(carrying)::numeric(14,2)::text FROM cession_items WHERE credit_operation_id = j.credit_operation_id) AS items_carrying,
                (SELECT sum(price)::numeric(14,2)::text FROM cession_items WHERE credit_operation_id = j.credit_operation_id) AS items_price
           FROM journal_entries j WHERE j.kind = 'cession' GROUP BY j.credit_operation_id`,
      );
      for (const row of ledger) expect(row).toEqual({ ...row, carrying: row.items_carrying, price: row.items_price });
      const [operations] = await db.rows<{ n: number }>('SELECT count(DISTINCT credit_operation_id)::int AS n FROM cession_items');
      expect(ledger.length).toBe(operations.n);
      expect(
        await db.rows("SELECT posting_id FROM journal_entries GROUP BY posting_id HAVING sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END) <> 0"),
      ).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('kill -9 while a return file settles', () => {
  it('settles the whole file or none of it', async () => {
    expect(survivor, 'the payment case leaves its folder').not.toBeNull();
    const { dataDir, uploadsDir, today } = survivor!;

    // The demo's slips on the Itaú account whose installments are still collected by the lender, read from the folder
    // while no server holds it, with what each installment has received so far.
    const before = await openDatabase({ dataDir });
    let account: { id: number; agency: string; account: string; account_digit: string };
    let slips: Array<{ installment_id: number; sequence: string; amount: string }>;
    let paymentsBefore: number;
    try {
      [account] = await before.rows("SELECT id, agency, account, account_digit FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
      slips = await before.rows(
        `SELECT DISTINCT ON (s.installment_id) s.installment_id, lpad(s.sequence::text, 8, '0') AS sequence, s.amount::text AS amount
           FROM boleto_slips s JOIN credit_operation_installments i ON i.id = s.installment_id
          WHERE s.bank_account_id = $1 AND i.paid_on IS NULL AND i.superseded_in IS NULL AND i.collecting
            AND NOT EXISTS (SELECT 1 FROM installment_states st WHERE st.installment_id = i.id AND st.status IS NOT NULL)
          ORDER BY s.installment_id, s.id DESC`,
        [account.id],
      );
      [{ n: paymentsBefore }] = await before.rows<{ n: number }>("SELECT count(*)::int AS n FROM installment_transactions WHERE kind = 'payment'");
    } finally {
      await before.close();
    }
    expect(slips.length).toBeGreaterThanOrEqual(20);

    // One real each, a partial payment every installment can take, and the bank's fee.
    const content = itauReturnFile(
      { agency: account.agency, account: account.account, accountDac: account.account_digit, companyDocument: '27185642000169' },
      slips.map((slip) => ({ movement: '06', nossoNumero: slip.sequence, amount: slip.amount, paid: '1.00', fee: '0.50', occurredOn: today, creditedOn: today })),
      { generatedOn: today, fileSequence: 901 },
    );
    const running = await start(dataDir, uploadsDir, today);
    const server = { url: running.url };
    const token = await signIn(server as never, 'operador@demo.local');
    // The preview reads and matches the same lines without writing: settling takes longer, so a kill after the preview's
    // time falls while the file settles (or, on a fast machine, just after its commit: then it must be whole).
    const startedPreview = performance.now();
    const previewed = await call(server, 'cnabReturn.preview', { bankCode: '341', file_name: 'RET-KILL.ret', content }, token);
    expect(previewed.status, JSON.stringify(previewed.body)).toBe(200);
    expect(previewed.body.totals.settled_count).toBe(slips.length);
    const previewMs = performance.now() - startedPreview;
    let acknowledged = false;
    const inFlight = (async () => {
      try {
        const answer = await call(server, 'cnabReturn.settle', { bankCode: '341', file_name: 'RET-KILL.ret', content, idempotency_key: `kill-${randomUUID()}` }, token);
        acknowledged = answer.status === 200;
      } catch {
        // The connection died with the server: not acknowledged.
      }
    })();
    await new Promise((r) => setTimeout(r, previewMs));
    running.child.kill('SIGKILL');
    await stopped(running.child);
    await inFlight;
    console.info(`return-file kill: ${slips.length} lines, killed after ${previewMs.toFixed(0)} ms, ${acknowledged ? 'acknowledged' : 'not acknowledged'} before the kill`);

    // Opening the folder replays its log as a restart would; then it is read directly.
    const db = await openDatabase({ dataDir });
    try {
      const files = await db.rows<{ id: number; settled_count: number }>("SELECT id, settled_count FROM return_files WHERE file_name = 'RET-KILL.ret'");
      const [{ n: paymentsAfter }] = await db.rows<{ n: number }>("SELECT count(*)::int AS n FROM installment_transactions WHERE kind = 'payment'");
      if (acknowledged) expect(files).toHaveLength(1);
      if (files.length === 0) {
        expect(paymentsAfter).toBe(paymentsBefore);
      } else {
        // Whole: every line settled with its payment and its fee posting.
        expect(files).toEqual([{ id: files[0].id, settled_count: slips.length }]);
        const [lines] = await db.rows<{ n: number; paid: number; fees: number }>(
          "SELECT count(*)::int AS n, count(transaction_id)::int AS paid, count(fee_posting_id)::int AS fees FROM return_file_lines WHERE return_file_id = $1 AND outcome = 'settled'",
          [files[0].id],
        );
        expect(lines).toEqual({ n: slips.length, paid: slips.length, fees: slips.length });
        expect(paymentsAfter).toBe(paymentsBefore + slips.length);
      }
      expect(
        await db.rows("SELECT posting_id FROM journal_entries GROUP BY posting_id HAVING sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END) <> 0"),
      ).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
