// Each server area owns the writes to its tables (src/server/README.md, "Boundaries"):
// another area may read them in a join, but inserting, updating, deleting or
// locking their rows goes through the owner's index.ts, whose calls lock,
// check and log the way the owner does. area-boundaries.js lets any area
// import another's schema*.ts (for the joins); this rule looks at what is done
// with those tables, on the syntax tree:
//
// - `x.insert(T)`, `x.update(T)`, `x.delete(T)` (db, tx, deps.db: any receiver)
//   and `insertRows(x, T, rows)` (db/insert-rows.ts) write T;
// - `….for('update' | 'no key update' | 'share' | 'key share', { of })` locks
//   the tables named in `of`, or without `of` every table of the query's
//   `from(T)` and inner joins (PostgreSQL locks them all);
// - a `sql` template whose text writes or locks a table by name
//   (`UPDATE uploads …`, `INSERT INTO t`, `DELETE FROM t`, `UPDATE ${T}`,
//   `FOR UPDATE OF t` with t a table or its alias in the template's FROM or
//   JOIN; a FOR UPDATE / SHARE without OF counts every table of its FROM and
//   JOINs): the names come from the schema files, read on their syntax tree
//   (each exported `pgTable('name', …)`, or any exported call whose first
//   argument is the table's name). Finding the statements is the syntax
//   tree's work; inside a template the SQL is text, read with patterns.
//
// Who owns a table binding: the file it is imported from, followed through the
// scope (a const alias `const i = creditOperationInstallments`, a namespace
// import `ops.creditOperations`, a query kept in a const and locked later). A
// binding imported from src/server/areas/<B>/schema*.ts is area B's table;
// from src/server/platform/schema.ts the platform's. The platform's tables (the
// activity log, the outbox, rate limits, idempotency keys) are written by the
// platform's own modules only: areas call logActivity, eraseOutboxOf,
// eraseLimitsOf and the rest, never write those rows themselves. Code outside
// areas and platform (the server's composition in src/server/handlers, the
// entry points) writes no table at all. src/server/db/ is left out: it creates
// the schema (migrations) and stages the demo data (seeds), the database's own
// set-up rather than a business write.
import fs from 'node:fs';
import path from 'node:path';
// The TypeScript parser through typescript-eslint, the package the config already depends on.
import tseslint from 'typescript-eslint';
import { serverPlace } from './area-boundaries.js';

const WRITES = new Set(['insert', 'update', 'delete']);
const LOCK_STRENGTHS = new Set(['update', 'no key update', 'share', 'key share']);

/** Who owns what a file imports from `spec`: 'areas/<B>' for B's schema*.ts, 'platform' for its schema.ts, else null. */
function ownerOfImport(file, spec) {
  if (typeof spec !== 'string' || !spec.startsWith('.')) return null;
  const place = serverPlace(path.resolve(path.dirname(file), spec));
  if (!place) return null;
  if (place.part === 'areas' && /^schema(-[\w-]+)?(\.ts)?$/.test(place.rest)) return `areas/${place.area}`;
  if (place.part === 'platform' && /^schema(\.ts)?$/.test(place.rest)) return 'platform';
  return null;
}

/** Who the file is: 'areas/<A>', 'platform', 'exempt' (src/server/db) or 'composition' (the rest of src/server). */
function selfOf(file) {
  const place = serverPlace(file);
  if (!place) return null;
  if (place.part === 'areas') return `areas/${place.area}`;
  if (place.part === 'platform') return 'platform';
  if (place.part === 'domain') return 'domain';
  if (place.part === 'other' && /^db\//.test(place.rest)) return 'exempt';
  return 'composition';
}

// ---- Table names by owner, from the schema files' syntax trees (for the SQL text) ----

let tableNamesCache = null;

/** The server folder of `file` (…/src/server), or null. */
function serverRoot(file) {
  const norm = path.normalize(file);
  const marker = `${path.sep}src${path.sep}server${path.sep}`;
  const i = norm.lastIndexOf(marker);
  return i < 0 ? null : norm.slice(0, i + marker.length - 1);
}

/** The SQL names of the tables a schema file exports: `export const t = pgTable('name', …)` (or any call with the name first). */
function tableNamesOf(schemaFile) {
  const { ast } = tseslint.parser.parseForESLint(fs.readFileSync(schemaFile, 'utf8'), { sourceType: 'module', ecmaVersion: 'latest', filePath: schemaFile });
  const names = [];
  for (const statement of ast.body) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.declaration?.type !== 'VariableDeclaration') continue;
    for (const d of statement.declaration.declarations) {
      const init = d.init;
      if (init?.type === 'CallExpression' && init.arguments[0]?.type === 'Literal' && typeof init.arguments[0].value === 'string') {
        names.push(init.arguments[0].value);
      }
    }
  }
  return names;
}

/** Map of SQL table name → owner ('areas/<B>' or 'platform'), read once per lint run. */
function tableOwners(file) {
  const root = serverRoot(file);
  if (!root) return new Map();
  if (tableNamesCache?.root === root) return tableNamesCache.owners;
  const owners = new Map();
  const schemaFiles = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^schema(-[\w-]+)?\.ts$/.test(f)) : []);
  for (const f of schemaFiles(path.join(root, 'platform'))) for (const n of tableNamesOf(path.join(root, 'platform', f))) owners.set(n, 'platform');
  const areas = path.join(root, 'areas');
  for (const area of fs.existsSync(areas) ? fs.readdirSync(areas) : []) {
    for (const f of schemaFiles(path.join(areas, area))) for (const n of tableNamesOf(path.join(areas, area, f))) owners.set(n, `areas/${area}`);
  }
  tableNamesCache = { root, owners };
  return owners;
}

// ---- The rule ----

const ownerWords = (owner) => (owner === 'platform' ? 'the platform (src/server/platform)' : `the ${owner.replace('areas/', '')} area`);

function message(what, table, owner, self) {
  const who = ownerWords(owner);
  if (self === 'composition') return `${what} ${table}: a table of ${who}; the server's composition writes no table, it calls the owner's index.ts.`;
  if (owner === 'platform') return `${what} ${table}: a table of ${who}; it is written through the platform's functions only (activity.ts, mailer.ts, rate-limit.ts…).`;
  return `${what} ${table}: a table of ${who}; another area's rows are written and locked only through ${owner}/index.ts (the owner locks, checks and logs).`;
}

/** The callee's property name of a method call `a.b(…)`, or null. */
const methodName = (call) =>
  call.type === 'CallExpression' && call.callee.type === 'MemberExpression' && !call.callee.computed && call.callee.property.type === 'Identifier'
    ? call.callee.property.name
    : null;

/** The calls of a method chain ending in `call`, last first: `a.b().c().d()` → [d, c, b]. */
function chainOf(call) {
  const calls = [];
  let node = call;
  while (node?.type === 'CallExpression' && node.callee.type === 'MemberExpression') {
    calls.push(node);
    node = node.callee.object;
  }
  return calls;
}

/** The SQL text of a tagged template, with each `${…}` as a marker naming the expression's index. */
function templateText(quasi) {
  let text = '';
  quasi.quasis.forEach((q, i) => {
    text += q.value.cooked ?? q.value.raw;
    if (i < quasi.expressions.length) text += ` ⟪${i}⟫ `;
  });
  return text;
}

export const areaWrites = {
  meta: {
    type: 'problem',
    docs: { description: "An area inserts, updates, deletes and locks only its own tables; another area's go through that area's index.ts" },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const self = selfOf(file);
    if (!self || self === 'exempt' || self === 'domain') return {};
    const sourceCode = context.sourceCode;

    /** The variable an identifier names where it is used, or null. */
    function variableOf(node) {
      for (let scope = sourceCode.getScope(node); scope; scope = scope.upper) {
        const found = scope.set.get(node.name);
        if (found) return found;
      }
      return null;
    }

    /** The import declaration and specifier behind an identifier, or null. */
    function importOf(node) {
      const def = variableOf(node)?.defs[0];
      return def?.type === 'ImportBinding' ? { declaration: def.parent, specifier: def.node } : null;
    }

    /**
     * The tables an expression may be: an imported table binding (`uploads`), a
     * member of a namespace import (`schema.uploads`), or a const bound to one of
     * those (`const i = creditOperationInstallments`), through `as`, `!` and the
     * branches of a conditional.
     */
    function tablesOf(node, depth = 0) {
      if (!node || depth > 8) return [];
      switch (node.type) {
        case 'TSAsExpression':
        case 'TSNonNullExpression':
        case 'TSSatisfiesExpression':
          return tablesOf(node.expression, depth + 1);
        case 'ConditionalExpression':
          return [...tablesOf(node.consequent, depth + 1), ...tablesOf(node.alternate, depth + 1)];
        case 'Identifier': {
          const variable = variableOf(node);
          const def = variable?.defs[0];
          if (!def) return [];
          if (def.type === 'ImportBinding') {
            if (def.node.type === 'ImportNamespaceSpecifier') return [];
            const owner = ownerOfImport(file, def.parent.source.value);
            return owner ? [{ owner, name: node.name }] : [];
          }
          // A const alias (one definition, never reassigned).
          if (def.type === 'Variable' && def.parent.kind === 'const' && def.node.id.type === 'Identifier' && def.node.init) {
            return tablesOf(def.node.init, depth + 1).map((t) => ({ ...t, name: t.name === node.name ? t.name : `${node.name} (${t.name})` }));
          }
          return [];
        }
        case 'MemberExpression': {
          if (node.computed || node.object.type !== 'Identifier') return [];
          const imported = importOf(node.object);
          if (imported?.specifier.type !== 'ImportNamespaceSpecifier') return [];
          const owner = ownerOfImport(file, imported.declaration.source.value);
          return owner ? [{ owner, name: `${node.object.name}.${node.property.name}` }] : [];
        }
        default:
          return [];
      }
    }

    function report(node, what, tables) {
      const seen = new Set();
      for (const table of tables) {
        if (table.owner === self || seen.has(table.name)) continue;
        seen.add(table.name);
        context.report({ node, message: message(what, table.name, table.owner, self) });
      }
    }

    /** The query a `.for(…)` is called on, through a const it was kept in (`const query = db.select()…; query.for('update')`). */
    function queryChain(node, depth = 0) {
      if (node?.type === 'Identifier' && depth < 4) {
        const def = variableOf(node)?.defs[0];
        if (def?.type === 'Variable' && def.node.init) return queryChain(def.node.init, depth + 1);
        return [];
      }
      if (node?.type === 'AwaitExpression') return queryChain(node.argument, depth + 1);
      const calls = chainOf(node);
      const root = calls.at(-1)?.callee.object;
      return root?.type === 'Identifier' && depth < 4 ? [...calls, ...queryChain(root, depth + 1)] : calls;
    }

    /** The tables a `.for(…)` locks: those named in its `of`, else the query's from() and inner joins. */
    function lockedTables(forCall) {
      const options = forCall.arguments[1];
      if (options?.type === 'ObjectExpression') {
        const of = options.properties.find((p) => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === 'of');
        if (of) return (of.value.type === 'ArrayExpression' ? of.value.elements : [of.value]).flatMap((e) => tablesOf(e));
      }
      return queryChain(forCall.callee.object).flatMap((call) => {
        const name = methodName(call);
        return name === 'from' || name === 'innerJoin' ? tablesOf(call.arguments[0]) : [];
      });
    }

    const NAME = String.raw`("?[a-z_][a-z0-9_]*"?|⟪\d+⟫)`;
    const WRITE_SQL = new RegExp(String.raw`\b(insert\s+into|update|delete\s+from|for\s+(?:no\s+key\s+update|update|key\s+share|share)\s+of)\s+(?:only\s+)?` + NAME, 'gi');
    const BARE_LOCK_SQL = /\bfor\s+(?:no\s+key\s+update|update|key\s+share|share)\b(?!\s+of\b)/i;
    const FROM_SQL = new RegExp(String.raw`\b(?:from|join)\s+(?:only\s+)?` + NAME + String.raw`(?:\s+(?:as\s+)?("?[a-z_][a-z0-9_]*"?))?`, 'gi');
    /** Words that follow a table in FROM without being its alias. */
    const NOT_ALIAS = new Set(['where', 'join', 'inner', 'left', 'right', 'full', 'cross', 'natural', 'on', 'using', 'order', 'group', 'having', 'limit', 'offset', 'for', 'union', 'except', 'intersect', 'window', 'set', 'returning', 'with', 'lateral', 'tablesample']);

    /** The tables a name or `${…}` marker in SQL text stands for (`aliases`: the query's FROM aliases). */
    function tablesInSql(node, word, aliases = new Map()) {
      if (word.startsWith('⟪')) return tablesOf(node.quasi.expressions[Number(word.slice(1, -1))]);
      const name = word.replace(/"/g, '').toLowerCase();
      if (aliases.has(name)) return aliases.get(name);
      const owner = tableOwners(file).get(name);
      return owner ? [{ owner, name }] : [];
    }

    /**
     * A `sql` template's writes and locks, read from its text: the table after
     * INSERT INTO, UPDATE, DELETE FROM or FOR … OF (a table or its alias in the
     * template's FROM and JOINs); a FOR UPDATE / SHARE without OF locks every
     * table the query reads, so each FROM and JOIN counts (name the locked
     * table with OF to lock only it).
     */
    function checkSql(node) {
      const text = templateText(node.quasi);
      const read = [];
      const aliases = new Map();
      for (const m of text.matchAll(FROM_SQL)) {
        const tables = tablesInSql(node, m[1]);
        read.push(...tables);
        const alias = m[2]?.replace(/"/g, '').toLowerCase();
        if (alias && !NOT_ALIAS.has(alias)) aliases.set(alias, tables);
      }
      for (const m of text.matchAll(WRITE_SQL)) {
        const verb = m[1].toLowerCase().replace(/\s+/g, ' ');
        // ON CONFLICT … DO UPDATE SET names no table.
        if (verb === 'update' && /\bdo\s*$/i.test(text.slice(0, m.index))) continue;
        const what = verb.startsWith('for ') ? 'Locks' : verb === 'update' ? 'Updates' : verb.startsWith('insert') ? 'Inserts into' : 'Deletes from';
        report(node, `${what} (SQL)`, tablesInSql(node, m[2], verb.startsWith('for ') ? aliases : undefined));
      }
      if (BARE_LOCK_SQL.test(text)) report(node, 'Locks (SQL, FOR … without OF)', read);
    }

    /** Whether a callee is db/insert-rows' insertRows. */
    function isInsertRows(callee) {
      if (callee.type !== 'Identifier') return false;
      const imported = importOf(callee);
      return (
        imported?.specifier.type === 'ImportSpecifier' &&
        imported.specifier.imported.name === 'insertRows' &&
        /(^|\/)db\/insert-rows(\.ts)?$/.test(String(imported.declaration.source.value))
      );
    }

    return {
      CallExpression(node) {
        const name = methodName(node);
        if (name && WRITES.has(name) && node.arguments.length >= 1) {
          report(node, name === 'insert' ? 'Inserts into' : name === 'update' ? 'Updates' : 'Deletes from', tablesOf(node.arguments[0]));
        }
        if (name === 'for' && node.arguments[0]?.type === 'Literal' && LOCK_STRENGTHS.has(node.arguments[0].value)) {
          report(node, 'Locks', lockedTables(node));
        }
        if (isInsertRows(node.callee)) report(node, 'Inserts into', tablesOf(node.arguments[1]));
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type === 'Identifier' && node.tag.name === 'sql') checkSql(node);
      },
    };
  },
};

export default { rules: { 'area-writes': areaWrites } };
