import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Trend } from '@/lib/types';
import { gen } from '@/test/render-app';
import { CreatorPreview } from '@/features/creator/CreatorPreview';
import { GeneratingView } from '@/features/forge/GeneratingView';
import { CreatingProgress } from '@/features/wizard/CreatingStep';

const trend = { slug: 'pixar', name: 'Pixar', preview: '', previewImage: '', image: '' } as Trend;
const forming = (n: number) => gen({ status: 'active', progress: 37, position: null, etaSeconds: null, previewUrl: `/api/generations/g1/preview?n=${n}` });

const screens = {
  Forge: (generation: ReturnType<typeof gen>) => <GeneratingView trend={trend} generation={generation} />,
  wizard: (generation: ReturnType<typeof gen>) => <CreatingProgress trend={trend} generation={generation} />,
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
