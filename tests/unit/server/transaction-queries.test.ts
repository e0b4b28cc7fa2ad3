/**
 * No concurrent queries on one transaction's connection. A transaction holds
 * one PostgreSQL client, and pg takes one query at a time on a client: a
 * `Promise.all` of queries on it is queued with a deprecation warning today
 * and refused by pg 9. On the pool (`deps.db` outside a transaction) each
 * query takes its own connection, so there it is fine.
 *
 * The check reads the server's sources (TypeScript's parser): it finds every
 * transaction callback (`….transaction((tx) => …)`) and every function with a
 * `tx` parameter, follows that client into the functions it is passed to (by
 * name and argument position, across files), and fails on a `Promise.all`
 * whose arguments use it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const SERVER = join(ROOT, 'src/server');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

type FunctionNode = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression | ts.MethodDeclaration;

interface Named {
  node: FunctionNode;
  params: string[];
}

function paramNames(fn: FunctionNode): string[] {
  return fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : ''));
}

function isFunction(node: ts.Node): node is FunctionNode {
  return ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node);
}

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

function mentions(node: ts.Node, name: string): boolean {
  let found = false;
  walk(node, (n) => {
    if (ts.isIdentifier(n) && n.text === name) found = true;
  });
  return found;
}

/** `Promise.all` calls that run queries on a transaction's client, as "file:line". */
export function concurrentTransactionQueries(files: string[]): string[] {
  const parsed = files.map((file) => ({ file, source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true) }));
  const byName = new Map<string, Named[]>();
  const contexts: Array<{ fn: FunctionNode; param: string }> = [];
  const seen = new Set<string>();
  const add = (fn: FunctionNode, param: string) => {
    const key = `${fn.getSourceFile().fileName}:${fn.pos}:${param}`;
    if (!param || seen.has(key)) return;
    seen.add(key);
    contexts.push({ fn, param });
  };

  for (const { source } of parsed) {
    walk(source, (n) => {
      if (ts.isFunctionDeclaration(n) && n.name) {
        byName.set(n.name.text, [...(byName.get(n.name.text) ?? []), { node: n, params: paramNames(n) }]);
      }
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))) {
        byName.set(n.name.text, [...(byName.get(n.name.text) ?? []), { node: n.initializer, params: paramNames(n.initializer) }]);
      }
      if (isFunction(n) && paramNames(n).includes('tx')) add(n, 'tx');
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'transaction') {
        const callback = n.arguments[0];
        if (callback && isFunction(callback)) add(callback, paramNames(callback)[0] ?? '');
      }
    });
  }

  const found: string[] = [];
  for (let i = 0; i < contexts.length; i++) {
    const { fn, param } = contexts[i];
    if (!fn.body) continue;
    walk(fn.body, (n) => {
      if (!ts.isCallExpression(n)) return;
      const callee = n.expression;
      if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'Promise' && callee.name.text === 'all') {
        if (n.arguments.some((a) => mentions(a, param))) {
          const source = n.getSourceFile();
          const line = source.getLineAndCharacterOfPosition(n.getStart()).line + 1;
          found.push(`${relative(ROOT, source.fileName)}:${line}`);
        }
        return;
      }
      if (!ts.isIdentifier(callee)) return;
      n.arguments.forEach((arg, index) => {
        if (!ts.isIdentifier(arg) || arg.text !== param) return;
        // A function of that name in the same file is the one called (names repeat across areas: two holdingsOf).
        const named = byName.get(callee.text) ?? [];
        const local = named.filter((target) => target.node.getSourceFile() === n.getSourceFile());
        for (const target of local.length ? local : named) add(target.node, target.params[index] ?? '');
      });
    });
  }
  return [...new Set(found)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

// Linting or parsing the whole server takes seconds; a busy machine must not make it a timeout.
describe('queries inside a transaction run one at a time', { timeout: 60_000 }, () => {
  it('no Promise.all runs queries on a transaction client anywhere in the server', () => {
    expect(concurrentTransactionQueries(sources(SERVER))).toEqual([]);
  });

  it('the check finds them: in a transaction callback, in a tx parameter, and in a function the client is passed to', () => {
    const dir = join(ROOT, 'tests/unit/server/fixtures/transaction-queries');
    expect(concurrentTransactionQueries(sources(dir)).map((f) => f.replace(/^.*\//, ''))).toEqual(['bad.ts:6', 'bad.ts:12', 'bad.ts:19']);
  });
});
