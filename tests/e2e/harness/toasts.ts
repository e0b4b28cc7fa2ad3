/**
 * Toasts as a record. A success toast shows for two seconds (the spec's
 * catalogue); on a busy machine a check that polls for it can come after it
 * went, though the move was made (the keyboard spec missed the prepayment's
 * toast at load). So the page keeps every toast's text as it is drawn, and a
 * test asks whether a toast was shown since a point it names, not whether one
 * is on screen at the moment of its poll.
 */
import { expect, type Page } from '@playwright/test';

interface ToastWindow {
  __toastsShown?: string[];
}

/** Serialised into the page by `addInitScript`: it may use nothing from this module. */
export function recordToasts(): void {
  const w = window as unknown as ToastWindow;
  w.__toastsShown = [];
  const seen = new WeakMap<Element, string>();
  const take = () => {
    for (const toast of Array.from(document.querySelectorAll('.bp6-toast'))) {
      const text = toast.textContent ?? '';
      if (text && seen.get(toast) !== text) {
        seen.set(toast, text);
        w.__toastsShown?.push(text);
      }
    }
  };
  const start = () => new MutationObserver(take).observe(document.body, { childList: true, subtree: true, characterData: true });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

/** How many toasts the page has shown so far: pass it to `expectToastSince` to look only at later ones. */
export async function toastCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as ToastWindow).__toastsShown?.length ?? 0);
}

/** Waits until a toast matching `text` has been shown (after the `since`-th one), whether or not it is still up. */
export async function expectToastSince(page: Page, since: number, text: string | RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const shown = await page.evaluate(() => (window as unknown as ToastWindow).__toastsShown ?? []);
      found = shown.slice(since).find((t) => (typeof text === 'string' ? t.includes(text) : text.test(t))) ?? '';
      return found !== '';
    }, { message: `a toast matching ${String(text)}` })
    .toBe(true);
  return found;
}
