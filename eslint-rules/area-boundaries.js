// The server's areas own their tables and their state changes (src/server/README.md):
// code outside an area reaches it only through its public entries, the way the
// layer rules keep main, renderer and server apart. An area's index.ts is its
// calls; its schema*.ts files are its table declarations, which other areas
// may read in a join (and reference in a foreign key) but never write — writes
// go through the owner's calls, which lock, check and log.
//
// An area's handlers/index.ts is a third entry, for the server's composition
// only (src/server/handlers/*, which routes.ts loads): other areas call
// index.ts, so importing one service never drags in another area's handlers
// (and the import cycles that came with them).
//
// The rule resolves each relative import (static, re-export or dynamic) from
// the importing file and checks where it lands:
// - into src/server/areas/<B>/ from outside B: only B's index.ts or schema*.ts;
// - from src/server/platform/: no area at all, except their table declarations
//   (the activity log's foreign key to users) and types from their public
//   entries (a type leaves nothing behind at run time);
// - from src/server/domain/ (pure calculations): neither areas nor platform.
import path from 'node:path';

const SERVER = `${path.sep}src${path.sep}server${path.sep}`;

/** Where a file sits in the server: { part: 'areas'|'platform'|'domain'|'other', area?, rest? } */
export function serverPlace(file) {
  const norm = path.normalize(file);
  const i = norm.lastIndexOf(SERVER);
  if (i < 0) return null;
  const inside = norm.slice(i + SERVER.length).split(path.sep);
  // '../areas/intake' is the folder, that is its index.ts.
  if (inside[0] === 'areas' && inside.length >= 2) return { part: 'areas', area: inside[1], rest: inside.slice(2).join('/') || 'index' };
  if (inside[0] === 'platform' || inside[0] === 'domain') return { part: inside[0], rest: inside.slice(1).join('/') };
  return { part: 'other', rest: inside.join('/') };
}

const isPublicEntry = (rest) => /^(index|schema(-[\w-]+)?)(\.ts)?$/.test(rest);
const isSchema = (rest) => /^schema(-[\w-]+)?(\.ts)?$/.test(rest);
const isHandlersEntry = (rest) => /^handlers(\/index)?(\.ts)?$/.test(rest);
/** The server's composition: the handler groups routes.ts loads. */
const isComposition = (place) => place.part === 'other' && /^handlers\//.test(place.rest);

/** The message for importing `target` from `from`, or null when allowed. */
export function boundaryViolation(from, target, typeOnly = false) {
  const source = serverPlace(from);
  const dest = serverPlace(target);
  if (!source || !dest) return null;
  if (source.part === 'domain' && (dest.part === 'areas' || dest.part === 'platform')) {
    return 'src/server/domain holds pure calculations: it imports no area and no platform module.';
  }
  if (dest.part !== 'areas') return null;
  if (source.part === 'areas' && source.area === dest.area) return null;
  if (source.part === 'platform') {
    return isSchema(dest.rest) || (typeOnly && isPublicEntry(dest.rest)) ? null : `The platform serves every area and imports none (here: areas/${dest.area}/${dest.rest}).`;
  }
  if (isPublicEntry(dest.rest)) return null;
  if (isHandlersEntry(dest.rest)) {
    return isComposition(source) ? null : `areas/${dest.area}/handlers is for the server's composition (src/server/handlers): call areas/${dest.area}/index.ts instead.`;
  }
  return `Another area's files are private: import areas/${dest.area}/index.ts (its calls) or its schema*.ts (its tables), not areas/${dest.area}/${dest.rest}.`;
}

function check(context, node, spec, typeOnly = false) {
  if (typeof spec !== 'string' || !spec.startsWith('.')) return;
  const target = path.resolve(path.dirname(context.filename), spec);
  const message = boundaryViolation(context.filename, target, typeOnly);
  if (message) context.report({ node, message });
}

export const areaBoundaries = {
  meta: { type: 'problem', docs: { description: "Server areas are reached only through their index.ts and schema*.ts" }, schema: [] },
  create(context) {
    return {
      ImportDeclaration: (node) => check(context, node.source, node.source.value, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => node.source && check(context, node.source, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(context, node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(context, node.source, node.source.value),
    };
  },
};

export default { rules: { 'area-boundaries': areaBoundaries } };
