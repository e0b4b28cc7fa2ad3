/**
 * Handlers loaded by group on the first request that needs them, instead of
 * when the server starts: evaluating every area's modules (their handlers,
 * services, table declarations and libraries such as the holiday calendar)
 * was about a third of a restart's CPU (docs/performance.md, (c)), and a
 * session uses a few areas. A group answers whole namespaces of the contract
 * (the part of an operation's name before the dot), so the server knows which
 * group to load from the operation's name alone, without a second list of
 * operations.
 */
import type { OperationName } from '@shared/contract/index';
import type { HandlerContext, Handlers } from './handler';

/** The contract's namespaces: 'session' for 'session.login'. */
export type Namespace = OperationName extends `${infer N}.${string}` ? N : never;

/** The operations of some namespaces. */
export type OperationsIn<N extends Namespace> = Extract<OperationName, `${N}.${string}`>;

/** What a group module exports: exactly one handler per operation of its namespaces. */
export type GroupHandlers<N extends Namespace> = Pick<Handlers, OperationsIn<N>>;

export interface HandlerGroup<N extends string = string> {
  namespaces: readonly N[];
  load(): Promise<{ handlers: Partial<Handlers> }>;
}

/**
 * A group. The module's map must hold every operation of the namespaces (else
 * it does not compile) and no other: a handler written into the wrong group's
 * module would never be called.
 */
export function handlerGroup<const N extends Namespace, M extends { handlers: GroupHandlers<N> }>(
  namespaces: readonly N[],
  load: () => Promise<M & (Exclude<keyof M['handlers'], OperationsIn<N>> extends never ? unknown : { handlers: { notInItsNamespaces: never } })>,
): HandlerGroup<N> {
  return { namespaces, load };
}

type AnyHandler = (args: unknown, ctx: HandlerContext) => Promise<unknown>;

/** Where the router finds an operation's handler: at once when its group is loaded, else after loading it. */
export type HandlerLookup = (name: OperationName) => AnyHandler | Promise<AnyHandler>;

/** A lookup over a complete typed map (tests, or a server that wants everything loaded up front). */
export function handlersFromMap(handlers: Handlers): HandlerLookup {
  return (name) => handlers[name] as AnyHandler;
}

/**
 * The lookup over `groups`. Checks at once that every operation of `names`
 * (the contract's) belongs to exactly one group; each group is loaded once,
 * by the first request for one of its operations (again after a failed load).
 */
export function lazyHandlers(groups: readonly HandlerGroup[], names: readonly OperationName[]): HandlerLookup {
  const byNamespace = new Map<string, { group: HandlerGroup; loading: Promise<Partial<Handlers>> | null }>();
  for (const group of groups) {
    const slot = { group, loading: null };
    for (const namespace of group.namespaces) {
      if (byNamespace.has(namespace)) throw new Error(`namespace ${namespace} is in two handler groups`);
      byNamespace.set(namespace, slot);
    }
  }
  for (const name of names) {
    if (!byNamespace.has(namespaceOf(name))) throw new Error(`no handler group answers ${name}`);
  }
  const loaded = new Map<OperationName, AnyHandler>();
  return (name) => {
    const ready = loaded.get(name);
    if (ready) return ready;
    const slot = byNamespace.get(namespaceOf(name))!;
    slot.loading ??= slot.group.load().then(
      (module) => module.handlers as Partial<Handlers>,
      (error: unknown) => {
        slot.loading = null;
        throw error;
      },
    );
    return slot.loading.then((handlers) => {
      const handler = handlers[name] as AnyHandler | undefined;
      if (!handler) throw new Error(`the handler group of ${name} has no handler for it`);
      loaded.set(name, handler);
      return handler;
    });
  };
}

function namespaceOf(name: string): string {
  return name.slice(0, name.indexOf('.'));
}
