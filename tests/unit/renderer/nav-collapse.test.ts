/** The side menu below 1200 px: the icon rail by itself, opened for the session by the person, the saved choice kept. */
import { describe, expect, it } from 'vitest';
import { navCollapsed, navToggled, type NavState } from '../../../src/renderer/src/layout/navCollapse';

const state = (saved: boolean, narrow: boolean, openedWhileNarrow = false): NavState => ({ saved, narrow, openedWhileNarrow });

describe('side menu collapse', () => {
  it('shows the saved choice on a wide window and the rail on a narrow one unless opened there', () => {
    expect(navCollapsed(state(false, false))).toBe(false);
    expect(navCollapsed(state(true, false))).toBe(true);
    expect(navCollapsed(state(false, true))).toBe(true);
    expect(navCollapsed(state(false, true, true))).toBe(false);
    expect(navCollapsed(state(true, true, true))).toBe(true);
  });

  it('flips the saved choice on a wide window; on a narrow one opens for the session and closes back to the rail without saving', () => {
    expect(navToggled(state(false, false))).toEqual({ saved: true, openedWhileNarrow: false });
    expect(navToggled(state(true, false))).toEqual({ saved: false, openedWhileNarrow: false });
    // Narrow, rail by itself: opening saves nothing new.
    expect(navToggled(state(false, true))).toEqual({ saved: false, openedWhileNarrow: true });
    // Narrow, saved collapsed: opening clears the saved choice.
    expect(navToggled(state(true, true))).toEqual({ saved: false, openedWhileNarrow: true });
    // Narrow, opened: closing goes back to the rail, the saved choice unchanged.
    const opened = state(false, true, true);
    expect(navCollapsed({ ...opened, ...navToggled(opened) })).toBe(true);
    expect(navToggled(opened)).toEqual({ saved: false, openedWhileNarrow: false });
  });
});
