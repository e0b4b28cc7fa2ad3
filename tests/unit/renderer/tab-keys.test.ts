import { describe, expect, it } from 'vitest';
import { nextTabIndex } from '../../../src/renderer/src/app/tabKeys';

describe('a tab list by the arrow keys', () => {
  it('moves one tab either way and wraps at the ends', () => {
    expect(nextTabIndex('ArrowRight', 0, 3)).toBe(1);
    expect(nextTabIndex('ArrowDown', 2, 3)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(nextTabIndex('ArrowUp', 1, 3)).toBe(0);
  });
  it('goes to the first and the last with Home and End', () => {
    expect(nextTabIndex('Home', 2, 4)).toBe(0);
    expect(nextTabIndex('End', 0, 4)).toBe(3);
  });
  it('leaves other keys, and an empty list, alone', () => {
    expect(nextTabIndex('Enter', 0, 3)).toBeNull();
    expect(nextTabIndex('a', 0, 3)).toBeNull();
    expect(nextTabIndex('ArrowRight', 0, 0)).toBeNull();
  });
});
