/** Which view of the messages screen the URL asks for; list state lives beside it in the same params. */
export type MessagesView = { kind: 'compose' } | { kind: 'history' } | { kind: 'detail'; id: number };

export function viewOf(params: URLSearchParams): MessagesView {
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) return { kind: 'detail', id };
  if (params.get('view') === 'history') return { kind: 'history' };
  return { kind: 'compose' };
}

/** Keeps the view's own params when a table writes its paging/sort/filters. */
export function withView(list: URLSearchParams, view: MessagesView): URLSearchParams {
  const out = new URLSearchParams(list);
  if (view.kind === 'history') out.set('view', 'history');
  if (view.kind === 'detail') out.set('id', String(view.id));
  return out;
}

/** Broadcasts still sending are refreshed this often. */
export const REFRESH_MS = 1500;
