import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthContext } from '@/features/auth/auth-context';
import { AuthDialogProvider } from '@/features/auth/auth-dialog-context';
import type { User } from '@/lib/types';
import { loadedQueryClient } from '@/lib/query-client-loader';
import { AppProviders } from '../providers';
import { Brand } from './Brand';
import { Header } from './Header';

describe('the phone menu for a visitor', () => {
  beforeEach(() => {
    document.cookie = 'tf_member=; path=/; max-age=0';
  });

  // The landing and about pages run without TanStack Query: the sheet must not need it.
  for (const path of ['/', '/about-trendforge']) {
    it(`opens on ${path} without the query client`, async () => {
      render(
        <MemoryRouter initialEntries={[path]}>
          <AppProviders>
            <AuthDialogProvider>
              <Header />
            </AuthDialogProvider>
          </AppProviders>
        </MemoryRouter>,
      );
      expect(loadedQueryClient()).toBeNull();
      await act(async () => fireEvent.click(screen.getByTestId('mobile-menu-button')));
      const menu = await screen.findByTestId('mobile-menu', {}, { timeout: 20_000 });
      expect(menu).toHaveTextContent('Sign Up');
      expect(menu).toHaveTextContent('Log In');
    }, 30_000);
  }
});

describe('the brand mark', () => {
  const renderBrand = (user: User | null) =>
    render(
      <AuthContext.Provider value={{ user, isLoading: false }}>
        <MemoryRouter>
          <Brand />
        </MemoryRouter>
      </AuthContext.Provider>,
    );

  it('shows "Pro" only to Pro members', () => {
    for (const role of [null, 'free', 'basic', 'admin'] as const) {
      const { unmount } = renderBrand(role ? ({ id: 'u', username: 'a', role } as unknown as User) : null);
      expect(screen.getByTestId('brand-home')).not.toHaveTextContent(/pro/i);
      unmount();
    }
    for (const role of ['pro', 'pro_unlimited'] as const) {
      const { unmount } = renderBrand({ id: 'u', username: 'a', role } as unknown as User);
      expect(screen.getByTestId('brand-home')).toHaveTextContent(/pro/i);
      unmount();
    }
  });
});
