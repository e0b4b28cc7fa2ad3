/**
 * Spinners stand still in the tests. A Blueprint spinner turns by a CSS
 * animation that the reduced-motion setting does not stop, and headless
 * Chromium composites it in software frame by frame: one spinner on screen
 * cost the browser a quarter of a core (2.5 s of CPU in 10 s, against 0.14 s
 * for the same page without it, load 20). A page shows one whenever a list, a
 * form or a lazy screen loads, longest on a busy machine, where that CPU is
 * taken from the server and the page the test waits on. The spinner is still
 * drawn, where and when the app draws it (a test may look for it); only its
 * turning is left out, which no test reads.
 */

/** Serialised into the page by `addInitScript`: it may use nothing from this module. */
export function stillSpinners(): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('.bp6-spinner-animation { animation: none !important; }');
  // An adopted sheet needs no <head>: an init script runs before the document has one.
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
