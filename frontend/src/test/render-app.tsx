import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';
import { AuthDialogProvider } from '@/features/auth/auth-dialog-context';
import type { Generation } from '@/features/generation/documents';
import type { User } from '@/lib/types';
import { Toaster } from '@/ui/toast';

/** A signed-in Basic member with 12 credits. */
export const member = {
  id: 'u1',
  username: 'viralcat',
  email: 'cat@example.com',
  role: 'basic',
  credits: 12,
  monthlyUsage: 0,
  favoriteTrends: [],
} as unknown as User;

/** A queued generation as the API returns it; override any field. */
export const gen = (over: Partial<Generation> = {}): Generation & { __typename: 'Generation' } => ({
  __typename: 'Generation',
  id: 'g1',
  status: 'queued',
  progress: 0,
  position: 2,
  etaSeconds: 45,
  failureReason: null,
  trendSlug: 'pixar',
  prompt: 'a corgi astronaut',
  caption: null,
  engine: null,
  imageUrl: null,
  thumbnailUrl: null,
  previewUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

export type ApolloMocks = ConstructorParameters<typeof MockedProvider>[0]['mocks'];

export interface RenderAppOptions {
  /** The query client, seeded by the test (trends, style options...). */
  client: QueryClient;
  user?: User | null;
  mocks?: ApolloMocks;
  /** The router's history; "/" when not given. */
  initialEntries?: string[];
}

/**
 * Renders a screen inside the app's providers as a signed-in member would see it: query client,
 * auth, Apollo mocks, a memory router, the auth dialog and the toaster.
 */
export function renderApp(ui: ReactNode, { client, user = member, mocks = [], initialEntries }: RenderAppOptions) {
  const auth: AuthContextValue = {
    user,
    isLoading: false,
  };
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <MockedProvider mocks={mocks}>
          <MemoryRouter initialEntries={initialEntries}>
            <AuthDialogProvider>
              {ui}
              <Toaster />
            </AuthDialogProvider>
          </MemoryRouter>
        </MockedProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
