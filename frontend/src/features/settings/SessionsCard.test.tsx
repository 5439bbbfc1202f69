import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { toast } from '@/ui/toast-store';
import { deviceName, SessionsCard } from './SessionsCard';

vi.mock('@/ui/toast-store', async (original) => ({ ...(await original<typeof import('@/ui/toast-store')>()), toast: vi.fn() }));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const laptop = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe('SessionsCard', () => {
  it('lists the sessions, this device marked, and signs out everywhere else', async () => {
    let sessions = [
      { id: 'a1', createdAt: '2026-11-20T10:00:00.000Z', device: laptop, current: true },
      { id: 'b2', createdAt: '2026-11-18T08:30:00.000Z', device: phone, current: false },
    ];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/auth/sessions/end-others') && init?.method === 'POST') {
        sessions = sessions.filter((session) => session.current);
        return json({ ended: 1 });
      }
      return json(sessions);
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<QueryClientProvider client={createQueryClient()}><SessionsCard /></QueryClientProvider>);

    const rows = await screen.findAllByTestId('session-row');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Chrome on macOSThis device'), expect.stringContaining('Safari on iOS')]);
    fireEvent.click(screen.getByTestId('sessions-end-others'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Signed out of 1 other session' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(screen.getByTestId('sessions-end-others')).toBeDisabled();
  });

  it('names devices from their User-Agent', () => {
    expect(deviceName(laptop)).toBe('Chrome on macOS');
    expect(deviceName(phone)).toBe('Safari on iOS');
    expect(deviceName('')).toBe('Unknown device');
  });
});
