import { describe, expect, it } from 'vitest';
import { BOTTOM_BAR, isBottomItemActive, isToolActive } from './nav';

const item = (label: string) => BOTTOM_BAR.find((i) => i.label === label)!;

describe('navigation activity', () => {
  it('tool tabs are active when their path prefixes the location', () => {
    expect(isToolActive('/forge', '/forge')).toBe(true);
    expect(isToolActive('/forge', '/forge/history')).toBe(true);
    expect(isToolActive('/forge', '/forgery')).toBe(false);
    expect(isToolActive('/board', '/forge')).toBe(false);
  });

  it('bottom bar follows the spec aliases', () => {
    expect(isBottomItemActive(item('Explore'), '/')).toBe(true);
    expect(isBottomItemActive(item('Explore'), '/forge')).toBe(false);
    expect(isBottomItemActive(item('Forge'), '/generate/pixar')).toBe(true);
    expect(isBottomItemActive(item('Board'), '/board')).toBe(true);
    for (const path of ['/profile', '/dashboard', '/settings', '/auth']) {
      expect(isBottomItemActive(item('Profile'), path)).toBe(true);
    }
  });
});
