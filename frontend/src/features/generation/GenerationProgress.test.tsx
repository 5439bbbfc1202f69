import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gen } from '@/test/render-app';
import { GenerationProgress } from './GenerationProgress';

describe('GenerationProgress', () => {
  it('announces the status under the given test id, with a shimmer while it waits', () => {
    const { container } = render(<GenerationProgress generation={null} statusTestId="wizard-generation-status" progressTestId="wizard-progress" />);
    const status = screen.getByTestId('wizard-generation-status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveAttribute('data-status', 'starting');
    expect(status).toHaveTextContent('Sending your idea to the forge...');
    expect(screen.queryByTestId('wizard-progress')).not.toBeInTheDocument();
    expect(container.querySelectorAll('div[aria-hidden="true"]')).toHaveLength(1);
  });

  it('shows the queue position, then the bar with its percentage once active', () => {
    const { rerender } = render(<GenerationProgress generation={gen({})} statusTestId="generation-status" progressTestId="generation-progress" />);
    expect(screen.getByTestId('generation-status')).toHaveAttribute('data-status', 'queued');
    expect(screen.getByTestId('generation-status')).toHaveTextContent('Position 3 in queue · about 45 s');

    rerender(<GenerationProgress generation={gen({ status: 'active', progress: 41.6 })} statusTestId="generation-status" progressTestId="generation-progress" />);
    expect(screen.getByTestId('generation-status')).toHaveTextContent('Forging... 42%');
    expect(screen.getByTestId('generation-progress')).toHaveAttribute('aria-label', 'Generation progress');
  });

  it('over an image: the lighter status colour and the bar without a test id', () => {
    render(<GenerationProgress generation={gen({ status: 'active', progress: 10 })} statusTestId="creator-generation-status" tone="overlay" />);
    expect(screen.getByTestId('creator-generation-status')).toHaveClass('mt-4', 'text-violet-100');
    const bar = screen.getByRole('progressbar', { name: 'Generation progress' });
    expect(bar).toHaveClass('mt-3');
    expect(bar).not.toHaveAttribute('data-testid');
  });
});
