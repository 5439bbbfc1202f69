import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GenerationPage } from './GenerationPage';

describe('GenerationPage', () => {
  it('heads the screen with its pill, title and lead, keeps its attributes and shows the content below', () => {
    render(
      <GenerationPage eyebrow="Step 1 · Choose a style" title="Trend Forge" lead="Pick a viral style." data-testid="page" data-mode="result">
        <p>content</p>
      </GenerationPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Trend Forge' })).not.toHaveClass('mt-3');
    expect(screen.getByText('Step 1 · Choose a style')).toBeInTheDocument();
    expect(screen.getByText('Pick a viral style.')).toBeInTheDocument();
    expect(screen.getByTestId('page')).toHaveAttribute('data-mode', 'result');
    expect(screen.getByRole('banner').compareDocumentPosition(screen.getByText('content')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('puts what stands above the title (a back link, badges) between the pill and it', () => {
    render(<GenerationPage above={<a href="/forge">Change Style</a>} title="Pixar Creator" lead="Glossy." />);
    expect(screen.getByRole('link', { name: 'Change Style' }).compareDocumentPosition(screen.getByRole('heading', { level: 1 })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toHaveClass('mt-3');
  });
});
