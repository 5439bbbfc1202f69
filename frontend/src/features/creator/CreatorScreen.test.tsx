import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creatorPrompt, viralityScore } from '@trendforge/contracts';
import { GENERATE, GENERATION } from '@/features/generation/documents';
import { member } from '@/test/render-app';
import { resetToasts } from '@/ui/toast-store';
import { creatorContent } from './creator-content';
import { gen, json, pixar, renderCreator, stubApi } from './creator-test-utils';

type Input = Record<string, unknown>;

// The page is large and the machine shared: give renders time (this is a wait, not a timing assertion).
configure({ asyncUtilTimeout: 5000 });

/** A GENERATE mock that records its inputs; `result` decides the answer. */
function generateMock(sent: Input[], result: object = { data: { generate: gen({}) } }) {
  return {
    request: {
      query: GENERATE,
      variables: (v: { input: Input }) => {
        sent.push(v.input);
        return true;
      },
    },
    result,
  };
}

const completed = {
  request: { query: GENERATION, variables: { id: 'g1' } },
  result: {
    data: { generation: gen({ status: 'completed', progress: 100, position: null, imageUrl: '/media/g1.png', caption: 'Main character energy', engine: 'studio' }) },
  },
  delay: 20,
};

const promptBox = () => screen.getByTestId('creator-prompt');
const type = (text: string) => fireEvent.change(promptBox(), { target: { value: text } });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('creator page', () => {
  it('shows the four steps, the 1-click button, the ideas, the preview, the analysis and the style tips', () => {
    renderCreator('/forge/pixar');
    for (const step of ['Step 1', 'Step 2', 'Step 3', 'Step 4']) expect(screen.getByText(step)).toBeInTheDocument();
    expect(screen.getByTestId('creator-one-click')).toBeInTheDocument();
    expect(screen.getAllByTestId(/^creator-idea-\d$/)).toHaveLength(4);
    expect(screen.getByTestId('creator-preview')).toBeInTheDocument();
    expect(screen.getByTestId('creator-analysis-card')).toBeInTheDocument();
    expect(screen.getByTestId('creator-style-tips')).toHaveTextContent(creatorContent(pixar).tips[0]);
    expect(screen.getByTestId('creator-change-style')).toHaveAttribute('href', '/forge');
    expect(screen.getByTestId('personalize')).toBeInTheDocument();
  });

  it('says the trend was not found, with Back to Trends', async () => {
    stubApi({ '/api/trends/slug/nope': () => new Response('{"message":"Trend not found"}', { status: 404 }) });
    renderCreator('/forge/nope');
    expect(await screen.findByText('Trend not found')).toBeInTheDocument();
    expect(screen.getByText("The trend you're looking for doesn't exist or has been removed.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Trends' })).toHaveAttribute('href', '/forge');
  });

  it('reads style option flags from the query string, writes them back, and sends and shows them', async () => {
    const sent: Input[] = [];
    renderCreator('/forge/pixar?exaggerated_eyes=true&ref=x', { mocks: [generateMock(sent)] });
    expect(screen.getByTestId('creator-flag-exaggerated_eyes')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('creator-flag-vibrant_colors')).toHaveAttribute('aria-checked', 'false');

    fireEvent.click(screen.getByTestId('creator-flag-vibrant_colors'));
    expect(location()).toBe('/forge/pixar?exaggerated_eyes=true&ref=x&vibrant_colors=true');
    fireEvent.click(screen.getByTestId('creator-flag-exaggerated_eyes'));
    expect(location()).toBe('/forge/pixar?ref=x&vibrant_colors=true');
    expect(screen.getByTestId('creator-flag-exaggerated_eyes')).toHaveAttribute('aria-checked', 'false');

    type('a corgi astronaut');
    // The prompt that will be used is the one the server builds from the same rule.
    expect(screen.getByTestId('creator-final-prompt')).toHaveTextContent(creatorPrompt(pixar, 'a corgi astronaut', ['vibrant_colors']));
    expect(screen.getByTestId('creator-final-prompt')).toHaveTextContent('in vibrant, saturated colours');

    fireEvent.click(screen.getByTestId('creator-vibe-1'));
    fireEvent.click(screen.getByTestId('creator-generate'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ trendSlug: 'pixar', userPrompt: 'a corgi astronaut', styleOptions: ['vibrant_colors'], vibe: 'Adventurous' });
  });

  it('disables Generate with an empty prompt and while generating', async () => {
    const sent: Input[] = [];
    renderCreator('/forge/pixar', { mocks: [generateMock(sent)] });
    const generate = screen.getByTestId('creator-generate');
    expect(generate).toBeDisabled();
    type('   ');
    expect(generate).toBeDisabled();
    type('a corgi astronaut');
    expect(generate).toBeEnabled();

    fireEvent.click(generate);
    expect(screen.getByTestId('creator-generate')).toBeDisabled();
    expect(screen.getByTestId('creator-generating')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('creator-generation-status')).toHaveTextContent('Position 3 in queue · about 45 s'));
    expect(screen.getByTestId('creator-generate')).toBeDisabled();
    expect(sent).toHaveLength(1);
  });

  it('goes back to prompt input with "Generation failed" and the server message', async () => {
    renderCreator('/forge/pixar', { mocks: [generateMock([], { errors: [{ message: 'Monthly generation limit reached' }] })] });
    type('a corgi astronaut');
    fireEvent.click(screen.getByTestId('creator-generate'));
    expect(await screen.findByText('Generation failed')).toBeInTheDocument();
    expect(screen.getByText('Monthly generation limit reached')).toBeInTheDocument();
    expect(screen.queryByTestId('creator-generating')).not.toBeInTheDocument();
    expect(promptBox()).toHaveValue('a corgi astronaut');
    expect(screen.getByTestId('creator-generate')).toBeEnabled();
  });

  it('says "Failed to generate image" when a generation fails without a reason', async () => {
    const failed = { request: { query: GENERATION, variables: { id: 'g1' } }, result: { data: { generation: gen({ status: 'failed', position: null }) } } };
    renderCreator('/forge/pixar', { mocks: [generateMock([]), failed] });
    type('a corgi astronaut');
    fireEvent.click(screen.getByTestId('creator-generate'));
    // (The preview says "Generation failed" for a moment too, before the page leaves generating.)
    await waitFor(() => expect(screen.getByTestId('creator-page')).toHaveAttribute('data-mode', 'prompt_input'));
    expect(screen.getByText('Generation failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to generate image')).toBeInTheDocument();
  });

  it('analyses virality: "Prompt needed" under 5 characters, else the dialog with Close Analysis and Generate Now', async () => {
    const sent: Input[] = [];
    renderCreator('/forge/pixar', { mocks: [generateMock(sent)] });
    type(' dog ');
    fireEvent.click(screen.getByTestId('creator-analysis'));
    expect(await screen.findByText('Prompt needed')).toBeInTheDocument();
    expect(screen.getByText('Please enter a prompt first to analyze virality potential.')).toBeInTheDocument();
    expect(screen.queryByTestId('creator-virality-dialog')).not.toBeInTheDocument();

    const prompt = 'an epic cinematic portrait of a corgi astronaut floating above a stunning neon city';
    type(prompt);
    const expected = viralityScore(prompt);
    expect(screen.getByTestId('creator-analysis-score')).toHaveTextContent(`${expected.score}/100`);
    fireEvent.click(screen.getByTestId('creator-analysis'));
    const dialog = await screen.findByTestId('creator-virality-dialog');
    expect(within(dialog).getByText('Viral Potential Analysis')).toBeInTheDocument();
    expect(within(dialog).getByTestId('creator-virality-score')).toHaveTextContent(`${expected.score}/100`);
    expect(within(dialog).getByTestId('creator-virality-label')).toHaveTextContent(expected.label);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close Analysis' }));
    await waitFor(() => expect(screen.queryByTestId('creator-virality-dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(0);

    fireEvent.click(screen.getByTestId('creator-analysis'));
    fireEvent.click(await screen.findByRole('button', { name: /Generate Now/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ userPrompt: prompt });
  });

  it('opens the low-credits upsell instead of generating when a premium trend costs more than the balance', async () => {
    const sent: Input[] = [];
    const ghibli = { ...pixar, slug: 'ghibli', name: 'Ghibli', premium: true, creditsRequired: 3 };
    renderCreator('/forge/ghibli', { trends: [ghibli], user: { ...member, credits: 1 }, mocks: [generateMock(sent)] });
    type('a quiet bus stop in the rain');
    fireEvent.click(screen.getByTestId('creator-generate'));
    const dialog = await screen.findByTestId('creator-low-credits');
    expect(within(dialog).getByTestId('creator-credit-shortage')).toHaveTextContent("You're 2 credits short");
    fireEvent.click(within(dialog).getByRole('button', { name: /Upgrade Now/ }));
    await waitFor(() => expect(location()).toBe('/settings/subscription'));
    expect(sent).toHaveLength(0);
  });

  it('fills the prompt from an idea and starts generating 100 ms later', async () => {
    vi.useFakeTimers();
    const sent: Input[] = [];
    renderCreator('/forge/pixar', { mocks: [generateMock(sent)] });
    const idea = creatorContent(pixar).ideas[2];
    fireEvent.click(screen.getByTestId('creator-idea-2'));
    expect(promptBox()).toHaveValue(idea.prompt);
    act(() => vi.advanceTimersByTime(99));
    expect(screen.queryByTestId('creator-generating')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('creator-generating')).toBeInTheDocument();
    vi.useRealTimers();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ trendSlug: 'pixar', userPrompt: idea.prompt });
  });

  it('1-click creates with the trend\'s default prompt, and ?autoGenerate=true does it on arrival, once', async () => {
    const sent: Input[] = [];
    renderCreator('/forge/pixar?autoGenerate=true&vibrant_colors=true', { mocks: [generateMock(sent)] });
    const { oneClickPrompt } = creatorContent(pixar);
    expect(promptBox()).toHaveValue(oneClickPrompt);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ userPrompt: oneClickPrompt, styleOptions: ['vibrant_colors'] });
    expect(location()).toBe('/forge/pixar?vibrant_colors=true');
  });

  it('shows the result with overlay, features and sharing tips; New Prompt resets prompt, image, vibe, traits and style options', async () => {
    renderCreator('/forge/pixar?enhance_lighting=true', { mocks: [generateMock([]), completed] });
    type('a corgi astronaut');
    fireEvent.click(screen.getByTestId('creator-vibe-0'));
    fireEvent.click(screen.getByTestId('personalize-describe-tab'));
    fireEvent.click(screen.getByRole('button', { name: 'blonde hair', pressed: false }));
    expect(screen.getByTestId('creator-final-prompt')).toHaveTextContent(/ \| Person traits: blonde hair$/);
    fireEvent.click(screen.getByTestId('creator-generate'));

    const result = await screen.findByTestId('creator-result');
    expect(within(result).getByTestId('creator-result-image')).toHaveAttribute('src', '/media/g1.png');
    expect(within(result).getByTestId('creator-result-overlay')).toHaveTextContent(creatorContent(pixar).overlay);
    expect(within(result).getByText('Main character energy')).toBeInTheDocument();
    expect(within(result).getByTestId('creator-result-features')).toHaveTextContent('Enhanced Lighting');
    expect(within(result).getByTestId('creator-result-features')).toHaveTextContent('Heartwarming vibe');
    expect(within(result).getByTestId('creator-sharing-tips')).toHaveTextContent('#PixarStyle');
    expect(within(result).getByTestId('creator-result-prompt')).toHaveTextContent('Person traits: blonde hair');
    for (const action of ['creation-save', 'creation-download', 'creation-share']) expect(within(result).getByTestId(action)).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('creator-new-prompt'));
    expect(screen.queryByTestId('creator-result')).not.toBeInTheDocument();
    expect(promptBox()).toHaveValue('');
    expect(screen.getByTestId('creator-vibe-0')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('creator-flag-enhance_lighting')).toHaveAttribute('aria-checked', 'false');
    expect(location()).toBe('/forge/pixar');
    expect(screen.getByTestId('personalize')).toHaveAttribute('data-mode', 'none');
    expect(screen.queryByTestId('creator-final-prompt')).not.toBeInTheDocument();
  });

  it('picks a variation of the Step 1 text, says "Step 1 first" without one, and reverts to it on failure', async () => {
    let fail = false;
    const calls = stubApi({
      '/api/prompt-variation': () => (fail ? new Response('{"message":"Assistant unavailable"}', { status: 503 }) : json({ prompt: 'a highly detailed corgi astronaut' })),
    });
    renderCreator('/forge/pixar');
    fireEvent.click(screen.getByTestId('creator-variation-detailed'));
    expect(await screen.findByText('Step 1 first')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    type('a corgi astronaut');
    fireEvent.click(screen.getByTestId('creator-variation-detailed'));
    await waitFor(() => expect(promptBox()).toHaveValue('a highly detailed corgi astronaut'));
    expect(calls[0]).toEqual({
      path: '/api/prompt-variation',
      method: 'POST',
      body: { trendSlug: 'pixar', baseSubject: 'a corgi astronaut', variationType: 'detailed' },
    });
    expect(screen.getByTestId('creator-variation-detailed')).toHaveAttribute('aria-pressed', 'true');

    fail = true;
    fireEvent.click(screen.getByTestId('creator-variation-artistic'));
    expect(await screen.findByText('Generation failed')).toBeInTheDocument();
    expect(screen.getByText('Assistant unavailable')).toBeInTheDocument();
    // Written from the Step 1 text, not from the detailed variation; back to it.
    expect(calls[1].body).toMatchObject({ baseSubject: 'a corgi astronaut', variationType: 'artistic' });
    await waitFor(() => expect(promptBox()).toHaveValue('a corgi astronaut'));
    expect(screen.getByTestId('creator-variation-artistic')).toHaveAttribute('aria-pressed', 'false');
  });

  it('uses the fallback traits with "Traits identified" when the photo cannot be read', async () => {
    Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:me', configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true });
    const photo = {
      id: '0b6f4a5e-1c2d-5e3f-8a9b-0c1d2e3f4a5b',
      url: '/api/photos/0b6f4a5e-1c2d-5e3f-8a9b-0c1d2e3f4a5b/file',
      status: 'failed',
      traits: [],
      faces: 0,
      note: null,
      failureReason: 'No face found',
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    stubApi({ '/api/photos': () => json(photo, 201) });
    const sent: Input[] = [];
    renderCreator('/forge/pixar', { mocks: [generateMock(sent)] });
    type('a corgi astronaut');
    fireEvent.click(screen.getByTestId('personalize-upload-tab'));
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Traits identified')).toBeInTheDocument();
    expect(screen.getByTestId('creator-final-prompt')).toHaveTextContent('Person traits: smiling face, casual style, natural pose');

    fireEvent.click(screen.getByTestId('creator-generate'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ photoId: photo.id, userTraits: 'smiling face, casual style, natural pose' });
  });
});
