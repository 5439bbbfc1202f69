import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toast } from './toast';
import { resetToasts, TOAST_DURATION, TOAST_LIMIT } from './toast-store';

afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows at most one toast: a new one replaces the current', () => {
    expect(TOAST_LIMIT).toBe(1);
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'one' });
    });
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => {
      toast({ title: 'No prompt provided', description: 'Please enter a text prompt to generate an image', variant: 'destructive' });
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Please enter a text prompt to generate an image')).toBeInTheDocument();
  });

  it('offers the F8 hotkey on the viewport region', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
  });

  it('closes after 5000 ms', () => {
    vi.useFakeTimers();
    expect(TOAST_DURATION).toBe(5000);
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved to gallery' });
    });
    expect(screen.getByText('Saved to gallery')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'open');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('toast')?.getAttribute('data-state') ?? 'closed').toBe('closed');
  });
});
