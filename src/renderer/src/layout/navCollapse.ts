/**
 * The side menu's open or collapsed state: the person's saved choice
 * (navCollapsed, the spec's layout setting) and, below a window width, the
 * icon rail unless the person opened the menu there in this session.
 */

/**
 * Below this window width the menu shows as its icon rail unless the person
 * opens it: at 1024 px the open menu left the lists 734 px, and the operations
 * list's status and date columns went past the edge (the overflow spec's
 * screenshots); the rail gives the content 170 px more.
 */
export const NAV_AUTO_COLLAPSE_BELOW = 1200;

export interface NavState {
  /** the saved choice */
  saved: boolean;
  /** the window is narrower than NAV_AUTO_COLLAPSE_BELOW */
  narrow: boolean;
  /** the person opened the menu while the window was narrow (this session only) */
  openedWhileNarrow: boolean;
}

export function navCollapsed(s: NavState): boolean {
  return s.saved || (s.narrow && !s.openedWhileNarrow);
}

/**
 * A click on the toggle. Wide: the saved choice flips. Narrow: opening also
 * clears a saved "collapsed" (the person wants it open); closing returns to the
 * rail that width shows by itself, saving nothing.
 */
export function navToggled(s: NavState): Pick<NavState, 'saved' | 'openedWhileNarrow'> {
  if (!s.narrow) return { saved: !s.saved, openedWhileNarrow: s.openedWhileNarrow };
  return navCollapsed(s) ? { saved: false, openedWhileNarrow: true } : { saved: s.saved, openedWhileNarrow: false };
}
