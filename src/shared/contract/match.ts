/**
 * Finds the operation a request path names, from the contract's own paths
 * (the ':name' syntax of define.ts). The server routes every call through one
 * route per method with this matcher instead of registering each operation
 * with Fastify: 286 routes cost a restart of the embedded backend 80–100 ms of
 * route-table building, the matcher's table about 1 ms (docs/performance.md, (c)).
 *
 * It keeps the rules the server had with Fastify's router (find-my-way):
 * - a static segment wins over a parameter at the same place, and the search
 *   backs up when the static branch leads nowhere;
 * - one trailing slash is ignored;
 * - a parameter is one non-empty segment of at most 100 characters (Fastify's
 *   maxParamLength), percent-decoded;
 * - HEAD finds the GET operations;
 * - the query string is not part of the path.
 */
import type { HttpMethod } from './define';

/** Fastify's default maxParamLength: a longer segment matches no parameter (404, as before). */
export const MAX_PARAM_LENGTH = 100;

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)$/;

interface Leaf<N extends string> {
  name: N;
  /** the operation's own parameter names, in path order (two operations may name the same place differently) */
  params: readonly string[];
}

interface Node<N extends string> {
  statics: Map<string, Node<N>>;
  param: Node<N> | null;
  leaf: Leaf<N> | null;
}

export interface PathMatch<N extends string> {
  name: N;
  params: Record<string, string>;
}

/** A path segment that is not valid percent-encoded UTF-8 (the server answers 400, as Fastify did). */
export class BadPathEncoding extends Error {
  constructor() {
    super('bad percent-encoding in the path');
  }
}

const node = <N extends string>(): Node<N> => ({ statics: new Map(), param: null, leaf: null });

/** The path part of a request URL, split into segments, one trailing slash dropped. Segments stay encoded. */
function rawSegments(url: string): string[] {
  let end = url.length;
  const q = url.indexOf('?');
  if (q >= 0) end = q;
  const hash = url.indexOf('#');
  if (hash >= 0 && hash < end) end = hash;
  let path = url.slice(0, end);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path.split('/').slice(1);
}

function decode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new BadPathEncoding();
  }
}

function find<N extends string>(at: Node<N>, segments: readonly string[], i: number, values: string[]): Leaf<N> | null {
  if (i === segments.length) return at.leaf;
  const segment = segments[i];
  const next = at.statics.get(segment);
  if (next) {
    const found = find(next, segments, i + 1, values);
    if (found) return found;
  }
  if (at.param && segment !== '' && segment.length <= MAX_PARAM_LENGTH) {
    values.push(segment);
    const found = find(at.param, segments, i + 1, values);
    if (found) return found;
    values.pop();
  }
  return null;
}

export type OperationMatcher<N extends string> = (method: string, url: string) => PathMatch<N> | null;

/**
 * Builds the matcher over `operations`; throws when two operations of one
 * method share a path shape (their parameter names aside), which a router
 * could not tell apart.
 */
export function operationMatcher<N extends string>(operations: Record<N, { method: HttpMethod; path: string }>): OperationMatcher<N> {
  const roots = new Map<string, Node<N>>();
  for (const name of Object.keys(operations) as N[]) {
    const { method, path } = operations[name];
    let at = roots.get(method);
    if (!at) roots.set(method, (at = node()));
    const params: string[] = [];
    for (const segment of rawSegments(path)) {
      const param = PARAM.exec(segment);
      if (param) {
        params.push(param[1]);
        at = at.param ??= node();
      } else {
        let next = at.statics.get(segment);
        if (!next) at.statics.set(segment, (next = node()));
        at = next;
      }
    }
    if (at.leaf) throw new Error(`${name} and ${at.leaf.name} share ${method} ${path}`);
    at.leaf = { name, params };
  }
  return (method, url) => {
    const root = roots.get(method === 'HEAD' ? 'GET' : method);
    if (!root) return null;
    const segments = rawSegments(url).map(decode);
    const values: string[] = [];
    const leaf = find(root, segments, 0, values);
    if (!leaf) return null;
    const params: Record<string, string> = {};
    leaf.params.forEach((param, i) => {
      params[param] = values[i];
    });
    return { name: leaf.name, params };
  };
}
