/**
 * axe-core on what is on screen (WCAG 2 A and AA): the serious or critical
 * findings, each as "rule: selectors". Waits first for toasts and dialogs to
 * finish coming in or going; the tests run with reduced motion (playwright.config.ts),
 * so a toast that starts to go during the analysis is hidden at once instead
 * of half faded, which failed the contrast rule at random.
 */
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/**
 * An axe run in the page itself. The builder's default mode runs axe in
 * every frame and then merges the results in a blank page it opens for each
 * analysis (a new renderer process, and axe's half-megabyte source evaluated
 * three times); the app draws no frames, so the single-page run finds the
 * same and costs a fraction.
 *
 * The builder also evaluates axe's source twice on every analysis, and each
 * evaluation makes new functions the engine compiles again from cold: on the
 * users list at load 15, an analysis cost 16 s so and 9 s with the axe already
 * in the page (the app moves between screens by its hash, so one document
 * serves a whole walk). So when the page already holds this axe-core (same
 * version; a navigation or reload drops it) and has no frames to inject into,
 * the builder is given an empty source: the same engine, rules and options
 * run again. `axeSource` is the builder's own field (@axe-core/playwright
 * 4.14, pinned); were it renamed, every analysis would inject as before.
 */
export function axeBuilder(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const analyze = builder.analyze.bind(builder);
  builder.analyze = async () => {
    const loaded =
      page.frames().length === 1 &&
      (await page.evaluate((version) => {
        const inPage = (window as unknown as { axe?: { version?: string; run?: unknown } }).axe;
        return typeof inPage?.run === 'function' && inPage.version === version;
      }, axe.version));
    (builder as unknown as { axeSource?: string }).axeSource = loaded ? ';' : undefined;
    return analyze();
  };
  return builder;
}

export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // The phase classes (not only their '-active' step): a toast between its 'exit' and 'exit-active' frames fades too.
  // A dialog fades in the same way (its overlay's phases): on a busy machine axe read a confirmation half drawn and
  // failed every line of it on contrast.
  await expect(
    page.locator('.bp6-toast-enter, .bp6-toast-exit, .bp6-toast-appear, .bp6-overlay-enter, .bp6-overlay-exit, .bp6-overlay-appear'),
  ).toHaveCount(0);
  const builder = axeBuilder(page).withTags(['wcag2a', 'wcag2aa']);
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function expectNoSeriousViolations(page: Page, within?: string): Promise<void> {
  expect(await seriousViolations(page, within)).toEqual([]);
}
