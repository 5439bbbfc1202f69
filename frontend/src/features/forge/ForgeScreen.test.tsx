import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERATE, GENERATION, type Generation } from '@/features/generation/documents';
import { trendKeys } from '@/features/trends/use-trends';
import { createQueryClient } from '@/lib/queryClient';
import { queryKeys } from '@/lib/query-keys';
import type { Trend } from '@/lib/types';
import { gen as fixture, renderApp, type ApolloMocks } from '@/test/render-app';
import { resetToasts } from '@/ui/toast-store';
import { ForgeScreen } from './ForgeScreen';

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

const gen = (over: Partial<Generation>) => fixture({ trendSlug: 'anime', prompt: 'Anime hero style: a corgi astronaut', ...over });

function renderForge(mocks: ApolloMocks, { personalizationSupported = true } = {}) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.trends, [trend]);
  client.setQueryData(trendKeys.styleOptions('anime'), { styleOptions: {}, vibes: [], personalizationSupported });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderApp(<ForgeScreen />, { client, mocks });
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

  it('personalizes with described traits: shown in the final prompt, sent, shown with the result; kept by Adjust, reset by Create Another', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const generateMock = {
      request: {
        query: GENERATE,
        variables: (v: { input: Record<string, unknown> }) => {
          sent.push(v.input);
          return true;
        },
      },
      result: { data: { generate: gen({}) } },
    };
    const completed = {
      request: { query: GENERATION, variables: { id: 'g1' } },
      result: { data: { generation: gen({ status: 'completed', progress: 100, position: null, imageUrl: '/media/g1.png' }) } },
      delay: 20,
    };
    renderForge([generateMock, completed, generateMock, completed]);
    fireEvent.click(screen.getByTestId('trend-card-select'));
    fireEvent.click(screen.getByRole('button', { name: /Continue with this Style/ }));
    fireEvent.change(screen.getByLabelText('Describe your image'), { target: { value: 'a corgi astronaut' } });
    expect(screen.getByTestId('final-prompt')).not.toHaveTextContent('Person traits');

    expect(screen.getByTestId('personalize-card')).toHaveTextContent('Personalize');
    fireEvent.click(screen.getByTestId('personalize-describe-tab'));
    fireEvent.click(screen.getByRole('button', { name: 'blonde hair', pressed: false }));
    fireEvent.change(screen.getByLabelText('In your own words'), { target: { value: 'freckles' } });
    expect(screen.getByTestId('final-prompt').textContent).toMatch(/ \| Person traits: blonde hair, freckles$/);

    fireEvent.click(screen.getByRole('button', { name: 'Generate My Anime Hero' }));
    expect(await screen.findByTestId('generating-view')).toBeInTheDocument();
    expect(await screen.findByTestId('result-prompt')).toHaveTextContent('a corgi astronaut | Person traits: blonde hair, freckles');
    expect(sent[0]).toEqual(expect.objectContaining({ trendSlug: 'anime', userPrompt: 'a corgi astronaut', personalization: 'blonde hair, freckles', styleIntensity: 7 }));
    expect(sent[0]).not.toHaveProperty('photoId');

    // Adjust keeps the personalization.
    fireEvent.click(screen.getByTestId('adjust-prompt'));
    expect(screen.getByTestId('final-prompt')).toHaveTextContent('Person traits: blonde hair, freckles');
    expect(screen.getAllByTestId('trait-chip').map((c) => c.textContent)).toEqual(['blonde hair']);
    expect(screen.getByLabelText('In your own words')).toHaveValue('freckles');

    // Create Another resets it.
    fireEvent.click(screen.getByRole('button', { name: 'Generate My Anime Hero' }));
    expect(await screen.findByTestId('result-prompt')).toHaveTextContent('Person traits: blonde hair, freckles');
    expect(sent).toHaveLength(2);
    fireEvent.click(screen.getByTestId('create-another'));
    fireEvent.click(screen.getByTestId('trend-card-select'));
    fireEvent.click(screen.getByRole('button', { name: /Continue with this Style/ }));
    expect(screen.getByTestId('personalize')).toHaveAttribute('data-mode', 'none');
    expect(screen.getByTestId('final-prompt')).not.toHaveTextContent('Person traits');
  });

  it('sends the uploaded photo and its active traits', async () => {
    Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:me', configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true });
    const photo = {
      id: '0b6f4a5e-1c2d-5e3f-8a9b-0c1d2e3f4a5b',
      url: '/api/photos/0b6f4a5e-1c2d-5e3f-8a9b-0c1d2e3f4a5b/file',
      status: 'done',
      traits: ['brown hair', 'glasses'],
      faces: 1,
      note: null,
      failureReason: null,
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(photo), { status: 201, headers: { 'content-type': 'application/json' } })));
    let input: Record<string, unknown> = {};
    renderForge([
      {
        request: {
          query: GENERATE,
          variables: (v: { input: Record<string, unknown> }) => {
            input = v.input;
            return true;
          },
        },
        result: { errors: [{ message: 'Monthly generation limit reached' }] },
      },
    ]);
    fireEvent.click(screen.getByTestId('trend-card-select'));
    fireEvent.click(screen.getByRole('button', { name: /Continue with this Style/ }));
    fireEvent.change(screen.getByLabelText('Describe your image'), { target: { value: 'a corgi astronaut' } });
    fireEvent.click(screen.getByTestId('personalize-upload-tab'));
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] } });
    expect(screen.getByTestId('photo-preview')).toHaveAttribute('src', 'blob:me');
    expect(await screen.findByText('Traits extracted!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Exclude glasses' }));
    expect(screen.getByTestId('photo-attached')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Generate My Anime Hero' }));
    expect(await screen.findByText('Generation failed')).toBeInTheDocument();
    expect(input).toEqual(expect.objectContaining({ photoId: photo.id, personalization: 'brown hair' }));
    vi.unstubAllGlobals();
  });

  it('hides the Personalize card for trends that do not support it', () => {
    renderForge([], { personalizationSupported: false });
    fireEvent.click(screen.getByTestId('trend-card-select'));
    fireEvent.click(screen.getByRole('button', { name: /Continue with this Style/ }));
    expect(screen.getByLabelText('Describe your image')).toBeInTheDocument();
    expect(screen.queryByTestId('personalize-card')).not.toBeInTheDocument();
  });
});
