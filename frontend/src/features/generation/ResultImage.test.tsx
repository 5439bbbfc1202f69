import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultImage } from './ResultImage';

describe('ResultImage', () => {
  it('shows the image under its test id with the engine badge top left', () => {
    render(<ResultImage src="/media/g1.png" alt="a corgi astronaut" engine="studio" testId="result-image" />);
    expect(screen.getByTestId('result-image')).toHaveAttribute('src', '/media/g1.png');
    expect(screen.getByRole('img', { name: 'a corgi astronaut' })).toBe(screen.getByTestId('result-image'));
    expect(screen.getByTestId('engine-label')).toHaveTextContent('Studio engine');
    expect(screen.getByTestId('engine-label')).toHaveClass('left-3');
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('names the engine that made it: an image rendered on the Gemini fallback says so', () => {
    render(<ResultImage src="/media/g1.png" alt="a fox figurine" engine="gemini" testId="result-image" />);
    expect(screen.getByTestId('engine-label')).toHaveTextContent('Gemini engine');
  });

  it('leaves the badge out when the engine is unknown', () => {
    render(<ResultImage src="/media/g1.png" alt="" engine={null} testId="wizard-result-image" />);
    expect(screen.queryByTestId('engine-label')).not.toBeInTheDocument();
  });

  it('draws overlays under the badge, and a caption makes it a figure', () => {
    render(
      <ResultImage src="/media/g1.png" alt="a corgi" engine="openai" engineCorner="right" testId="creator-result-image" caption="Main character energy">
        <span data-testid="overlay">Pixar</span>
      </ResultImage>,
    );
    const badge = screen.getByTestId('engine-label');
    expect(badge).toHaveClass('right-3');
    expect(badge).not.toHaveClass('left-3');
    expect(screen.getByTestId('overlay').compareDocumentPosition(badge) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('figure')).toHaveTextContent('Main character energy');
  });
});
