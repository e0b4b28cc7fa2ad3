/**
 * What the command palette offers and how it finds it, without React: every
 * menu entry the person's role allows (by its title, its group and the words
 * people use for it: "vencidas", "cobrança", "remessa"), the report pages,
 * the records they opened recently, and
 * for a typed number the operation ("OP-000123", "123") or solicitation ("42")
 * it names, when the role may open that page. Matching ignores case and
 * accents and needs every typed word somewhere in the item.
 */
import type { RoleId } from '@shared/roles';
import { isRoleAllowed } from '@shared/roles';
import { visibleMenu, type MenuIcon } from './menu';
import type { RecentKind, RecentRecord } from './recent';
import { findLeaf } from './routes';

export type Translate = (key: string, vars?: Record<string, unknown>) => string;

export interface PaletteItem {
  /** unique among the items shown */
  key: string;
  section: 'go' | 'recent' | 'menu';
  title: string;
  detail?: string;
  icon: MenuIcon | 'exchange' | 'person' | 'document' | 'arrow-right';
  /** the route under the hash */
  path: string;
  /** more words it is found by */
  words: readonly string[];
}

const KIND_ICONS: Record<RecentKind, PaletteItem['icon']> = { operation: 'exchange', borrower: 'person', solicitation: 'document' };

/** Whether the role may open the page of a path (the route configuration's roles). */
export function canOpen(role: RoleId | null | undefined, path: string): boolean {
  const leaf = findLeaf(path.split('?')[0]);
  return !!leaf && isRoleAllowed(role, leaf.roles);
}

export function menuItems(role: RoleId | null | undefined, t: Translate): PaletteItem[] {
  return visibleMenu(role).flatMap((group) =>
    group.entries.map((entry) => ({
      key: `menu:${entry.path}${entry.search ?? ''}`,
      section: 'menu' as const,
      title: t(entry.titleKey),
      detail: `${t('shell.palette.menu')} · ${t(group.titleKey)}`,
      icon: entry.icon,
      path: `/app${entry.path}${entry.search ?? ''}`,
      words: [...(entry.pageTitleKey ? [t(entry.pageTitleKey)] : []), ...(entry.wordsKey ? [t(entry.wordsKey)] : [])],
    })),
  );
}

/**
 * Pages the menu does not list that people still look for by name (the
 * reports live under the company's page): the palette finds them by their
 * title and by what people call them, for the roles their route admits.
 */
const PAGES: ReadonlyArray<{ path: string; titleKey: string; wordsKey: string }> = [
  { path: '/app/company-operation/reports/operations', titleKey: 'desk.palette.operationsReport', wordsKey: 'desk.words.operationsReport' },
  { path: '/app/company-operation/reports/iof', titleKey: 'desk.palette.iofReport', wordsKey: 'desk.words.iofReport' },
  { path: '/app/company-operation/reports/parameterized', titleKey: 'desk.palette.parameterizedReport', wordsKey: 'desk.words.parameterizedReport' },
];

export function pageItems(role: RoleId | null | undefined, t: Translate): PaletteItem[] {
  return PAGES.filter((p) => canOpen(role, p.path)).map((p) => ({
    key: `page:${p.path}`,
    section: 'menu' as const,
    title: t(p.titleKey),
    detail: `${t('shell.palette.menu')} · ${t('desk.palette.reports')}`,
    icon: 'document' as const,
    path: p.path,
    words: [t(p.wordsKey), t('desk.words.reports')],
  }));
}

export function recentItems(records: readonly RecentRecord[], role: RoleId | null | undefined, t: Translate): PaletteItem[] {
  return records
    .filter((r) => canOpen(role, r.path))
    .map((r) => ({
      key: `recent:${r.kind}:${r.id}`,
      section: 'recent' as const,
      title: r.title,
      detail: [t('shell.palette.recent'), t(`shell.palette.kinds.${r.kind}`), r.detail].filter(Boolean).join(' · '),
      icon: KIND_ICONS[r.kind],
      path: r.path,
      words: [t(`shell.palette.kinds.${r.kind}`), ...r.keys],
    }));
}

/** Up to 7 significant digits: a longer number typed is a document (CPF, CNPJ), found among the recent records instead. */
const OPERATION_NUMBER = /^\s*(?:op[\s-]*)?0*(\d{1,7})\s*$/i;
const PLAIN_NUMBER = /^\s*(?:n[ºo°.]?\s*)?0*(\d{1,7})\s*$/i;

/** "OP-000123" or a plain number: the operation it names; a plain number also names a solicitation. */
export function typedItems(query: string, role: RoleId | null | undefined, t: Translate): PaletteItem[] {
  const out: PaletteItem[] = [];
  const op = OPERATION_NUMBER.exec(query);
  if (op) {
    const id = Number(op[1]);
    const number = `OP-${String(id).padStart(6, '0')}`;
    const path = `/app/clientOperation/analize/${id}`;
    if (id > 0 && canOpen(role, path)) {
      out.push({ key: `go:operation:${id}`, section: 'go', title: t('shell.palette.goOperation', { number }), icon: 'exchange', path, words: [query] });
    }
  }
  const plain = PLAIN_NUMBER.exec(query);
  if (plain) {
    const id = Number(plain[1]);
    const path = `/app/solicitations/view/${id}`;
    if (id > 0 && canOpen(role, path)) {
      out.push({ key: `go:solicitation:${id}`, section: 'go', title: t('shell.palette.goSolicitation', { id }), icon: 'document', path, words: [query] });
    }
  }
  return out;
}

/** Lower case without accents, for matching what people type. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The items that hold every typed word, best first: title starting with the query, then title holding it, then the rest. */
export function findItems(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const q = normalise(query.trim());
  if (!q) return [...items];
  const words = q.split(/\s+/);
  const scored = items.flatMap((item, index) => {
    const title = normalise(item.title);
    const all = normalise([item.title, item.detail ?? '', ...item.words].join(' '));
    if (!words.every((w) => all.includes(w))) return [];
    const score = title.startsWith(q) ? 0 : title.includes(q) ? 1 : 2;
    return [{ item, score, index }];
  });
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((s) => s.item);
}

/** Everything the palette offers for a query: typed numbers first, then recent records, then the menu. */
export function paletteItems(query: string, role: RoleId | null | undefined, records: readonly RecentRecord[], t: Translate): PaletteItem[] {
  const found = findItems([...recentItems(records, role, t), ...menuItems(role, t), ...pageItems(role, t)], query);
  const typed = typedItems(query, role, t).filter((g) => !found.some((f) => f.section === 'recent' && f.path === g.path));
  return [...typed, ...found];
}
