import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { creationOf } from './creation';
import { GenerationResult } from './GenerationResult';

const done = { id: 'g1', imageUrl: '/media/g1.png', thumbnailUrl: '/media/g1-thumb.webp', engine: 'studio', createdAt: '2025-01-01T00:00:00.000Z' };

/** What every screen gives it. */
const base = {
  testId: 'some-result',
  creation: creationOf(done, 'pixar', 'a corgi', 'Main character energy'),
  trendName: 'Pixar',
  prompt: { label: 'Prompt used', text: 'a corgi | Person traits: freckles', testId: 'some-prompt' },
};

function renderResult(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('creationOf', () => {
  it('is the creation with the generation\'s id, image, thumbnail and time, and the screen\'s prompt and caption', () => {
    expect(creationOf(done, 'pixar', 'a corgi', 'Main character energy')).toEqual({
      id: 'g1', prompt: 'a corgi', trendId: 'pixar', generatedImage: '/media/g1.png', thumbnail: '/media/g1-thumb.webp', originalImage: null,
      caption: 'Main character energy', engine: 'studio', isFavorite: false, createdAt: '2025-01-01T00:00:00.000Z',
    });
  });

  it('falls back to the image as thumbnail, no engine and now', () => {
    const creation = creationOf({ id: 'g1', imageUrl: '/media/g1.png', engine: null }, 'pixar', 'a corgi', 'c');
    expect(creation).toEqual(expect.objectContaining({ thumbnail: '/media/g1.png', engine: '' }));
    expect(Number.isNaN(Date.parse(creation.createdAt))).toBe(false);
  });
});

describe('GenerationResult', () => {
  it('shows the image with its engine, the badges, caption and prompt under the screen\'s test ids, Save/Download/Share, then the screen\'s actions and cards', () => {
    renderResult(
      <GenerationResult
        {...base}
        image={{ alt: 'a corgi', testId: 'some-result-image' }}
        badges={<span data-testid="extra-badge">2 images created</span>}
        caption={{ label: 'Caption', text: 'Main character energy', testId: 'some-caption' }}
        actions={<button type="button">New Prompt</button>}
      >
        <section data-testid="side-card">tips</section>
      </GenerationResult>,
    );
    const view = screen.getByTestId('some-result');
    expect(within(view).getByRole('img', { name: 'a corgi' })).toHaveAttribute('src', '/media/g1.png');
    expect(within(view).getByTestId('engine-label')).toHaveTextContent('Studio engine');
    expect(within(view).getByText('Ready to share')).toBeInTheDocument();
    expect(within(view).getByTestId('extra-badge')).toBeInTheDocument();
    expect(within(view).getByText('Caption')).toBeInTheDocument();
    expect(within(view).getByTestId('some-caption')).toHaveTextContent('Main character energy');
    expect(within(view).getByText('Prompt used')).toBeInTheDocument();
    expect(within(view).getByTestId('some-prompt')).toHaveTextContent('a corgi | Person traits: freckles');
    for (const action of ['creation-save', 'creation-download', 'creation-share']) expect(within(view).getByTestId(action)).toBeInTheDocument();
    const newPrompt = within(view).getByRole('button', { name: 'New Prompt' });
    expect(within(view).getByTestId('creation-share').compareDocumentPosition(newPrompt) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(view).getByTestId('side-card')).toBeInTheDocument();
  });

  it('leaves the caption line out when the image carries it as its figure caption', () => {
    renderResult(<GenerationResult {...base} image={{ alt: 'a corgi', testId: 'some-result-image', caption: 'Main character energy' }} />);
    expect(screen.getByRole('figure')).toHaveTextContent('Main character energy');
    expect(screen.queryByText('Caption')).not.toBeInTheDocument();
    expect(screen.getAllByText('Main character energy')).toHaveLength(1);
  });
});
