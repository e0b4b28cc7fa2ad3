/**
 * `--import` of a bench's server process (pix-notices.ts with BENCH_SQL_TIMES=1): each SQL statement's time in that
 * process (sql-times.ts), printed on stderr when the process stops (SIGTERM, as the bench stops it).
 */
import { startSqlTimes } from './sql-times';

const stop = startSqlTimes('server process');
process.once('exit', () => {
  console.log = console.error;
  stop();
});
