/**
 * A job the server runs by itself every `intervalMs` (0 or less: never), the
 * first run one interval after the start, so a server that starts and stops
 * (tests, the embedded app's restarts) does nothing on its own. A tick while a
 * run is under way joins that run instead of starting a second one; a failed
 * run (database away) answers null and is tried again at the next tick, so
 * nothing escapes the timer. The timer never keeps the process alive.
 * `stop` waits for the run under way. Tests call `runOnce` (or the job's own
 * entry point) instead of waiting on the timer.
 */
export class IntervalJob<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T | null> | null = null;

  constructor(
    private readonly run: () => Promise<T>,
    private readonly intervalMs: number,
  ) {}

  /** Whether the timer runs (false when the interval is 0 or below, or once stopped). */
  get scheduled(): boolean {
    return this.timer !== null;
  }

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  /** One run, or the one under way; null when it failed. */
  runOnce(): Promise<T | null> {
    this.running ??= (async () => this.run())()
      .catch(() => null)
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
