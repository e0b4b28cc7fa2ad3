/**
 * The arrow keys (and Home, End) move the focus along a tab list, as the ARIA
 * tabs pattern has it. Blueprint's Tabs move it only among tabs marked
 * aria-disabled="false", and a Tab without a `disabled` prop carries no
 * aria-disabled at all: the arrows did nothing, and the tabs not chosen being
 * tabindex -1, a keyboard user could open no other tab (the operation's
 * Parcelas, Cessão, Lançamentos…). This listener moves the focus when
 * Blueprint's did not (it marks the key handled when it does); Enter or Space
 * then opens the tab, by Blueprint's own handler.
 */
const STEPS: Record<string, number | 'first' | 'last'> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
  Home: 'first',
  End: 'last',
};

/** Where the focus goes from tab `at` of `count` on `key` (null: the key is not a tab list's). */
export function nextTabIndex(key: string, at: number, count: number): number | null {
  const step = STEPS[key];
  if (step === undefined || count === 0) return null;
  if (step === 'first') return 0;
  if (step === 'last') return count - 1;
  return (at + step + count) % count;
}

export function installTabListKeys(doc: Document = document): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const tab = e.target instanceof Element ? e.target.closest<HTMLElement>('[role="tab"]') : null;
    const list = tab?.closest('[role="tablist"]');
    if (!tab || !list) return;
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')].filter((t) => t.getAttribute('aria-disabled') !== 'true');
    const next = nextTabIndex(e.key, tabs.indexOf(tab), tabs.length);
    if (next === null || tabs.indexOf(tab) < 0) return;
    e.preventDefault();
    tabs[next].focus();
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}
