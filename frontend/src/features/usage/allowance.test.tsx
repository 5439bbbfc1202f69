import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderCreator } from '@/features/creator/creator-test-utils';
import { ForgeScreen } from '@/features/forge/ForgeScreen';
import { trendKeys } from '@/features/trends/use-trends';
import { createQueryClient } from '@/lib/queryClient';
import { queryKeys } from '@/lib/query-keys';
import type { Trend, User } from '@/lib/types';
import { member, renderApp } from '@/test/render-app';
import { resetToasts } from '@/ui/toast-store';

const trend = {
  id: '1', slug: 'anime', name: 'Anime Hero', description: 'Big eyes, bigger energy.', prompt: 'Anime hero style', promptTemplate: '',
  category: 'New', isWeeklyTrend: false, premium: false, creditsRequired: 0, verified: false, available: true, preview: '',
  previewImage: '', image: '', generations: 10,
} as Trend;

function renderForge(user: User) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.trends, [trend]);
  client.setQueryData(trendKeys.styleOptions('anime'), { styleOptions: {}, vibes: [], personalizationSupported: false });
  renderApp(<ForgeScreen />, { client, user, mocks: [] });
  fireEvent.click(screen.getByTestId('trend-card-select'));
  fireEvent.click(screen.getByRole('button', { name: /Continue with this Style/ }));
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => act(() => resetToasts()));

describe('a free member with 0 of 5 generations left', () => {
  it('is told before pressing Generate, keeps the prompt, and is offered the plans', () => {
    renderForge({ ...member, role: 'free', monthlyUsage: 5 } as User);
    fireEvent.change(screen.getByLabelText('Describe your image'), { target: { value: 'a corgi astronaut' } });
    const generate = screen.getByTestId('generate-button');
    expect(generate).toBeDisabled();
    const notice = screen.getByTestId('allowance-reached');
    expect(generate).toHaveAttribute('aria-describedby', notice.id);
    expect(notice).toHaveTextContent('You have used all 5 of this month’s generations');
    expect(screen.getByTestId('allowance-see-plans')).toHaveAttribute('href', '/settings/subscription');
    // The keyboard shortcut does not go around it either, and the prompt stays.
    fireEvent.keyDown(screen.getByLabelText('Describe your image'), { key: 'Enter', ctrlKey: true });
    expect(screen.getByLabelText('Describe your image')).toHaveValue('a corgi astronaut');
    expect(screen.getByTestId('generate-button')).toBeInTheDocument();
  });

  it('is not shown to a member with generations left', () => {
    renderForge({ ...member, role: 'free', monthlyUsage: 4 } as User);
    expect(screen.getByTestId('generate-button')).toBeEnabled();
    expect(screen.queryByTestId('allowance-reached')).toBeNull();
  });
});

describe('a free member with 0 of 5 generations left on the creator page', () => {
  afterEach(() => vi.useRealTimers());

  it('is told beside a disabled Generate; neither 1-click nor an idea starts a generation, and the prompt stays', () => {
    vi.useFakeTimers();
    renderCreator('/forge/pixar', { user: { ...member, role: 'free', monthlyUsage: 5 } as User });
    fireEvent.change(screen.getByTestId('creator-prompt'), { target: { value: 'a corgi astronaut' } });
    const button = screen.getByTestId('creator-generate');
    expect(button).toBeDisabled();
    const notice = screen.getByTestId('allowance-reached');
    expect(button).toHaveAttribute('aria-describedby', notice.id);
    expect(notice).toHaveTextContent('You have used all 5 of this month’s generations');
    expect(screen.getByTestId('allowance-see-plans')).toHaveAttribute('href', '/settings/subscription');
    // 1-click generates at once; an idea fills the prompt and generates 100 ms later.
    fireEvent.click(screen.getByTestId('creator-one-click'));
    fireEvent.click(screen.getByTestId('creator-idea-0'));
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByTestId('creator-generating')).toBeNull();
    expect(screen.getByTestId('creator-page')).toHaveAttribute('data-mode', 'prompt_input');
    expect(screen.getByTestId('creator-generate')).toBeDisabled();
  });
});
