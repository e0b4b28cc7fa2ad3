/**
 * The server's own jobs (reminders, negativação, the renegotiation break rule) share one timer: nothing runs before
 * the first interval, a run under way is joined rather than doubled, a failure is null and the next tick runs again,
 * and 0 turns it off. Fake timers: nothing waits on the clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IntervalJob } from '../../../../src/server/platform/interval-job';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('IntervalJob', () => {
  it('runs one interval after the start, then every interval; stop ends it', async () => {
    let runs = 0;
    const job = new IntervalJob(async () => ++runs, 1000);
    job.start();
    expect(job.scheduled).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(3);
    await job.stop();
    expect(job.scheduled).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });

  it('an interval of 0 never starts', async () => {
    const run = vi.fn(async () => 1);
    const job = new IntervalJob(run, 0);
    job.start();
    expect(job.scheduled).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).not.toHaveBeenCalled();
  });

  it('a run under way is joined, not doubled; a failed run answers null and the next one runs', async () => {
    let release: (n: number) => void = () => undefined;
    let calls = 0;
    const job = new IntervalJob(() => {
      calls++;
      if (calls === 2) return Promise.reject(new Error('database away'));
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    }, 1000);
    const first = job.runOnce();
    const joined = job.runOnce();
    expect(calls).toBe(1);
    release(7);
    expect(await first).toBe(7);
    expect(await joined).toBe(7);
    expect(await job.runOnce()).toBeNull();
    const third = job.runOnce();
    release(9);
    expect(await third).toBe(9);
    expect(calls).toBe(3);
  });
});
