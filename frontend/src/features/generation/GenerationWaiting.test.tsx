import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Trend } from '@/lib/types';
import { gen } from '@/test/render-app';
import { CreatorPreview } from '@/features/creator/CreatorPreview';
import { GENERATION_ESTIMATE, GenerationWaiting } from './GenerationWaiting';

const trend = { slug: 'pixar', name: 'Pixar', preview: '', previewImage: '', image: '' } as Trend;
const forming = (n: number) => gen({ status: 'active', progress: 37, position: null, etaSeconds: null, previewUrl: `/api/generations/g1/preview?n=${n}` });

const screens = {
  // As each screen uses it.
  Forge: (generation: ReturnType<typeof gen>) => (
    <GenerationWaiting trend={trend} generation={generation} title="Creating your Pixar" testId="generating-view" statusTestId="generation-status" progressTestId="generation-progress" />
  ),
  wizard: (generation: ReturnType<typeof gen>) => <GenerationWaiting trend={trend} generation={generation} statusTestId="wizard-generation-status" progressTestId="wizard-progress" />,
  creator: (generation: ReturnType<typeof gen>) => <CreatorPreview trend={trend} generating generation={generation} finalPrompt={null} vibe={null} />,
};

describe.each(Object.entries(screens))('the %s waiting screen', (_, screenFor) => {
  it('draws the picture as it forms: each new preview replaces the last, beside the live status', () => {
    const { rerender } = render(screenFor(forming(1)));
    expect(screen.getByTestId('generation-preview')).toHaveAttribute('src', '/api/generations/g1/preview?n=1');
    expect(screen.getByTestId('generation-preview')).toHaveAccessibleName('Your Pixar image, still forming');
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toBeInTheDocument();
    rerender(screenFor(forming(2)));
    expect(screen.getAllByTestId('generation-preview')).toHaveLength(1);
    expect(screen.getByTestId('generation-preview')).toHaveAttribute('src', '/api/generations/g1/preview?n=2');
  });

  it('shows no picture before the first preview, nor while queued', () => {
    const { rerender } = render(screenFor(gen({ status: 'active', progress: 10, position: null })));
    expect(screen.queryByTestId('generation-preview')).not.toBeInTheDocument();
    rerender(screenFor(gen({ previewUrl: '/api/generations/g1/preview?n=1' })));
    expect(screen.queryByTestId('generation-preview')).not.toBeInTheDocument();
  });
});

describe('GenerationWaiting', () => {
  it('says the estimate, the title as a status when given, and the queue position under the screen\'s test id', () => {
    const { rerender } = render(<GenerationWaiting trend={trend} generation={gen({})} title="Creating your Pixar" testId="generating-view" statusTestId="generation-status" />);
    expect(screen.getByTestId('generating-view')).toHaveTextContent(GENERATION_ESTIMATE);
    expect(screen.getByRole('status')).toHaveTextContent('Creating your Pixar');
    expect(screen.getByTestId('generation-status')).toHaveTextContent('Position 3 in queue · about 45 s');

    rerender(<GenerationWaiting trend={trend} generation={gen({})} statusTestId="wizard-generation-status" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText(GENERATION_ESTIMATE)).toBeInTheDocument();
    expect(screen.getByTestId('wizard-generation-status')).toHaveTextContent('Position 3 in queue · about 45 s');
  });

  it('over a card: a spinner and the estimate until the picture forms, then the picture with the status at its foot', () => {
    const props = { variant: 'overlay' as const, trend, title: 'Creating your Pixar', testId: 'creator-generating', statusTestId: 'creator-generation-status' };
    const { container, rerender } = render(<GenerationWaiting {...props} generation={gen({ status: 'active', progress: 10 })} />);
    expect(screen.getByTestId('creator-generating')).toHaveTextContent(GENERATION_ESTIMATE);
    expect(container.querySelector('.animate-spin')).not.toBeNull();

    rerender(<GenerationWaiting {...props} generation={forming(1)} />);
    expect(screen.getByTestId('generation-preview')).toHaveAttribute('src', '/api/generations/g1/preview?n=1');
    expect(screen.getByTestId('creator-generating')).not.toHaveTextContent(GENERATION_ESTIMATE);
    expect(container.querySelector('.animate-spin')).toBeNull();
    expect(screen.getByTestId('creator-generation-status')).toHaveTextContent('Forging... 37%');
  });
});
