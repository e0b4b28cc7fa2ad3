/**
 * BENCH_CPU_PROFILE=file.cpuprofile: a CPU profile of a bench's timed part
 * only (the inspector in this process, sampled every millisecond), for the
 * figures whose server runs in the bench's own process.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

/** Starts profiling when BENCH_CPU_PROFILE is set; the returned stop() writes the file (a no-op otherwise). */
export async function startCpuProfile(): Promise<() => Promise<void>> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return async () => undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  };
}
