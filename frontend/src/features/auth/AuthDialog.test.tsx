import { fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { AuthProvider, useAuth } from './auth-context';
import AuthDialog from './AuthDialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog(fetchImpl: typeof fetch) {
  vi.stubGlobal('fetch', vi.fn(fetchImpl));
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter>
          <AuthDialog open onOpenChange={() => {}} initialTab="register" />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('useAuth', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('AuthDialog', () => {
  it('validates the register form with the spec messages', async () => {
    renderDialog(async () => new Response('', { status: 401 }));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ab' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it("shows the server's message when registration fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDialog(async (input) => {
      if (String(input).endsWith('/api/auth/register')) {
        return new Response('{"message":"Email already registered"}', { status: 409 });
      }
      return new Response('', { status: 401 });
    });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'viralcat' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'cat@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent('Email already registered'));
  });
});
