/**
 * The database's functions that repeat a status rule in SQL say the same as
 * the shared list they repeat. A trigger cannot import
 * src/shared/credit-operation-status.ts, so migration 0019 writes the
 * collecting rule out (`status IN ('disbursed')`, COLLECTING_STATUSES) and
 * migration 0014's dashboard counts a solicitation as converted when it moved
 * into the status that awaits a contract (`to_status = 'approved'`). A change
 * to the shared list that forgets them would leave the database counting the
 * old set, silently: this test fails instead, and the fix is a new migration
 * that redefines the function (shipped migrations are never edited).
 *
 * It reads every migration in the order they are applied, keeps the last
 * definition of each function (CREATE [OR REPLACE] FUNCTION; DROP FUNCTION
 * forgets it), and finds in its body each comparison of a status column
 * (`status`, `to_status`, `NEW.status`, `h.to_status`…) with literals (=, <>,
 * !=, IN, NOT IN). Every function holding one is declared below with the
 * shared list each column's literals must equal; a new function with a status
 * literal, or a declared one that lost its literals, fails until this table
 * says which list it repeats.
 */
import { describe, expect, it } from 'vitest';
import { migrations, type Migration } from '../../../src/server/db/migrations';
import { COLLECTING_STATUSES, SCHEDULE_OPEN_STATUSES } from '../../../src/shared/credit-operation-status';
import { awaitsContract, SOLICITATION_STATUSES } from '../../../src/shared/solicitation-status';

/** The status comparisons of a function's body: the column (its alias dropped) and the literals, as written. */
export type StatusRules = Record<string, string[]>;

const DEFINE = /\bCREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+([a-z_][a-z0-9_]*)\s*\(/gi;
const DROP = /\bDROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?([a-z_][a-z0-9_]*)/gi;
const DOLLAR_QUOTE = /\$([a-z_]*)\$/gi;
const STATUS_COMPARISON = /\b(?:[a-z_][a-z0-9_]*\.)?([a-z_]*status)\s*(?:NOT\s+IN|IN|=|<>|!=)\s*(\(\s*'[^)]*\)|'[^']*')/gi;
const LITERAL = /'([^']*)'/g;

/** Each function's body as its last definition across `list` (in order) leaves it. */
export function lastFunctionBodies(list: readonly Migration[]): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const m of list) {
    const events: Array<{ at: number; name: string; body: string | null }> = [];
    for (const d of m.sql.matchAll(DEFINE)) {
      DOLLAR_QUOTE.lastIndex = d.index + d[0].length;
      const open = DOLLAR_QUOTE.exec(m.sql);
      if (!open) throw new Error(`${m.id}: function ${d[1]} has no $$ body`);
      const close = m.sql.indexOf(open[0], open.index + open[0].length);
      if (close < 0) throw new Error(`${m.id}: function ${d[1]}'s body is not closed`);
      events.push({ at: d.index, name: d[1].toLowerCase(), body: m.sql.slice(open.index + open[0].length, close) });
    }
    for (const d of m.sql.matchAll(DROP)) events.push({ at: d.index, name: d[1].toLowerCase(), body: null });
    for (const e of events.sort((a, b) => a.at - b.at)) {
      if (e.body === null) bodies.delete(e.name);
      else bodies.set(e.name, e.body);
    }
  }
  return bodies;
}

/** The status comparisons of a body, by column: the literals each is compared with (sorted, once each). */
export function statusRules(body: string): StatusRules {
  const rules: Record<string, Set<string>> = {};
  const code = body.replace(/--[^\n]*/g, '');
  for (const m of code.matchAll(STATUS_COMPARISON)) {
    const column = m[1].toLowerCase();
    rules[column] ??= new Set();
    for (const l of m[2].matchAll(LITERAL)) rules[column].add(l[1]);
  }
  return Object.fromEntries(Object.entries(rules).map(([column, literals]) => [column, [...literals].sort()]));
}

/** Every function that writes a status rule in SQL, with the shared list each column's literals repeat. */
const REPEATED_RULES: Readonly<Record<string, { why: string; lists: Readonly<Record<string, readonly string[]>> }>> = {
  installments_collecting_follow_operation: {
    why: 'an operation’s status change sets `collecting` on its installments (0019)',
    lists: { status: COLLECTING_STATUSES },
  },
  installment_schedule_fixed: {
    why: 'an issued contract’s schedule (or one whose money left) is fixed; before issue it may be replaced (0036)',
    lists: { status: SCHEDULE_OPEN_STATUSES },
  },
  installment_collecting_of_operation: {
    why: 'an installment written takes its operation’s `collecting` (0019)',
    lists: { status: COLLECTING_STATUSES },
  },
  // The dashboard's conversion: a solicitation that moved into the status awaiting a contract (awaitsContract).
  dashboard_apply_facts: { why: 'counts received solicitations, converted or not (0014)', lists: { to_status: SOLICITATION_STATUSES.filter(awaitsContract) } },
  dashboard_apply_approvals: { why: 'recounts a solicitation whose moves into approved changed (0014)', lists: { to_status: SOLICITATION_STATUSES.filter(awaitsContract) } },
  dashboard_rebuild: { why: 'recounts the dashboard from the rows (0014)', lists: { to_status: SOLICITATION_STATUSES.filter(awaitsContract) } },
  dashboard_history_written: { why: 'follows a status history move into approved (0014)', lists: { to_status: SOLICITATION_STATUSES.filter(awaitsContract) } },
};

const sorted = (list: readonly string[]) => [...new Set(list)].sort();

describe('status rules written in the database’s functions', () => {
  const bodies = lastFunctionBodies(migrations);

  it('repeat the shared lists they stand for, in each function’s last definition', () => {
    const found: Record<string, StatusRules> = {};
    for (const [name, body] of bodies) {
      const rules = statusRules(body);
      if (Object.keys(rules).length > 0) found[name] = rules;
    }
    const expected = Object.fromEntries(
      Object.entries(REPEATED_RULES).map(([name, r]) => [name, Object.fromEntries(Object.entries(r.lists).map(([column, list]) => [column, sorted(list)]))]),
    );
    expect(found).toEqual(expected);
  });

  describe('the reader', () => {
    const m = (id: string, sql: string): Migration => ({ id, sql });

    it('finds the literals of each status comparison, by column, in IN lists and equalities', () => {
      const body = [
        "UPDATE t SET collecting = (NEW.status IN ('disbursed', 'settled')) WHERE x;",
        "SELECT status IN ('disbursed') INTO NEW.collecting FROM credit_operations;",
        "SELECT 1 FROM h WHERE h.to_status = 'approved' AND o.to_status <> 'refused';",
        "-- a comment: status = 'cancelled'",
        'SELECT kind FROM t WHERE kind = ' + "'payment';",
      ].join('\n');
      expect(statusRules(body)).toEqual({ status: ['disbursed', 'settled'], to_status: ['approved', 'refused'] });
    });

    it('keeps the last definition of a function across migrations, and forgets a dropped one', () => {
      const list = [
        m('a', "CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.x := NEW.status IN ('a'); END; $$;\nCREATE FUNCTION g() RETURNS void AS $body$ SELECT 1 WHERE status = 'b' $body$;"),
        m('b', "CREATE OR REPLACE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.x := NEW.status IN ('a', 'c'); END; $$;"),
        m('c', 'DROP FUNCTION g();'),
      ];
      const bodies = lastFunctionBodies(list);
      expect([...bodies.keys()]).toEqual(['f']);
      expect(statusRules(bodies.get('f') as string)).toEqual({ status: ['a', 'c'] });
    });

    it('tells a shared list from the trigger that forgot it', () => {
      // What the check compares: 0019's collecting rule against a list that has grown.
      const rule = statusRules(lastFunctionBodies(migrations).get('installment_collecting_of_operation') as string);
      expect(rule.status).toEqual(sorted(COLLECTING_STATUSES));
      expect(rule.status).not.toEqual(sorted([...COLLECTING_STATUSES, 'written_off']));
    });
  });
});
