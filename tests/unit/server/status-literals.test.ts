/**
 * A status is written as a string literal only inside the module that owns
 * its workflow: elsewhere in the server, code asks that module (a constant
 * list, a predicate, a move), so a new status or a renamed one is a change in
 * one file, and no query quietly goes on counting the old set.
 *
 * Every status set the database stores or an answer states is declared once
 * below (STATUS_SETS): its words (the shared list), the drizzle columns that
 * hold it, and the files of src/server that own it, each with why. Sets whose
 * rules live in src/shared (the operation's, the solicitation's moves, the
 * installment's) may have no owner in the server at all.
 *
 * The scan reads every source file of src/server on TypeScript's syntax tree
 * (status-literal-matcher.ts), outside the database's history (migrations,
 * seeds and demo data: they record what the rows were, not the rules), and
 * flags a status written as a literal:
 * - in SQL text: a `sql` template, typed or not (`sql<T>`), `sql.raw`, or a
 *   string or template starting with SELECT, UPDATE, INSERT, DELETE or WITH;
 * - in a comparison (===, !==, ==, !=) or a `switch` case;
 * - given to a drizzle condition (eq, ne, inArray, notInArray), alone or in
 *   an array;
 * - in an object literal that writes or states a status: every property value
 *   of an object given to drizzle's `.set()`, `.values()` (or an
 *   `onConflictDoUpdate` `set`), which is a write to a table whatever the
 *   column's name; and, in any other object literal, the value of a property
 *   named `status` or ending in `status` / `Status` (`{ status: 'paid' }`,
 *   `toStatus: …`), which states a status for a row, a move or an answer: a
 *   state change or a claim about one, and so its owner's business. Other
 *   properties are data (`{ reason: 'paid' }` of a remittance's write-off, an
 *   activity's name) and keys are names, not values: labels such as
 *   `{ approved: 'aprovada' }`, messages and words in comments pass.
 *
 * A word flagged is charged to a set: to the set of the column the place
 * names when it names one (`eq(approvalRequests.status, 'pending')`,
 * `update(outbox).set({ status: 'sent' })`), else to every set holding the
 * word. It is an offence unless the file owns the set (or, without a column,
 * one of the sets holding the word: 'pending' is an approval's, an outbox
 * message's, a solicitation's, a cession's and a repurchase's word).
 *
 * Sets left out, on purpose: the Receita's registration statuses (its
 * register's words, read and shown, never decided here), the solicitations'
 * CANCELLED / APPROVED query argument (the spec's spelling of a filter) and
 * the kinds (postings, transactions, guarantees…), which name what a row is,
 * not where it stands — except the bank's movement kinds of a return line,
 * which share 'settled' and 'rejected' with statuses and so are declared to
 * say who may use them. The last test fails when src/shared exports a new
 * list named like a status set that is declared nowhere here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { broadcastSchema } from '../../../src/shared/contract/messages';
import { CESSION_STATUSES } from '../../../src/shared/contract/servicing-cession';
import { REPURCHASE_STATUSES } from '../../../src/shared/contract/servicing-repurchase';
import { PIX_NOTICE_STATUSES } from '../../../src/shared/contract/pix';
import { SLOT_STATES } from '../../../src/shared/contract/solicitations';
import { TITLE_REGISTRATION_STATES } from '../../../src/shared/contract/servicing-boleto';
import { SUSPENSE_STATES } from '../../../src/shared/contract/servicing-suspense';
import { SCR_EVENT_STATUSES } from '../../../src/shared/contract/regulatory-3044';
import { CONTACT_OUTCOMES, PROMISE_STATES } from '../../../src/shared/contacts';
import { AGREEMENT_INSTALLMENT_STATUSES, RENEGOTIATION_OUTCOMES, RENEGOTIATION_STATUSES } from '../../../src/shared/renegotiation';
import { REMINDER_REASONS, REMINDER_STATUSES } from '../../../src/shared/reminders';
import { NEGATIVATION_REMOVAL_REASONS, NEGATIVATION_STATUSES } from '../../../src/shared/negativation';
import { CREDIT_OPERATION_STATUSES } from '../../../src/shared/credit-operation-status';
import {
  APPROVAL_STATUSES,
  BROADCAST_RECIPIENT_STATUSES,
  ISSUED_CONTRACT_STATUSES,
  LGPD_STATUSES,
  RETURN_LINE_OUTCOMES,
  RETURN_MOVEMENT_KINDS,
} from '../../../src/shared/enums';
import { INSTALLMENT_STATUSES } from '../../../src/shared/installment-status';
import { SOLICITATION_STATUSES } from '../../../src/shared/solicitation-status';
import { statusLiterals, type StatusLiteral } from './status-literal-matcher';

const ROOT = join(__dirname, '../../..');
const SERVER = join(ROOT, 'src/server');
const SHARED = join(ROOT, 'src/shared');

interface StatusSet {
  statuses: readonly string[];
  /** the drizzle columns holding it, as `tableExport.column` */
  columns: readonly string[];
  /** the files of src/server (relative to it) that own its words, each with why */
  owners: Readonly<Record<string, string>>;
  /** where its rules live when not in the server */
  rules?: string;
}

/** Every status set, its columns and its owners. */
export const STATUS_SETS: Readonly<Record<string, StatusSet>> = {
  CREDIT_OPERATION_STATUSES: {
    statuses: CREDIT_OPERATION_STATUSES,
    columns: ['creditOperations.status', 'creditOperationEvents.from_status', 'creditOperationEvents.to_status'],
    owners: {},
    rules: 'src/shared/credit-operation-status.ts (moves, predicates, COLLECTING_STATUSES…); the server moves an operation with those constants',
  },
  SOLICITATION_STATUSES: {
    statuses: SOLICITATION_STATUSES,
    columns: ['solicitations.status', 'solicitationStatusHistory.from_status', 'solicitationStatusHistory.to_status', 'dashboardReceived.status'],
    owners: { 'areas/intake/solicitations-workflow.ts': 'the workflow: every move, and what a contracted solicitation refuses' },
    rules: 'src/shared/solicitation-status.ts (transitions, open and final lists)',
  },
  INSTALLMENT_STATUSES: {
    statuses: INSTALLMENT_STATUSES,
    columns: ['installmentStates.status', 'installmentStatusHistory.status'],
    owners: {},
    rules: 'src/shared/installment-status.ts (transitions, stored and collectible lists)',
  },
  APPROVAL_STATUSES: {
    statuses: APPROVAL_STATUSES,
    columns: ['approvalRequests.status'],
    owners: { 'areas/operations/approvals.ts': 'the four-eyes requests: opens, checks and closes them (REQUEST names the statuses for the others)' },
  },
  ISSUED_CONTRACT_STATUSES: {
    statuses: ISSUED_CONTRACT_STATUSES,
    columns: ['issuedContracts.status'],
    owners: { 'areas/operations/contracts.ts': 'issues and cancels contracts' },
  },
  LGPD_STATUSES: {
    statuses: LGPD_STATUSES,
    columns: ['lgpdRequests.status'],
    owners: {
      'areas/lgpd/lgpd-requests.ts': 'opens and refuses a request',
      'areas/lgpd/lgpd.ts': 'concludes a request with the erase it asked for',
    },
  },
  BROADCAST_RECIPIENT_STATUSES: {
    statuses: BROADCAST_RECIPIENT_STATUSES,
    columns: ['broadcastRecipients.status'],
    owners: {
      'areas/messages/messages-create.ts': 'queues the recipients of a new broadcast',
      'areas/messages/messages-sender.ts': 'claims, sends, fails and requeues them',
    },
  },
  BROADCAST_STATUSES: {
    statuses: broadcastSchema.shape.status.options,
    columns: [],
    owners: { 'areas/messages/handlers/messages.ts': 'derives a broadcast’s status from its recipients’ counts (no column)' },
  },
  OUTBOX_STATUSES: {
    // No shared list: the outbox is the platform's, its status column free text written by the mailer alone.
    statuses: ['pending', 'sending', 'stored', 'sent', 'failed'],
    columns: ['outbox.status'],
    owners: { 'platform/mailer.ts': 'queues, claims and sends the e-mail outbox' },
  },
  CESSION_STATUSES: {
    statuses: CESSION_STATUSES,
    columns: [],
    owners: { 'areas/transfers/cession.ts': 'derives a cession’s status from its four-eyes request (no column)' },
  },
  REPURCHASE_STATUSES: {
    statuses: REPURCHASE_STATUSES,
    columns: [],
    owners: { 'areas/transfers/repurchase.ts': 'derives a repurchase’s status from its requests and its undoing (no column)' },
  },
  SLOT_STATES: {
    statuses: SLOT_STATES,
    columns: [],
    owners: { 'areas/intake/solicitations.ts': 'derives a document slot’s state from its documents (no column)' },
  },
  SUSPENSE_STATES: {
    statuses: SUSPENSE_STATES,
    columns: [],
    owners: { 'areas/suspense/items.ts': 'derives a suspense item’s state from its moves (no column)' },
  },
  RETURN_LINE_OUTCOMES: {
    statuses: RETURN_LINE_OUTCOMES,
    columns: ['returnFileLines.outcome'],
    owners: {
      'domain/cnab/return-settlement.ts': 'decides a line’s outcome from its movement',
      'areas/bank-files/cnab-return.ts': 'applies a return file and stores each line’s outcome',
    },
  },
  PIX_NOTICE_STATUSES: {
    statuses: PIX_NOTICE_STATUSES,
    columns: ['pixNotices.status'],
    owners: { 'areas/pix/notices.ts': 'settles a Pix notice or keeps it unmatched with the reason' },
  },
  RETURN_MOVEMENT_KINDS: {
    statuses: RETURN_MOVEMENT_KINDS,
    columns: ['returnFileLines.kind'],
    owners: {
      'domain/cnab/codes.ts': 'maps each bank’s movement codes to a kind',
      'domain/cnab/return-settlement.ts': 'decides a line’s outcome from its kind',
      'areas/bank-files/cnab-return.ts': 'stores each line’s kind',
      'areas/servicing/boleto-rejection.ts': 'reads back the registration words the bank said last (REGISTRATION_KINDS)',
      'areas/bank-files/registered-title.ts': 'reads the bank’s last registration word to say where a title stands',
    },
  },
  SCR_EVENT_STATUSES: {
    statuses: SCR_EVENT_STATUSES,
    columns: [],
    owners: { 'areas/regulatory/doc3044/events.ts': 'derives a Doc 3044 event’s status from when it was sent and its deadline (no column)' },
  },
  CONTACT_OUTCOMES: {
    statuses: CONTACT_OUTCOMES,
    columns: ['collectionContacts.outcome'],
    owners: {},
  },
  RENEGOTIATION_STATUSES: {
    statuses: RENEGOTIATION_STATUSES,
    columns: [],
    owners: { 'areas/renegotiation/agreements.ts': 'derives an agreement’s status from its decision (pending while none)' },
  },
  RENEGOTIATION_OUTCOMES: {
    statuses: RENEGOTIATION_OUTCOMES,
    columns: ['renegotiationDecisions.outcome'],
    owners: { 'areas/renegotiation/agreements.ts': 'records an agreement’s decision: agreed, refused or withdrawn' },
  },
  AGREEMENT_INSTALLMENT_STATUSES: {
    statuses: AGREEMENT_INSTALLMENT_STATUSES,
    columns: [],
    owners: { 'domain/renegotiation/collection.ts': 'derives an agreement installment’s status from its replay (the one function)' },
  },
  REMINDER_STATUSES: {
    statuses: REMINDER_STATUSES,
    columns: ['paymentReminders.status'],
    owners: { 'areas/reminders/job.ts': 'queues, claims, sends and skips payment reminders (the one writer of their state)', 'areas/reminders/list.ts': 'filters the reminders list by the status asked' },
  },
  REMINDER_REASONS: {
    statuses: REMINDER_REASONS,
    columns: ['paymentReminders.reason'],
    owners: { 'areas/reminders/job.ts': 'records why a reminder was skipped, held back or failed' },
  },
  NEGATIVATION_STATUSES: {
    statuses: NEGATIVATION_STATUSES,
    columns: ['negativationRecords.status', 'negativationEvents.kind'],
    owners: {
      'areas/negativation/submit.ts': 'records an installment sent to the bureau (its first state and event)',
      'areas/negativation/job.ts': 'moves a record through the bureau’s notice, inclusion and removal (the one writer of its later states)',
      'areas/negativation/reads.ts': 'filters the records and the candidates by state',
    },
  },
  NEGATIVATION_REMOVAL_REASONS: {
    statuses: NEGATIVATION_REMOVAL_REASONS,
    columns: ['negativationRecords.removal_reason'],
    owners: { 'areas/negativation/job.ts': 'records why a removal became due: paid or nothing overdue' },
  },
  PROMISE_STATES: {
    statuses: PROMISE_STATES,
    columns: [],
    owners: { 'areas/collections-desk/promise-state.ts': 'derives a promise to pay’s state from the payments in its window and the business date (no column)' },
  },
  TITLE_REGISTRATION_STATES: {
    statuses: TITLE_REGISTRATION_STATES,
    columns: [],
    owners: { 'areas/bank-files/registered-title.ts': 'derives where a slip’s title stands at its bank from the remittances and return files (no column)' },
  },
};

/** Lists in src/shared named like status sets that are no status set of their own here, each with why. */
const NOT_STATUS_SETS: Readonly<Record<string, string>> = {
  RECEITA_REGISTRATION_STATUSES: 'the Receita’s register words, read and shown, never decided here',
  CANCELLED_APPROVED_STATUSES: 'the spec’s upper-case spelling of a filter argument',
  BRAZIL_STATES: 'the federation’s states (UF), not a status',
};

/** The database's history and the demo data, not its rules. */
const HISTORY = [/^db\/migrations\//, /^db\/seed[^/]*\.ts$/, /^db\/demo-files\.ts$/, /^areas\/bureau\/demo\.ts$/];

const EVERY_STATUS: ReadonlySet<string> = new Set(Object.values(STATUS_SETS).flatMap((s) => s.statuses));

/** The hits of `file` (relative to src/server) that break the ownership above, as "file:line 'word' (sets): source". */
export function offencesIn(file: string, hits: readonly StatusLiteral[]): string[] {
  const sets = Object.entries(STATUS_SETS);
  const owns = (set: StatusSet) => file in set.owners;
  return hits.flatMap((hit) => {
    const byColumn = hit.column ? sets.find(([, s]) => s.columns.includes(hit.column as string) && s.statuses.includes(hit.literal)) : undefined;
    const charged = byColumn ? [byColumn] : sets.filter(([, s]) => s.statuses.includes(hit.literal));
    if (charged.length === 0 || charged.some(([, s]) => owns(s))) return [];
    return [`src/server/${file}:${hit.line} '${hit.literal}' (${charged.map(([name]) => name).join(', ')}; ${hit.how}): ${hit.text}`];
  });
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const serverName = (path: string) => relative(SERVER, path).split(sep).join('/');

describe('status literals stay in the modules that own them', () => {
  it('finds none in src/server outside each set’s owners, migrations and seeds', () => {
    const offences: string[] = [];
    for (const path of sources(SERVER)) {
      const name = serverName(path);
      if (HISTORY.some((h) => h.test(name))) continue;
      offences.push(...offencesIn(name, statusLiterals(readFileSync(path, 'utf8'), EVERY_STATUS)));
    }
    expect(offences).toEqual([]);
  });

  it('names only owners that exist', () => {
    const files = new Set(sources(SERVER).map(serverName));
    const missing = Object.entries(STATUS_SETS).flatMap(([name, s]) => Object.keys(s.owners).filter((f) => !files.has(f)).map((f) => `${name}: ${f}`));
    expect(missing).toEqual([]);
  });

  it('declares every list src/shared exports under a status set’s name (…_STATUSES, …_STATES, …_OUTCOMES)', () => {
    // A list of literal words whose words are not all in a declared set is a new status set: declare it above (or say why not).
    const undeclared: string[] = [];
    for (const path of sources(SHARED)) {
      const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      for (const statement of file.statements) {
        if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
        for (const d of statement.declarationList.declarations) {
          if (!ts.isIdentifier(d.name) || !/_(STATUSES|STATES|OUTCOMES)$/.test(d.name.text) || !d.initializer || d.name.text in NOT_STATUS_SETS) continue;
          let init: ts.Expression = d.initializer;
          while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
          if (!ts.isArrayLiteralExpression(init)) continue; // derived from a declared list (a filter of it)
          const words = init.elements.filter(ts.isStringLiteral).map((e) => e.text);
          const declared = Object.values(STATUS_SETS).some((s) => words.every((w) => s.statuses.includes(w)));
          if (!declared) undeclared.push(`${relative(ROOT, path)}: ${d.name.text}`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  describe('the matcher', () => {
    const WORKFLOW = new Set<string>([...CREDIT_OPERATION_STATUSES, ...SOLICITATION_STATUSES, ...INSTALLMENT_STATUSES]);
    const found = (snippet: string, statuses: ReadonlySet<string> = WORKFLOW) => statusLiterals(snippet, statuses).map((h) => [h.line, h.literal]);

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
      expect(found(snippet)).toEqual([
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

    it('catches a status in a typed sql<T> template', () => {
      const snippet = "const collecting = sql<boolean>`${ops.status} = 'disbursed'`;";
      expect(found(snippet)).toEqual([[1, 'disbursed']]);
    });

    it('catches a status in sql.raw', () => {
      const snippet = "const open = sql.raw(\"status IN ('paid', 'open')\");";
      expect(found(snippet)).toEqual([[1, 'paid'], [1, 'open']]);
    });

    it('catches a status in a switch case and a loose comparison', () => {
      const snippet = ['switch (row.status) {', "  case 'approved': return 1;", '}', "if (row.status == 'analysis') return;"].join('\n');
      expect(found(snippet)).toEqual([[2, 'approved'], [4, 'analysis']]);
    });

    it('catches a status written in an object literal: .set, .values and a status property', () => {
      const snippet = [
        "await tx.update(creditOperations).set({ status: 'settled' }).where(eq(creditOperations.id, id));",
        "await tx.insert(solicitationStatusHistory).values({ solicitation_id: id, to_status: 'approved' });",
        "const patch = { status: 'written_off' as const };",
      ].join('\n');
      expect(found(snippet)).toEqual([[1, 'settled'], [2, 'approved'], [3, 'written_off']]);
    });

    it('catches a status in a multi-line typed template, a bound literal, a ?: branch and a list of rows', () => {
      const snippet = [
        'const n = await tx.execute(sql<{ n: number }>`',
        '  SELECT count(*) AS n FROM credit_operation_installments',
        "   WHERE status IN ('open', ${'partially_paid'})`);",
        "await tx.update(installmentStates).set(late ? { status: 'written_off' } : { status: 'renegotiated' });",
        "await tx.insert(installmentStates).values([{ installment_id: 1, note: 'paid' }]);",
        "const row = { storedStatus: done ? 'paid' : null };",
      ].join('\n');
      expect(found(snippet)).toEqual([[3, 'open'], [3, 'partially_paid'], [4, 'written_off'], [4, 'renegotiated'], [5, 'paid'], [6, 'paid']]);
    });

    it('names the column a condition or a write is about, through the names a file gives its tables', () => {
      const snippet = [
        "import { broadcastRecipients as R } from './schema';",
        'const handler = alias(users, "handler");',
        "await db.update(R).set({ status: 'sent' }).where(eq(R.status, 'sending'));",
        "await db.insert(outbox).values({ to, status: 'pending' }).onConflictDoUpdate({ target: outbox.id, set: { status: 'failed' } });",
        "const x = where(eq(handler.status, 'queued'));",
      ].join('\n');
      const hits = statusLiterals(snippet, new Set(['sent', 'sending', 'pending', 'failed', 'queued']));
      expect(hits.map((h) => [h.line, h.literal, h.how, h.column])).toEqual([
        [3, 'sent', 'write', 'broadcastRecipients.status'],
        [3, 'sending', 'condition', 'broadcastRecipients.status'],
        [4, 'pending', 'write', 'outbox.status'],
        [4, 'failed', 'write', 'outbox.status'],
        [5, 'queued', 'condition', 'users.status'],
      ]);
    });

    it('lets through messages, labels, keys, other properties, other words and the owners’ constants', () => {
      const snippet = [
        "const message = 'A operação está cancelled';",
        "const labels = { approved: 'aprovada', refused: 'recusada' };",
        "if (kind === 'message') return;",
        "const f = where(eq(users.role, 'admin'));",
        'if (isDisbursed(status)) return;',
        'const g = sql`SELECT count(*) FROM credit_operations WHERE status IN (${sql.join(COLLECTING_STATUSES.map((s) => sql`${s}`), sql`, `)})`;',
        "const h = { reason: 'paid', action: 'approved' };",
        "// the row is marked 'paid'",
        "const i = sql<number>`SELECT count(*) FROM t WHERE status = ${REQUEST.pending}`;",
        "type Row = { status: 'paid' };",
        "await tx.update(installmentStates).set({ status: SETTLEMENT_MOVE.to });",
      ].join('\n');
      expect(found(snippet)).toEqual([]);
    });

    it('flags a word only for the statuses it is asked about', () => {
      const snippet = "if (row.status !== 'pending') return;";
      expect(found(snippet, new Set(['pending']))).toEqual([[1, 'pending']]);
      expect(found(snippet, new Set(['approved']))).toEqual([]);
    });
  });

  describe('the ownership', () => {
    const hit = (literal: string, column?: string): StatusLiteral => ({ line: 1, literal, text: '…', how: column ? 'condition' : 'comparison', ...(column ? { column } : {}) });

    it('charges a word to the set of the column the place names', () => {
      // 'pending' is an approval's and an outbox message's word: the column says whose.
      expect(offencesIn('platform/mailer.ts', [hit('pending', 'outbox.status')])).toEqual([]);
      expect(offencesIn('platform/mailer.ts', [hit('pending', 'approvalRequests.status')])).toHaveLength(1);
      expect(offencesIn('areas/collection/payment-reads.ts', [hit('pending', 'approvalRequests.status')])).toHaveLength(1);
    });

    it('lets a file use a word without a column when it owns a set holding it, and no other', () => {
      expect(offencesIn('areas/operations/approvals.ts', [hit('pending')])).toEqual([]);
      expect(offencesIn('areas/operations/approvals.ts', [hit('disbursed')])).toHaveLength(1);
      expect(offencesIn('areas/borrowers/borrowers.ts', [hit('issued', 'issuedContracts.status')])).toHaveLength(1);
    });
  });
});
