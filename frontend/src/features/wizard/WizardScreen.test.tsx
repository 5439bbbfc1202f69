import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERATE, GENERATION, type Generation } from '@/features/generation/documents';
import { trendKeys } from '@/features/trends/use-trends';
import { createQueryClient } from '@/lib/queryClient';
import { queryKeys } from '@/lib/query-keys';
import type { Role, Trend, User } from '@/lib/types';
import { member as basicMember, renderApp, type ApolloMocks } from '@/test/render-app';
import { resetToasts } from '@/ui/toast-store';
import { WizardScreen } from './WizardScreen';

const trend = (slug: string, over: Partial<Trend> = {}): Trend => ({
  id: slug, slug, name: `${slug[0].toUpperCase()}${slug.slice(1)}`, description: `${slug} look`, prompt: '', promptTemplate: '{subject}',
  category: 'Free', isWeeklyTrend: false, premium: false, creditsRequired: 0, verified: false, available: true,
  preview: '', previewImage: '', image: '', generations: 0, ...over,
});
const pixar = trend('pixar');
const ghibli = trend('ghibli', { premium: true, creditsRequired: 3, category: 'Premium' });
const VIBES = ['Dreamy', 'Retro glow'];

const member = (role: Role, credits = 10): User => ({ ...basicMember, role, credits });

const gen = (over: Partial<Generation> = {}): Generation & { __typename: 'Generation' } => ({
  __typename: 'Generation', id: 'g1', status: 'queued', progress: 0, position: 0, etaSeconds: 20, failureReason: null,
  trendSlug: 'pixar', prompt: 'a corgi astronaut', caption: null, engine: null, imageUrl: null, thumbnailUrl: null, previewUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z', ...over,
});
const completed = (id: string, over: Partial<Generation> = {}) => ({
  request: { query: GENERATION, variables: { id } },
  result: { data: { generation: gen({ id, status: 'completed', progress: 100, position: null, imageUrl: `/media/${id}.png`, engine: 'studio', ...over }) } },
});

/** Records each generate input and accepts it as generation g<n>. */
function generateMocks(count: number) {
  const sent: Array<Record<string, unknown>> = [];
  const mocks = Array.from({ length: count }, (_, i) => ({
    request: {
      query: GENERATE,
      variables: (v: { input: Record<string, unknown> }) => {
        sent.push(v.input);
        return true;
      },
    },
    result: { data: { generate: gen({ id: `g${i + 1}` }) } },
  }));
  return { sent, mocks };
}

function renderWizard({ user = member('basic'), mocks = [] as ApolloMocks, trends = [pixar, ghibli] as Trend[] | null } = {}) {
  const client = createQueryClient();
  if (trends) client.setQueryData(queryKeys.trends, trends);
  for (const t of trends ?? []) client.setQueryData(trendKeys.styleOptions(t.slug), { styleOptions: {}, vibes: VIBES, personalizationSupported: true });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderApp(<WizardScreen />, { client, user, mocks });
  return { invalidate };
}

const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const typePrompt = (text: string) => fireEvent.change(screen.getByTestId('wizard-prompt'), { target: { value: text } });

/** Steps 0 to 3 with a trend and a prompt. */
function walkToReview(slug = 'pixar', prompt = 'a corgi astronaut') {
  click(`wizard-trend-${slug}`);
  click('wizard-continue');
  typePrompt(prompt);
  click('wizard-continue');
  click('wizard-continue');
  expect(screen.getByTestId('wizard-step-3')).toBeInTheDocument();
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WizardScreen', () => {
  it('enables Continue per step and goes Back one step at a time', () => {
    renderWizard();
    expect(screen.getByTestId('wizard-step-0')).toBeInTheDocument();
    expect(screen.queryByTestId('wizard-back')).not.toBeInTheDocument();
    expect(screen.getByTestId('wizard-continue')).toBeDisabled();
    click('wizard-trend-pixar');
    expect(screen.getByTestId('wizard-trend-pixar')).toHaveAttribute('aria-pressed', 'true');
    click('wizard-continue');

    expect(screen.getByTestId('wizard-step-1')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Describe what you want to create in Pixar style...')).toBe(screen.getByTestId('wizard-prompt'));
    expect(screen.getByTestId('wizard-style-card')).toHaveTextContent('Pixar');
    expect(screen.getByTestId('wizard-continue')).toBeDisabled();
    typePrompt('   ');
    expect(screen.getByTestId('wizard-continue')).toBeDisabled();
    typePrompt('a corgi astronaut');
    expect(screen.getByTestId('wizard-continue')).toBeEnabled();
    click('wizard-continue');

    expect(screen.getByTestId('wizard-step-2')).toHaveTextContent('Personalize');
    expect(screen.getByText('Add personal touches to make it uniquely yours')).toBeInTheDocument();
    expect(screen.getByText('Choose Style Variation')).toBeInTheDocument();
    expect(screen.getByTestId('wizard-variation-standard')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('wizard-continue')).toBeEnabled();

    click('wizard-back');
    expect(screen.getByTestId('wizard-prompt')).toHaveValue('a corgi astronaut');
    click('wizard-back');
    expect(screen.getByTestId('wizard-step-0')).toBeInTheDocument();
    expect(screen.getByTestId('wizard-continue')).toBeEnabled();
  });

  it('reviews the prompt, personalization and variation, then sends them and shows the result with a watermark', async () => {
    const { sent, mocks } = generateMocks(1);
    const { invalidate } = renderWizard({ mocks: [...mocks, completed('g1', { caption: 'Main character energy' })] });
    click('wizard-trend-pixar');
    click('wizard-continue');
    typePrompt('a corgi astronaut');
    click('wizard-continue');
    click('personalize-describe-tab');
    fireEvent.click(screen.getByRole('button', { name: 'blonde hair', pressed: false }));
    click('wizard-variation-artistic');
    click('wizard-continue');

    expect(screen.getByRole('heading', { name: 'Ready to Generate' })).toBeInTheDocument();
    expect(screen.getByTestId('wizard-review-style')).toHaveTextContent('Pixar');
    expect(screen.getByTestId('wizard-review-prompt')).toHaveTextContent('a corgi astronaut');
    expect(screen.getByTestId('wizard-review-personalization')).toHaveTextContent('blonde hair');
    expect(screen.getByTestId('wizard-review-variation')).toHaveTextContent('Artistic');
    // Not premium: no credits note.
    expect(screen.queryByText(/This will use/)).not.toBeInTheDocument();

    click('wizard-generate');
    expect(screen.getByTestId('wizard-step-4')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Creating Your Pixar' })).toBeInTheDocument();
    expect(screen.getByText('Our AI is working its magic to bring your vision to life...')).toBeInTheDocument();

    expect(await screen.findByTestId('wizard-result')).toBeInTheDocument();
    expect(sent).toEqual([{ trendSlug: 'pixar', prompt: 'a corgi astronaut', personalization: 'blonde hair', variation: 'artistic' }]);
    expect(screen.getByTestId('wizard-result-image')).toHaveAttribute('src', '/media/g1.png');
    expect(screen.getByTestId('wizard-caption')).toHaveTextContent('Main character energy');
    expect(screen.getByTestId('wizard-result-prompt')).toHaveTextContent('a corgi astronaut | Person traits: blonde hair');
    expect(screen.getByTestId('wizard-watermark')).toBeInTheDocument();
    expect(screen.getByTestId('wizard-counter')).toHaveTextContent('1 image created');
    expect(screen.getByTestId('creation-download')).toBeInTheDocument();
    expect(screen.queryByTestId('wizard-back')).not.toBeInTheDocument();
    expect(screen.queryByText('Credits used')).not.toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.images });
  });

  it('hides the watermark for pro_unlimited and falls back to "{trend} style image of {prompt}" as the caption', async () => {
    const { mocks } = generateMocks(1);
    renderWizard({ user: member('pro_unlimited'), mocks: [...mocks, completed('g1')] });
    walkToReview();
    click('wizard-generate');
    expect(await screen.findByTestId('wizard-result')).toBeInTheDocument();
    expect(screen.getByTestId('wizard-caption')).toHaveTextContent('Pixar style image of a corgi astronaut');
    expect(screen.queryByTestId('wizard-watermark')).not.toBeInTheDocument();
  });

  it('notes "This will use N credit(s)" for a premium trend and refuses without enough credits, without a generate call', async () => {
    const { sent, mocks } = generateMocks(1);
    renderWizard({ user: member('pro', 2), mocks });
    walkToReview('ghibli');
    expect(screen.getByTestId('wizard-credits-note')).toHaveTextContent('This will use 3 credit(s)');

    click('wizard-generate');
    expect(await screen.findByText('You need 3 credits to use this trend. Please upgrade or purchase more credits.')).toBeInTheDocument();
    expect(screen.getByTestId('wizard-step-3')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('tells a free member with 0 of 5 generations left beside a disabled Generate, with the plans and referral credits, and sends nothing', () => {
    const { sent, mocks } = generateMocks(1);
    renderWizard({ user: { ...member('free'), monthlyUsage: 5 }, mocks });
    walkToReview();
    const generate = screen.getByTestId('wizard-generate');
    expect(generate).toBeDisabled();
    const notice = screen.getByTestId('allowance-reached');
    expect(generate).toHaveAttribute('aria-describedby', notice.id);
    expect(notice).toHaveTextContent('You have used all 5 of this month’s generations');
    expect(screen.getByTestId('allowance-see-plans')).toHaveAttribute('href', '/settings/subscription');
    expect(screen.getByRole('link', { name: 'Earn credits by inviting friends' })).toBeInTheDocument();
    click('wizard-generate');
    expect(screen.getByTestId('wizard-step-3')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('tells the member the credits used after a premium success', async () => {
    const { mocks } = generateMocks(1);
    renderWizard({ user: member('pro', 5), mocks: [...mocks, completed('g1')] });
    walkToReview('ghibli');
    click('wizard-generate');
    expect(await screen.findByText('Credits used')).toBeInTheDocument();
    expect(screen.getByText('You used 3 credits for this generation.')).toBeInTheDocument();
  });

  it('returns to step 3 with the failure toast when the generation fails', async () => {
    const { mocks } = generateMocks(1);
    renderWizard({ mocks: [...mocks, { request: { query: GENERATION, variables: { id: 'g1' } }, result: { data: { generation: gen({ status: 'failed', failureReason: 'engine exploded' }) } } }] });
    walkToReview();
    click('wizard-generate');
    expect(await screen.findByText('There was an error generating your image. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Generation failed')).toBeInTheDocument();
    expect(screen.getByTestId('wizard-step-3')).toBeInTheDocument();
    expect(screen.getByTestId('wizard-generate')).toBeEnabled();
  });

  it('returns to step 3 with the failure toast when the server refuses the generation', async () => {
    renderWizard({ mocks: [{ request: { query: GENERATE, variables: () => true }, result: { errors: [{ message: 'Monthly generation limit reached' }] } }] });
    walkToReview();
    click('wizard-generate');
    expect(await screen.findByText('There was an error generating your image. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('wizard-step-3')).toBeInTheDocument();
  });

  it('remixes with a vibe: appends ", {vibe}" to the prompt and generates again at once; each success counts', async () => {
    const { sent, mocks } = generateMocks(2);
    renderWizard({ mocks: [mocks[0], completed('g1'), mocks[1], completed('g2')] });
    walkToReview();
    click('wizard-generate');
    expect(await screen.findByTestId('wizard-result')).toBeInTheDocument();
    expect(screen.getByTestId('wizard-vibe-1')).toHaveTextContent('Retro glow');

    click('wizard-vibe-1');
    expect(screen.getByTestId('wizard-step-4')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('wizard-result-image')).toHaveAttribute('src', '/media/g2.png'));
    expect(sent.map((input) => input.prompt)).toEqual(['a corgi astronaut', 'a corgi astronaut, Retro glow']);
    expect(screen.getByTestId('wizard-counter')).toHaveTextContent('2 images created');
  });

  it('New Image resets to step 0 and clears prompt, personalization, variation, image and caption', async () => {
    const { mocks } = generateMocks(1);
    renderWizard({ mocks: [...mocks, completed('g1')] });
    click('wizard-trend-pixar');
    click('wizard-continue');
    typePrompt('a corgi astronaut');
    click('wizard-continue');
    click('personalize-describe-tab');
    fireEvent.click(screen.getByRole('button', { name: 'blonde hair', pressed: false }));
    click('wizard-variation-detailed');
    click('wizard-continue');
    click('wizard-generate');
    expect(await screen.findByTestId('wizard-result')).toBeInTheDocument();

    click('wizard-new-image');
    expect(screen.getByTestId('wizard-step-0')).toBeInTheDocument();
    expect(screen.queryByTestId('wizard-result')).not.toBeInTheDocument();
    click('wizard-continue');
    expect(screen.getByTestId('wizard-prompt')).toHaveValue('');
    typePrompt('a cat');
    click('wizard-continue');
    expect(screen.getByTestId('personalize')).toHaveAttribute('data-mode', 'none');
    expect(screen.getByTestId('wizard-variation-standard')).toHaveAttribute('aria-pressed', 'true');
    click('wizard-continue');
    expect(screen.getByTestId('wizard-review-personalization')).toHaveTextContent('None');
  });

  it('Remix returns to step 0 keeping the prompt but not the enhanced prompt', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ feedback: 'Add lighting.', suggestion: 'a corgi astronaut, golden hour rim light' })));
    const { sent, mocks } = generateMocks(1);
    renderWizard({ mocks: [...mocks, completed('g1')] });
    click('wizard-trend-pixar');
    click('wizard-continue');
    typePrompt('a corgi astronaut');
    click('wizard-enhance');
    expect(await screen.findByTestId('wizard-enhanced-prompt')).toHaveTextContent('a corgi astronaut, golden hour rim light');
    expect(screen.getByText('Add lighting.')).toBeInTheDocument();
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/coach/feedback', expect.objectContaining({
      method: 'POST', body: JSON.stringify({ prompt: 'a corgi astronaut', trendSlug: 'pixar', trendName: 'Pixar' }),
    }));
    click('wizard-continue');
    click('wizard-continue');
    expect(screen.getByTestId('wizard-review-prompt')).toHaveTextContent('a corgi astronaut, golden hour rim light');
    click('wizard-generate');
    expect(await screen.findByTestId('wizard-result')).toBeInTheDocument();
    expect(sent[0].prompt).toBe('a corgi astronaut, golden hour rim light');

    click('wizard-remix');
    expect(screen.getByTestId('wizard-step-0')).toBeInTheDocument();
    click('wizard-continue');
    expect(screen.getByTestId('wizard-prompt')).toHaveValue('a corgi astronaut');
    expect(screen.queryByTestId('wizard-enhanced')).not.toBeInTheDocument();
  });

  it('drops the enhanced prompt when the member keeps the original', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ feedback: '', suggestion: 'a fluffy corgi astronaut' })));
    renderWizard();
    click('wizard-trend-pixar');
    click('wizard-continue');
    expect(screen.getByTestId('wizard-enhance')).toBeDisabled();
    typePrompt('a corgi astronaut');
    click('wizard-enhance');
    expect(await screen.findByTestId('wizard-enhanced-prompt')).toHaveTextContent('a fluffy corgi astronaut');
    click('wizard-drop-enhanced');
    click('wizard-continue');
    click('wizard-continue');
    expect(screen.getByTestId('wizard-review-prompt')).toHaveTextContent(/^a corgi astronaut$/);
  });

  it('shows "Loading trends..." while the list loads', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderWizard({ trends: null });
    expect(screen.getByText('Loading trends...')).toBeInTheDocument();
  });

  it('shows the load-error page with Try Again reloading the page', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'down' }, 503)));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderWizard({ trends: null });
    expect(await screen.findByText('Failed to load trends')).toBeInTheDocument();
    expect(screen.getByText("We couldn't connect to the servers. Please check your connection and try again.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
