/**
 * Starts the embedded reference server in Electron's utility process (a
 * Node process without Electron's window powers), its data in the app's data
 * folder, on a free loopback port it announces when ready, answering only
 * requests that carry the secret chosen here for this launch.
 */
import { utilityProcess, type UtilityProcess } from 'electron';
import { LAUNCH_SECRET_ENV } from '@shared/launch';
import { BACKEND_START_TIMEOUT_MS, EMBEDDED_BACKEND_V8_FLAGS, newLaunchSecret, readyUrl, startError, type BackendSpawner } from '../services/backend';
import { jsFlagsSwitch } from '../services/v8-flags';

export interface UtilitySpawnerOptions {
  /** out/main/server.js */
  entry: string;
  dataDir: string;
  uploadsDir: string;
}

export function utilityProcessSpawner(options: UtilitySpawnerOptions): BackendSpawner {
  return {
    start() {
      const launchSecret = newLaunchSecret();
      const child = utilityProcess.fork(options.entry, [], {
        serviceName: 'Back-office server',
        // A utility process takes execArgv as Chromium switches; its V8 reads them from --js-flags.
        execArgv: [jsFlagsSwitch(EMBEDDED_BACKEND_V8_FLAGS)],
        stdio: 'inherit',
        env: {
          ...process.env,
          BACKOFFICE_DATA_DIR: options.dataDir,
          BACKOFFICE_PORT: '0',
          BACKOFFICE_SEED: 'demo',
          BACKOFFICE_UPLOADS_DIR: options.uploadsDir,
          // The server reads it and drops it from its environment at once (src/server/entry.ts).
          [LAUNCH_SECRET_ENV]: launchSecret,
        },
      });
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          child.kill();
          reject(new Error('embedded server did not start in time'));
        }, BACKEND_START_TIMEOUT_MS);
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`embedded server exited with code ${code}`));
        });
        child.on('message', (message: unknown) => {
          const problem = startError(message);
          if (problem) {
            clearTimeout(timer);
            reject(new Error(problem));
            return;
          }
          const url = readyUrl(message);
          if (!url) return;
          clearTimeout(timer);
          resolve({ url, launchSecret, stop: () => stop(child) });
        });
      });
    },
  };
}

function stop(child: UtilityProcess): Promise<void> {
  if (child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill(), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.postMessage({ type: 'stop' });
  });
}
