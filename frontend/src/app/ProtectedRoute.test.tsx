import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';
import type { User } from '@/lib/types';
import { ProtectedRoute } from './ProtectedRoute';

function authValue(partial: Partial<AuthContextValue>): AuthContextValue {
  return {
    user: null,
    isLoading: false,
    ...partial,
  };
}

function renderAt(value: AuthContextValue) {
  return render(
    <AuthContext.Provider value={value}>
      <MemoryRouter initialEntries={['/forge']}>
        <Routes>
          <Route path="/" element={<h1>Landing</h1>} />
          <Route
            path="/forge"
            element={
              <ProtectedRoute>
                <h1>Forge content</h1>
              </ProtectedRoute>
            }
          />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

describe('ProtectedRoute', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a spinner while the session loads', () => {
    renderAt(authValue({ isLoading: true }));
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
    expect(screen.queryByText('Forge content')).not.toBeInTheDocument();
  });

  it('renders the page for a signed-in user', () => {
    renderAt(authValue({ user: { id: '1', username: 'ana' } as User }));
    expect(screen.getByRole('heading', { name: 'Forge content' })).toBeInTheDocument();
  });

  it('counts down from 3 and then goes home', () => {
    renderAt(authValue({ user: null }));
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(screen.getByText('This feature requires you to sign in first.')).toBeInTheDocument();
    expect(screen.getByText('Redirecting to home page in 3 seconds...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Home Page' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Redirecting to home page in 2 seconds...')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Redirecting to home page in 1 seconds...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Landing' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeInTheDocument();
  });
});
