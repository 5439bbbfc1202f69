import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';
import { AuthDialogProvider } from '@/features/auth/auth-dialog-context';
import { GENERATE, GENERATION, type Generation } from '@/features/generation/documents';
import { createQueryClient, queryKeys } from '@/lib/queryClient';
import type { Trend, User } from '@/lib/types';
import { Toaster } from '@/ui/toast';
import { resetToasts } from '@/ui/toast-store';
import { ForgeScreen } from './ForgeScreen';

const user = {
  id: 'u1',
  username: 'viralcat',
  email: 'cat@example.com',
  role: 'basic',
  credits: 12,
  monthlyUsage: 0,
  favoriteTrends: [],
} as unknown as User;

const trend: Trend = {
  id: '1',
  slug: 'anime',
  name: 'Anime Hero',
  description: 'Big eyes, bigger energy.',
  prompt: 'Anime hero style',
  promptTemplate: '',
  category: 'New',
  isWeeklyTrend: false,
  premium: false,
  creditsRequired: 0,
  verified: false,
  available: true,
  preview: '',
  previewImage: '',
  image: '',
  generations: 10,
};

const gen = (over: Partial<Generation>): Generation & { __typename: 'Generation' } => ({
  __typename: 'Generation',
  id: 'g1',
  status: 'queued',
  progress: 0,
  position: 2,
  etaSeconds: 45,
  failureReason: null,
  trendSlug: 'anime',
  prompt: 'Anime hero style: a corgi astronaut',
  caption: null,
  engine: null,
  imageUrl: null,
  thumbnailUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

function renderForge(mocks: ConstructorParameters<typeof MockedProvider>[0]['mocks']) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.trends, [trend]);
  const auth: AuthContextValue = {
    user,
    isLoading: false,
    loginMutation: {} as AuthContextValue['loginMutation'],
    registerMutation: {} as AuthContextValue['registerMutation'],
    logoutMutation: {} as AuthContextValue['logoutMutation'],
  };
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <MockedProvider mocks={mocks}>
          <MemoryRouter>
            <AuthDialogProvider>
              <ForgeScreen />
              <Toaster />
            </AuthDialogProvider>
          </MemoryRouter>
        </MockedProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { invalidate };
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  act(() => resetToasts());
});

describe('ForgeScreen', () => {
  it('walks style → prompt → generating → result through the GraphQL generation', async () => {
    const { invalidate } = renderForge([
      {
        request: {
          query: GENERATE,
          variables: (v: { input: { trendSlug: string; userPrompt: string } }) =>
            v.input.trendSlug === 'anime' && v.input.userPrompt === 'a corgi astronaut',
        },
        result: { data: { generate: gen({}) } },
      },
      {
        request: { query: GENERATION, variables: { id: 'g1' } },
        result: {
          data: {
            generation: gen({
              status: 'completed',
              progress: 100,
              position: null,
              imageUrl: '/media/g1.png',
              caption: 'Main character energy',
              engine: 'studio',
            }),
          },
        },
        delay: 50,
      },
    ]);

    expect(screen.getByRole('heading', { name: 'Trend Forge' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('trend-card-select'));
    fireEvent.click(screen.getByRole('button', { name: /Continue with this Style/ }));

    // Empty prompt → destructive validation toast, no generation.
    fireEvent.click(screen.getByRole('button', { name: 'Generate My Anime Hero' }));
    expect(await screen.findByText('No prompt provided')).toBeInTheDocument();
    expect(screen.getByText('Please enter a text prompt to generate an image')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Describe your image'), { target: { value: 'a corgi astronaut' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate My Anime Hero' }));

    expect(await screen.findByText('Generation usually takes 15-30 seconds.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('generation-status')).toHaveTextContent('Position 3 in queue · about 45 s'));

    const image = await screen.findByRole('img', { name: 'a corgi astronaut' });
    expect(image).toHaveAttribute('src', '/media/g1.png');
    expect(screen.getByText('Main character energy')).toBeInTheDocument();
    expect(screen.getByText('Studio engine')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View All Creations/ })).toHaveAttribute('href', '/forge/history');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.images });
  });

  it('shows the server message and returns to style selection when generate is refused', async () => {
    renderForge([
      {
        request: { query: GENERATE, variables: () => true },
        result: { errors: [{ message: 'Monthly generation limit reached' }] },
      },
    ]);
    fireEvent.click(screen.getByTestId('trend-card-select'));
    fireEvent.click(screen.getByRole('button', { name: /Continue with this Style/ }));
    fireEvent.change(screen.getByLabelText('Describe your image'), { target: { value: 'a corgi astronaut' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate My Anime Hero' }));

    expect(await screen.findByText('Generation failed')).toBeInTheDocument();
    expect(screen.getByText('Monthly generation limit reached')).toBeInTheDocument();
    expect(screen.getByTestId('trend-card')).toBeInTheDocument();
  });
});
