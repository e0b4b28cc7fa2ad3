/**
 * Stand-alone server (`npm run server`) for a shared deployment:
 *   DATABASE_URL (PostgreSQL) or BACKOFFICE_DATA_DIR (PGlite folder; default ./.data/pglite),
 *   BACKOFFICE_MIGRATION_DATABASE_URL: the tables' owner on the same PostgreSQL database; the
 *     migrations run over it and DATABASE_URL's role, which must own nothing, gets exactly the
 *     privileges it needs (src/server/db/privileges.ts, docs/deployment.md),
 *   HOST (default 127.0.0.1), PORT (default 3333), BACKOFFICE_UPLOADS_DIR,
 *   ALLOWED_HOSTS: comma-separated Host header values the server answers to
 *     ('name' for any port, 'name:port'); default HOST:PORT plus the localhost
 *     forms on loopback. Behind a proxy, list the public name(s).

 *   SMTP_HOST / SMTP_PORT / SMTP_USER / SMTP_PASS / SMTP_FROM,
 *   BACKOFFICE_SEED=demo to load the demo accounts (never done otherwise).
 */
import { parseAllowedHosts } from './platform/http/request-guard';
import { startServer, type SmtpSettings } from './index';

function smtpFromEnv(env: NodeJS.ProcessEnv): SmtpSettings | undefined {
  if (!env.SMTP_HOST) return undefined;
  return {
    host: env.SMTP_HOST,
    port: Number(env.SMTP_PORT ?? 587),
    user: env.SMTP_USER || undefined,
    pass: env.SMTP_PASS || undefined,
    from: env.SMTP_FROM || 'Back-office <no-reply@localhost>',
  };
}

async function main(): Promise<void> {
  const env = process.env;
  const host = env.HOST || '127.0.0.1';
  const allowedHosts = parseAllowedHosts(env.ALLOWED_HOSTS);
  if (!allowedHosts && (host === '0.0.0.0' || host === '::')) {
    console.warn(`HOST=${host} without ALLOWED_HOSTS: only requests addressed to localhost are answered; set ALLOWED_HOSTS to the names clients use.`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  const migrationDatabaseUrl = env.BACKOFFICE_MIGRATION_DATABASE_URL || undefined;
  if (migrationDatabaseUrl && !databaseUrl) throw new Error('BACKOFFICE_MIGRATION_DATABASE_URL is set without DATABASE_URL (the app role the server works as)');
  if (databaseUrl && !migrationDatabaseUrl) {
    console.warn('DATABASE_URL without BACKOFFICE_MIGRATION_DATABASE_URL: the server works as the tables\' owner, which could disable the append-only triggers; see docs/deployment.md.');
  }
  const server = await startServer({
    databaseUrl,
    migrationDatabaseUrl,
    dataDir: databaseUrl ? undefined : env.BACKOFFICE_DATA_DIR || '.data/pglite',
    uploadsDir: env.BACKOFFICE_UPLOADS_DIR || undefined,
    host,
    allowedHosts,
    port: Number(env.PORT ?? 3333),
    seed: env.BACKOFFICE_SEED === 'demo' ? 'demo' : false,
    smtp: smtpFromEnv(env),
    logger: true,
  });
  console.log(`Back-office server listening on ${server.url} (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error('Could not start the server:', error instanceof Error ? error.message : error);
  process.exit(1);
});
