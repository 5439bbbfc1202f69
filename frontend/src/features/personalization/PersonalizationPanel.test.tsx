import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoLimits, PhotoMessages, TraitOptions, type PhotoView } from '@trendforge/contracts';
import { Toaster } from '@/ui/toast';
import { resetToasts } from '@/ui/toast-store';
import { PersonalizationPanel } from './PersonalizationPanel';
import { PHOTO_POLL_INTERVAL_MS, usePersonalization } from './use-personalization';

const view = (over: Partial<PhotoView> = {}): PhotoView => ({
  id: '0b6f4a5e-1c2d-5e3f-8a9b-0c1d2e3f4a5b',
  url: '/api/photos/0b6f4a5e-1c2d-5e3f-8a9b-0c1d2e3f4a5b/file',
  status: 'analyzing',
  traits: [],
  faces: null,
  note: null,
  failureReason: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

function Harness() {
  const controller = usePersonalization();
  return (
    <>
      <PersonalizationPanel controller={controller} />
      <output data-testid="value">{JSON.stringify(controller.value)}</output>
    </>
  );
}

function renderPanel(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  render(
    // No subscription mock: photoUpdated errors, so the panel polls GET /api/photos/:id.
    <MockedProvider mocks={[]}>
      <>
        <Harness />
        <Toaster />
      </>
    </MockedProvider>,
  );
  return fetchMock;
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as { photoId: string | null; personalization: string };
const photoFile = (size = 2048, type = 'image/jpeg') => {
  const file = new File(['x'], 'me.jpg', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const choose = (file: File) => fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [file] } });

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:preview'), configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PersonalizationPanel', () => {
  it('uploads a photo, shows the preview and the analysis, then the traits as chips to toggle or exclude', async () => {
    // The fallback poll's ticks come when the test moves the clock, not after 3 s of a busy machine.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let analysed = false;
    const fetchMock = renderPanel((url, init) => {
      if (url === '/api/photos' && init?.method === 'POST') return json(view(), 201);
      if (url.startsWith('/api/photos/')) {
        return json(
          analysed
            ? view({ status: 'done', traits: ['brown hair', 'glasses', 'smiling face'], faces: 2, note: '2 faces found: using the largest one' })
            : view(),
        );
      }
      return json({}, 404);
    });

    fireEvent.click(screen.getByTestId('personalize-upload-tab'));
    expect(screen.getByTestId('personalize-upload-tab')).toHaveAttribute('aria-selected', 'true');
    const input = screen.getByTestId('photo-input');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(input).toHaveAccessibleName('Upload a photo of yourself');

    choose(photoFile());
    expect(screen.getByTestId('photo-preview')).toHaveAttribute('src', 'blob:preview');
    expect(screen.getByTestId('traits-analyzing')).toHaveTextContent('Analyzing your photo...');

    const post = fetchMock.mock.calls.find(([url]) => url === '/api/photos');
    expect(post?.[1]?.body).toBeInstanceOf(FormData);
    expect((post?.[1]?.body as FormData).get('file')).toBeInstanceOf(File);

    await waitFor(() => expect(value().photoId).toBe(view().id));
    expect(screen.getByTestId('personalize-status')).toHaveTextContent('Analyzing your photo...');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === `/api/photos/${view().id}`)).toBe(true));

    analysed = true;
    act(() => vi.advanceTimersByTime(PHOTO_POLL_INTERVAL_MS));
    expect(await screen.findByText('Traits extracted!')).toBeInTheDocument();
    const chips = screen.getAllByTestId('trait-chip');
    expect(chips.map((c) => c.textContent)).toEqual(['brown hair', 'glasses', 'smiling face']);
    expect(chips.every((c) => c.dataset.active === 'true')).toBe(true);
    expect(screen.getByTestId('photo-note')).toHaveTextContent('2 faces found: using the largest one');
    expect(value()).toEqual({ photoId: view().id, personalization: 'brown hair, glasses, smiling face' });

    // Toggle "glasses" out of the prompt: still visible, dimmed.
    fireEvent.click(within(chips[1]).getByRole('button', { name: 'glasses' }));
    expect(screen.getAllByTestId('trait-chip')[1]).toHaveAttribute('data-active', 'false');
    expect(within(screen.getAllByTestId('trait-chip')[1]).getByRole('button', { name: 'glasses' })).toHaveAttribute('aria-pressed', 'false');
    expect(value().personalization).toBe('brown hair, smiling face');

    // Exclude "smiling face" entirely.
    fireEvent.click(screen.getByRole('button', { name: 'Exclude smiling face' }));
    expect(screen.getAllByTestId('trait-chip')).toHaveLength(2);
    expect(value().personalization).toBe('brown hair');

    // Closing resets to none and clears the traits.
    fireEvent.click(screen.getByTestId('personalize-close'));
    expect(screen.queryByTestId('trait-chip')).not.toBeInTheDocument();
    expect(screen.getByTestId('personalize')).toHaveAttribute('data-mode', 'none');
    expect(value()).toEqual({ photoId: null, personalization: '' });
  });

  it('refuses files over 5 MB and non-images before uploading', () => {
    const fetchMock = renderPanel(() => json({}));
    fireEvent.click(screen.getByTestId('personalize-upload-tab'));

    choose(photoFile(PhotoLimits.maxBytes + 1));
    expect(screen.getByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please select an image smaller than 5MB')).toBeInTheDocument();

    choose(photoFile(1000, 'application/pdf'));
    expect(screen.getByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file')).toBeInTheDocument();

    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('photo-preview')).not.toBeInTheDocument();
  });

  it('shows "Upload failed" with the server message and offers the upload area again', async () => {
    renderPanel(() => json({ statusCode: 400, message: 'Please select an image file' }, 400));
    fireEvent.click(screen.getByTestId('personalize-upload-tab'));
    choose(photoFile());
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file')).toBeInTheDocument();
    expect(screen.queryByTestId('photo-preview')).not.toBeInTheDocument();
    expect(screen.getByTestId('photo-dropzone')).toBeInTheDocument();
  });

  it('says "Still working" after 10 s, fails after 30 s with the hint, and still shows traits that come later', async () => {
    vi.useFakeTimers();
    let analysed = false;
    renderPanel((url, init) => {
      if (url === '/api/photos' && init?.method === 'POST') return json(view(), 201);
      return json(analysed ? view({ status: 'done', traits: ['red hair'] }) : view());
    });
    fireEvent.click(screen.getByTestId('personalize-upload-tab'));
    choose(photoFile());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByTestId('traits-analyzing')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByText(PhotoMessages.stillWorkingTitle)).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(within(screen.getByTestId('toast')).getByText(PhotoMessages.analysisFailed)).toBeInTheDocument();
    expect(screen.getByTestId('traits-failed')).toHaveTextContent(PhotoMessages.noTraitsHint);
    expect(screen.queryByTestId('traits-analyzing')).not.toBeInTheDocument();

    analysed = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_500);
    });
    expect(screen.getByText(PhotoMessages.traitsExtracted)).toBeInTheDocument();
    expect(screen.getByTestId('trait-chip')).toHaveTextContent('red hair');
    expect(screen.queryByTestId('traits-failed')).not.toBeInTheDocument();
  });

  it('says "Still working" 10 s after the photo is chosen while a slow upload and its analysis are still running', async () => {
    vi.useFakeTimers();
    renderPanel((url, init) => {
      if (url === '/api/photos' && init?.method === 'POST') {
        return new Promise<Response>((resolve) => setTimeout(() => resolve(json(view(), 201)), 3_000));
      }
      return json(view());
    });
    fireEvent.click(screen.getByTestId('personalize-upload-tab'));
    choose(photoFile());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_100);
    });
    expect(screen.getByTestId('traits-analyzing')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_900);
    });
    expect(screen.getByText(PhotoMessages.stillWorkingTitle)).toBeInTheDocument();
    expect(screen.getByTestId('traits-analyzing')).toBeInTheDocument();
  });

  it('describes me with grouped trait options and my own words, each toggled in or out of the prompt', () => {
    renderPanel(() => json({}));
    fireEvent.click(screen.getByTestId('personalize-describe-tab'));

    const options = screen.getAllByTestId('trait-option');
    expect(options).toHaveLength(TraitOptions.length);
    for (const legend of ['Hair', 'Eyes', 'Clothes', 'Accessories', 'Gender', 'Style']) {
      expect(screen.getByRole('group', { name: legend })).toBeInTheDocument();
    }
    const blonde = screen.getByRole('button', { name: 'blonde hair', pressed: false });
    fireEvent.click(blonde);
    expect(blonde).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(screen.getByRole('group', { name: 'Accessories' })).getByRole('button', { name: 'glasses' }));

    const own = screen.getByLabelText('In your own words');
    fireEvent.change(own, { target: { value: 'freckles, warm smile' } });
    expect(value()).toEqual({ photoId: null, personalization: 'blonde hair, glasses, freckles, warm smile' });
    fireEvent.keyDown(own, { key: 'Enter' });
    expect(own).toHaveValue('');
    expect(screen.getAllByTestId('trait-chip').map((c) => c.textContent)).toEqual(['blonde hair', 'glasses', 'freckles', 'warm smile']);

    fireEvent.click(within(screen.getAllByTestId('trait-chip')[2]).getByRole('button', { name: 'freckles' }));
    expect(screen.getAllByTestId('trait-chip')[2]).toHaveAttribute('data-active', 'false');
    expect(value().personalization).toBe('blonde hair, glasses, warm smile');
    expect(screen.getByTestId('personalization-summary')).toHaveTextContent('In your prompt: blonde hair, glasses, warm smile');

    fireEvent.click(screen.getByRole('button', { name: 'Remove glasses' }));
    expect(within(screen.getByRole('group', { name: 'Accessories' })).getByRole('button', { name: 'glasses' })).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(screen.getByTestId('personalize-close'));
    expect(value()).toEqual({ photoId: null, personalization: '' });
    expect(screen.queryByTestId('trait-option')).not.toBeInTheDocument();
  });
});
