/**
 * Where a source file writes a status as a string literal in a place that
 * decides or changes something (status-literals.test.ts says why and which
 * files may). Read on TypeScript's syntax tree, not with patterns over the
 * text, so a typed `sql<T>` template, a `switch`, an object literal handed
 * to drizzle and a multi-line condition are all seen; comments, labels,
 * messages and object keys are not code that decides and pass.
 *
 * A literal counts (`how` in each hit):
 * - `sql`: inside SQL text: a quoted word in a template tagged `sql` (with
 *   or without a type argument, `sql<T>`), in a string or template given to
 *   `sql.raw`, or in any string or template literal that starts with a SQL
 *   verb (SELECT, UPDATE, INSERT, DELETE, WITH); and a literal interpolated
 *   into a `sql` template (`sql\`… ${'paid'}\``: a bound parameter).
 * - `comparison`: one side of ===, !==, == or !=, or a `case` of a switch.
 * - `condition`: an argument of drizzle's eq, ne, inArray or notInArray, or an
 *   element of an array literal given to one.
 * - `write`: a property's value in an object literal given to drizzle's
 *   `.set({…})` or `.values({…} | [{…}, …])` (and `onConflictDoUpdate({ set:
 *   {…} })`): a value written to a table's column, whatever its name.
 * - `status property`: the value of a property named `status` or ending in
 *   `status` / `Status` (`to_status`, `storedStatus`) in any other object
 *   literal: a status stated for a row, an answer or a move.
 * A value is looked through parentheses, `as` / `satisfies` / `!`, and the
 * branches of `?:`, `??` and `||`.
 *
 * When the place names the column (`eq(approvalRequests.status, 'pending')`,
 * `update(outbox).set({ status: 'sent' })`, `insert(t).values(…)`), the hit
 * carries it (`Table.column`), so a word shared by two sets ('pending',
 * 'cancelled'…) is charged to the set of that column.
 */
import ts from 'typescript';

export type StatusUse = 'sql' | 'comparison' | 'condition' | 'write' | 'status property';

export interface StatusLiteral {
  line: number;
  literal: string;
  /** the source line, trimmed */
  text: string;
  how: StatusUse;
  /** the drizzle column the place names (`creditOperations.status`), when it names one */
  column?: string;
}

const SQL_VERB = /^\s*(?:SELECT|UPDATE|INSERT|DELETE|WITH)\b/;
const QUOTED_WORD = /'([A-Za-z_]+)'/g;
const DRIZZLE_CONDITIONS = new Set(['eq', 'ne', 'inArray', 'notInArray']);
const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);
const STATUS_PROPERTY = /(?:^|_)status$|Status$/;

type Text = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral;

function isText(node: ts.Node): node is Text {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

/** The node under parentheses, type assertions and non-null marks. */
function bare(node: ts.Expression): ts.Expression {
  let n = node;
  while (ts.isParenthesizedExpression(n) || ts.isAsExpression(n) || ts.isSatisfiesExpression(n) || ts.isNonNullExpression(n) || ts.isTypeAssertionExpression(n)) n = n.expression;
  return n;
}

/** The literals a value may be: itself, or the branches of ?:, ?? and ||. */
function valueLiterals(node: ts.Expression): Text[] {
  const n = bare(node);
  if (isText(n)) return [n];
  if (ts.isConditionalExpression(n)) return [...valueLiterals(n.whenTrue), ...valueLiterals(n.whenFalse)];
  if (ts.isBinaryExpression(n) && (n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || n.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    return [...valueLiterals(n.left), ...valueLiterals(n.right)];
  }
  return [];
}

/**
 * The names a file gives its tables: `import { broadcastRecipients as R }`,
 * `const handler = alias(users, 'handler')` and `const t = table` stand for
 * the table they name, so a column reads `broadcastRecipients.status` however
 * the file spells it.
 */
function tableNames(file: ts.SourceFile): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportSpecifier(node) && node.propertyName) names.set(node.name.text, node.propertyName.text);
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = bare(node.initializer);
      if (ts.isIdentifier(init)) names.set(node.name.text, init.text);
      else if (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'alias' && init.arguments.length > 0 && ts.isIdentifier(init.arguments[0])) {
        names.set(node.name.text, init.arguments[0].text);
      }
    }
    node.forEachChild(visit);
  };
  visit(file);
  return names;
}

function propertyName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return undefined;
}

/** The table of a drizzle chain `….update(table).set(…)` / `….insert(table).values(…)` (the call `set`/`values` is made on). */
function chainTable(call: ts.CallExpression, verb: 'update' | 'insert', names: ReadonlyMap<string, string>): string | undefined {
  if (!ts.isPropertyAccessExpression(call.expression)) return undefined;
  const target = bare(call.expression.expression);
  if (!ts.isCallExpression(target)) return undefined;
  const callee = target.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
  if (name !== verb || target.arguments.length === 0) return undefined;
  const table = bare(target.arguments[0]);
  return ts.isIdentifier(table) ? (names.get(table.text) ?? table.text) : undefined;
}

function calledName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

function isSqlTag(tag: ts.Expression): boolean {
  return ts.isIdentifier(tag) && tag.text === 'sql';
}

function isSqlRaw(call: ts.CallExpression): boolean {
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'sql' && callee.name.text === 'raw';
}

/**
 * Where `source` writes one of `statuses` as a literal in SQL text, a
 * comparison, a drizzle condition or an object literal that writes or states a
 * status, with its line (in source order, once per line, word and use).
 */
export function statusLiterals(source: string, statuses: ReadonlySet<string>): StatusLiteral[] {
  const file = ts.createSourceFile('source.ts', source, ts.ScriptTarget.Latest, true);
  const lines = source.split('\n');
  const names = tableNames(file);
  /** `a.b` as `table.column`, when both are plain names (a drizzle column). */
  const columnName = (node: ts.Expression): string | undefined => {
    const n = bare(node);
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression) && ts.isIdentifier(n.name)) return `${names.get(n.expression.text) ?? n.expression.text}.${n.name.text}`;
    return undefined;
  };
  const found = new Map<string, StatusLiteral & { at: number }>();
  const add = (at: number, literal: string, how: StatusUse, column?: string) => {
    if (!statuses.has(literal)) return;
    const line = file.getLineAndCharacterOfPosition(at).line + 1;
    const key = `${line}:${literal}:${how}:${column ?? ''}`;
    if (!found.has(key)) found.set(key, { line, literal, text: lines[line - 1].trim(), how, ...(column ? { column } : {}), at });
  };
  /** A literal whose whole text is the word. */
  const literal = (node: Text, how: StatusUse, column?: string) => add(node.getStart(file), node.text, how, column);
  /** The quoted words of a piece of SQL text (a string, or one part of a template): the cooked text gives the words (a JS string escapes its quotes), the source their line. */
  const sqlWords = (node: ts.Node) => {
    const start = node.getStart(file);
    const raw = source.slice(start, node.end);
    const cooked = isText(node) || ts.isTemplateLiteralToken(node) ? node.text : raw;
    let cursor = 0;
    for (const m of cooked.matchAll(QUOTED_WORD)) {
      const inRaw = raw.indexOf(m[1], cursor);
      cursor = inRaw < 0 ? cursor : inRaw + m[1].length;
      add(start + Math.max(inRaw, 0), m[1], 'sql');
    }
  };
  const sqlText = (node: ts.Node) => {
    const n = ts.isExpression(node) ? bare(node) : node;
    if (isText(n)) sqlWords(n);
    else if (ts.isTemplateExpression(n)) {
      sqlWords(n.head);
      for (const span of n.templateSpans) sqlWords(span.literal);
    }
  };
  /** Every property value of an object literal written to a table (or of each object of an array of them). */
  const written = (node: ts.Expression, table: string | undefined) => {
    const n = bare(node);
    if (ts.isArrayLiteralExpression(n)) {
      for (const element of n.elements) written(element, table);
      return;
    }
    if (ts.isConditionalExpression(n)) {
      written(n.whenTrue, table);
      written(n.whenFalse, table);
      return;
    }
    if (!ts.isObjectLiteralExpression(n)) return;
    for (const p of n.properties) {
      if (!ts.isPropertyAssignment(p)) continue;
      const name = propertyName(p.name);
      for (const l of valueLiterals(p.initializer)) literal(l, 'write', table && name ? `${table}.${name}` : undefined);
    }
  };
  /** Object literals already read as written to a table (their `status` properties are not read twice). */
  const writtenObjects = new Set<ts.Node>();
  const markWritten = (node: ts.Expression) => {
    const n = bare(node);
    if (ts.isArrayLiteralExpression(n)) n.elements.forEach(markWritten);
    else if (ts.isConditionalExpression(n)) [n.whenTrue, n.whenFalse].forEach(markWritten);
    else if (ts.isObjectLiteralExpression(n)) writtenObjects.add(n);
  };

  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      // Typed or not: `sql` and `sql<T>` are the same tag, the type argument aside.
      sqlText(node.template);
      if (ts.isTemplateExpression(node.template)) for (const span of node.template.templateSpans) for (const l of valueLiterals(span.expression)) literal(l, 'sql');
    } else if ((isText(node) || ts.isTemplateExpression(node)) && !ts.isTaggedTemplateExpression(node.parent) && SQL_VERB.test(isText(node) ? node.text : node.head.text)) {
      sqlText(node);
    } else if (ts.isCallExpression(node)) {
      const name = calledName(node);
      if (isSqlRaw(node)) node.arguments.forEach(sqlText);
      else if (name && DRIZZLE_CONDITIONS.has(name) && ts.isIdentifier(node.expression)) {
        const column = node.arguments.length > 0 ? columnName(node.arguments[0]) : undefined;
        for (const arg of node.arguments) {
          const a = bare(arg);
          const values = ts.isArrayLiteralExpression(a) ? a.elements.flatMap(valueLiterals) : valueLiterals(a);
          for (const l of values) literal(l, 'condition', column);
        }
      } else if ((name === 'set' || name === 'values') && ts.isPropertyAccessExpression(node.expression)) {
        const table = chainTable(node, name === 'set' ? 'update' : 'insert', names);
        for (const arg of node.arguments) {
          written(arg, table);
          markWritten(arg);
        }
      } else if (name === 'onConflictDoUpdate' && ts.isPropertyAccessExpression(node.expression)) {
        // `insert(table).values(…).onConflictDoUpdate({ set: {…} })`: the table of the `values` call before it.
        const before = bare(node.expression.expression);
        const table = ts.isCallExpression(before) ? chainTable(before, 'insert', names) : undefined;
        for (const arg of node.arguments) {
          const a = bare(arg);
          if (!ts.isObjectLiteralExpression(a)) continue;
          for (const p of a.properties) {
            if (ts.isPropertyAssignment(p) && propertyName(p.name) === 'set') {
              written(p.initializer, table);
              markWritten(p.initializer);
            }
          }
        }
      }
    } else if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) {
      for (const side of [node.left, node.right]) {
        const s = bare(side);
        if (isText(s)) literal(s, 'comparison');
      }
    } else if (ts.isCaseClause(node)) {
      for (const l of valueLiterals(node.expression)) literal(l, 'comparison');
    } else if (ts.isPropertyAssignment(node) && !writtenObjects.has(node.parent)) {
      const name = propertyName(node.name);
      if (name && STATUS_PROPERTY.test(name)) for (const l of valueLiterals(node.initializer)) literal(l, 'status property');
    }
    node.forEachChild(visit);
  };
  visit(file);
  return [...found.values()].sort((a, b) => a.at - b.at).map(({ at: _at, ...hit }) => hit);
}
