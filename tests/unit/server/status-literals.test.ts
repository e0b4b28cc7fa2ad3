/**
 * A status is written as a string literal only inside the module that owns
 * its workflow: elsewhere in the server, code asks that module (a constant
 * list, a predicate, a move), so a new status or a renamed one is a change in
 * one file, and no query quietly goes on counting the old set.
 *
 * The scan reads every source file of src/server outside the workflow modules
 * and the database's history (migrations, seeds: they record what the rows
 * were, not the rules), and flags a workflow status written as a literal in
 * SQL text (inside sql`…` or a raw query string), in a comparison (===, !==)
 * or as a value given to a drizzle condition (eq, ne, inArray, notInArray).
 * Plain messages, labels and object keys are not comparisons and pass.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPROVAL_STATUSES } from '../../../src/shared/contract/approvals';
import { RETURN_LINE_OUTCOMES, RETURN_MOVEMENT_KINDS } from '../../../src/shared/contract/company-cnab-return';
import { CREDIT_OPERATION_STATUSES } from '../../../src/shared/credit-operation-status';
import { INSTALLMENT_STATUSES } from '../../../src/shared/installment-status';
import { SOLICITATION_STATUSES } from '../../../src/shared/solicitation-status';

const ROOT = join(__dirname, '../../..');
const SERVER = join(ROOT, 'src/server');

/** The statuses of the workflows whose rules the server keeps in one module each. */
const WORKFLOW_STATUSES: ReadonlySet<string> = new Set<string>([...CREDIT_OPERATION_STATUSES, ...SOLICITATION_STATUSES, ...INSTALLMENT_STATUSES]);

/** Workflow modules of the server: the one place each writes its statuses (the shared ones live outside src/server). */
const WORKFLOW_MODULES = ['areas/intake/solicitations-workflow.ts'];

/** The database's history and the demo data, not its rules. */
const HISTORY = [/^db\/migrations\//, /^db\/seed[^/]*\.ts$/, /^db\/demo-files\.ts$/, /^areas\/intake\/bureau\/demo\.ts$/];

/**
 * Modules that own the status of another table whose words a workflow also
 * uses ('pending', 'cancelled'…): there, their own words are theirs.
 */
const OTHER_OWNERS: Readonly<Record<string, readonly string[]>> = {
  'areas/operations/approvals.ts': APPROVAL_STATUSES,
  'areas/operations/contracts.ts': ['issued', 'cancelled'],
  'platform/mailer.ts': ['pending', 'stored', 'sent', 'failed'],
  // A return line's outcome and the bank's movement kind ('settled' there is the bank's word, not the operation's).
  'areas/servicing/cnab-return.ts': [...RETURN_LINE_OUTCOMES, ...RETURN_MOVEMENT_KINDS],
  // The bank's movement kinds, read back from the stored return lines for the boleto's rejection.
  'areas/servicing/boleto-rejection.ts': RETURN_MOVEMENT_KINDS,
};

export interface StatusLiteral {
  line: number;
  literal: string;
  text: string;
}

const QUOTED = /'([a-z_]+)'/g;
/** A literal compared, or handed to a drizzle condition. */
const COMPARED = [/(?:===|!==)\s*'([a-z_]+)'/g, /'([a-z_]+)'\s*(?:===|!==)/g, /\b(?:eq|ne)\([^()]*?,\s*'([a-z_]+)'\s*\)/g];
/** drizzle's list conditions: every literal of the list. */
const LISTED = /\b(?:inArray|notInArray)\([^()]*?,\s*\[([^\]]*)\]\s*\)/g;
/** SQL text: inside sql`…` templates, and query strings starting with a SQL verb. */
const SQL_TEMPLATE = /sql`((?:[^`\\]|\\.)*)`/g;
const SQL_STRING = /(["'`])\s*(?:SELECT|UPDATE|INSERT|DELETE|WITH)\b((?:(?!\1)[^\\]|\\.)*)\1/g;

/** Where `source` writes a status of `statuses` as a literal in SQL or a comparison, with its line. */
export function statusLiterals(source: string, statuses: ReadonlySet<string> = WORKFLOW_STATUSES): StatusLiteral[] {
  const found = new Map<string, StatusLiteral>();
  const lineAt = (index: number) => source.slice(0, index).split('\n').length;
  const add = (index: number, literal: string) => {
    if (!statuses.has(literal)) return;
    const line = lineAt(index);
    const key = `${line}:${literal}`;
    if (!found.has(key)) found.set(key, { line, literal, text: source.split('\n')[line - 1].trim() });
  };
  for (const pattern of COMPARED) for (const m of source.matchAll(pattern)) add(m.index, m[1]);
  for (const m of source.matchAll(LISTED)) for (const q of m[1].matchAll(QUOTED)) add(m.index + m[0].indexOf(q[0]), q[1]);
  for (const pattern of [SQL_TEMPLATE, SQL_STRING]) {
    for (const m of source.matchAll(pattern)) {
      const body = m[0];
      for (const q of body.matchAll(QUOTED)) add(m.index + (q.index ?? 0), q[1]);
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line || source.indexOf(`'${a.literal}'`) - source.indexOf(`'${b.literal}'`));
}

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('status literals stay in their workflow modules', () => {
  it('finds none in src/server outside the workflow modules, migrations and seeds', () => {
    const offences: string[] = [];
    for (const path of serverSources(SERVER)) {
      const name = relative(SERVER, path).split(sep).join('/');
      if (WORKFLOW_MODULES.includes(name) || HISTORY.some((h) => h.test(name))) continue;
      const own = new Set(OTHER_OWNERS[name] ?? []);
      const statuses = new Set([...WORKFLOW_STATUSES].filter((s) => !own.has(s)));
      for (const hit of statusLiterals(readFileSync(path, 'utf8'), statuses)) offences.push(`src/server/${name}:${hit.line} '${hit.literal}': ${hit.text}`);
    }
    expect(offences).toEqual([]);
  });

  describe('the matcher', () => {
    it('catches a status in raw SQL, in a sql`` template, in a comparison and in drizzle conditions', () => {
      const snippet = [
        "const a = await tx.execute(sql`SELECT 1 FROM credit_operations WHERE status NOT IN ('refused', 'cancelled')`);",
        "const b = await db.rows(\"SELECT id FROM solicitations WHERE status = 'approved'\");",
        "if (row.status === 'disbursed') return;",
        "if ('in_review' !== s.status) return;",
        "const c = where(eq(creditOperations.status, 'analysis'));",
        "const d = where(notInArray(creditOperations.status, ['proposal', 'returned']));",
        "const e = where(ne(installments.status, 'paid'));",
      ].join('\n');
      expect(statusLiterals(snippet).map((h) => [h.line, h.literal])).toEqual([
        [1, 'refused'],
        [1, 'cancelled'],
        [2, 'approved'],
        [3, 'disbursed'],
        [4, 'in_review'],
        [5, 'analysis'],
        [6, 'proposal'],
        [6, 'returned'],
        [7, 'paid'],
      ]);
    });

    it('lets through messages, labels, keys, other words and the workflow modules’ own names', () => {
      const snippet = [
        "const message = 'A operação está cancelled';",
        "const labels = { approved: 'aprovada', refused: 'recusada' };",
        "if (kind === 'message') return;",
        "const f = where(eq(users.role, 'admin'));",
        "if (isDisbursed(status)) return;",
        "const g = sql`SELECT count(*) FROM credit_operations WHERE status IN (${sql.join(COLLECTING_STATUSES.map((s) => sql`${s}`), sql`, `)})`;",
      ].join('\n');
      expect(statusLiterals(snippet)).toEqual([]);
    });

    it('flags a word only for the statuses it is asked about (a table’s own words in its owner)', () => {
      const snippet = "if (row.status !== 'pending') return;";
      expect(statusLiterals(snippet).map((h) => h.literal)).toEqual(['pending']);
      expect(statusLiterals(snippet, new Set(['approved']))).toEqual([]);
    });
  });
});
