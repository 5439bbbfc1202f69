import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WaitlistStats } from '@/features/waitlist/sections';
import { applyDarkTheme, ThemeStorageKey } from './theme';

describe('the theme', () => {
  it('is dark, and its value is kept in local storage (whatever was stored before)', () => {
    localStorage.setItem(ThemeStorageKey, 'light');
    document.documentElement.classList.remove('dark');
    applyDarkTheme();
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(ThemeStorageKey)).toBe('dark');
  });
});

describe('the waitlist figures', () => {
  it('show the count once there is someone on the list, and no "0 creators" before', () => {
    const { unmount } = render(<WaitlistStats count={0} />);
    expect(screen.queryByTestId('waitlist-count')).toBeNull();
    expect(screen.queryByText('creators on the waitlist')).toBeNull();
    expect(screen.getByText('12,914')).toBeInTheDocument();
    unmount();
    render(<WaitlistStats count={1204} />);
    expect(screen.getByTestId('waitlist-count')).toHaveTextContent('1,204');
  });
});
