/**
 * A kill -9 of the server while payments are arriving loses no acknowledged
 * payment and leaves no unbalanced journal entry: each payment, its split and
 * its postings commit in one transaction, and the answer is sent only after
 * the commit. The server runs as its own process (entry.ts) over a copy of
 * the demo database, and is started again over the same folder.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, describe, expect, it } from 'vitest';
import { calendarDayInSaoPaulo } from '../../../src/server/platform/clock';
import { prepareDataDir } from '../../helpers/server';
import { call, signIn } from './client';

const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

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
    second.child.kill('SIGTERM');
  }, 180_000);
});
