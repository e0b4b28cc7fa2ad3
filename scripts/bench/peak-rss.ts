/** Peak resident memory while `run` runs (sampled every 20 ms) and before it, in MB, and its time (the in-process server benches: 3040, close). */
export async function peakRss<T>(run: () => Promise<T>): Promise<{ value: T; peakMb: number; beforeMb: number; ms: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    const value = await run();
    return { value, peakMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1e6), beforeMb: Math.round(before / 1e6), ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}
