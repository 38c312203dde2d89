import { describe, expect, it } from 'vitest';
import { footerVisibility } from './footerVisibility';

// A 2000 px page in an 800 px window: the bottom is reached at scrollY 1200.
const inner = 800;
const doc = 2000;
const atDistance = (px: number) => doc - inner - px;

describe('footerVisibility', () => {
  it('shows on a page shorter than the window, whatever the previous state', () => {
    expect(footerVisibility(false, 0, 800, 600)).toBe(true);
    expect(footerVisibility(false, 0, 800, 800)).toBe(true);
  });

  it('stays hidden at the top of a long page', () => {
    expect(footerVisibility(false, 0, inner, doc)).toBe(false);
  });

  it('appears at 50 px from the bottom but not at 51 px', () => {
    expect(footerVisibility(false, atDistance(51), inner, doc)).toBe(false);
    expect(footerVisibility(false, atDistance(50), inner, doc)).toBe(true);
    expect(footerVisibility(false, atDistance(0), inner, doc)).toBe(true);
  });

  it('stays visible while the user scrolls back up by up to 75 extra px', () => {
    expect(footerVisibility(true, atDistance(51), inner, doc)).toBe(true);
    expect(footerVisibility(true, atDistance(125), inner, doc)).toBe(true);
  });

  it('hides once the user is more than 125 px from the bottom', () => {
    expect(footerVisibility(true, atDistance(126), inner, doc)).toBe(false);
    expect(footerVisibility(true, 0, inner, doc)).toBe(false);
  });

  it('does not appear inside the hysteresis band when it was hidden', () => {
    expect(footerVisibility(false, atDistance(100), inner, doc)).toBe(false);
  });

  it('treats overscroll past the bottom as the bottom', () => {
    expect(footerVisibility(false, atDistance(-30), inner, doc)).toBe(true);
  });
});
