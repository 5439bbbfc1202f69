import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TESTIMONIALS } from './content';
import { HowItWorks } from './HowItWorks';
import { wrapIndex } from './rotation';
import { Testimonials } from './Testimonials';

const activeName = () => screen.getAllByTestId('testimonial').find((el) => el.dataset.active === 'true')?.querySelector('[data-testid="testimonial-name"]')?.textContent;
const activeStep = () => screen.getAllByTestId('how-step').find((el) => el.dataset.active === 'true')?.querySelector('h3')?.textContent;

describe('wrapIndex', () => {
  it('wraps both ways', () => {
    expect([wrapIndex(-1, 5), wrapIndex(5, 5), wrapIndex(7, 5), wrapIndex(2, 5)]).toEqual([4, 0, 2, 2]);
  });
});

describe('testimonial slider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has five entries with name, role, initials and a 5-star rating', () => {
    render(<Testimonials />);
    expect(screen.getAllByTestId('testimonial')).toHaveLength(5);
    for (const t of TESTIMONIALS) {
      expect(screen.getByText(t.name)).toBeInTheDocument();
      expect(screen.getByText(t.avatar)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('img', { name: '5 out of 5 stars', hidden: true })).toHaveLength(5);
  });

  it('advances every 4 seconds and wraps around after the fifth', () => {
    render(<Testimonials />);
    expect(activeName()).toBe(TESTIMONIALS[0].name);
    act(() => vi.advanceTimersByTime(3999));
    expect(activeName()).toBe(TESTIMONIALS[0].name);
    act(() => vi.advanceTimersByTime(1));
    expect(activeName()).toBe(TESTIMONIALS[1].name);
    for (let i = 2; i <= 4; i += 1) act(() => vi.advanceTimersByTime(4000));
    expect(activeName()).toBe(TESTIMONIALS[4].name);
    act(() => vi.advanceTimersByTime(4000));
    expect(activeName()).toBe(TESTIMONIALS[0].name);
  });

  it('jumps to the entry whose dot is clicked, and shows it for a full interval', () => {
    render(<Testimonials />);
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 4' }));
    expect(activeName()).toBe(TESTIMONIALS[3].name);
    expect(screen.getByRole('button', { name: 'Show testimonial 4' })).toHaveAttribute('aria-current', 'true');
    act(() => vi.advanceTimersByTime(3999));
    expect(activeName()).toBe(TESTIMONIALS[3].name);
    act(() => vi.advanceTimersByTime(1));
    expect(activeName()).toBe(TESTIMONIALS[4].name);
  });
});

describe('how-it-works carousel', () => {
  it('sets each step\'s numeral beside its "Step N" label, not over its image', () => {
    render(<HowItWorks />);
    for (const [i, step] of screen.getAllByTestId('how-step').entries()) {
      const numeral = step.querySelector(`[data-numeral="${i + 1}"]`);
      expect(numeral).not.toBeNull();
      expect(step.querySelector('[data-testid="how-image"]')?.contains(numeral)).toBe(false);
      expect(numeral?.parentElement).toHaveTextContent(`Step ${i + 1}`);
    }
  });

  it('shows the four steps and its arrows move it both ways, wrapping', () => {
    render(<HowItWorks />);
    expect(screen.getAllByTestId('how-step').map((el) => el.querySelector('h3')?.textContent)).toEqual(['Choose a Style', 'Upload a Selfie', 'AI Magic', 'Share']);
    expect(activeStep()).toBe('Choose a Style');
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(activeStep()).toBe('Upload a Selfie');
    fireEvent.click(screen.getByRole('button', { name: 'Previous step' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(activeStep()).toBe('Share');
    fireEvent.click(screen.getByRole('button', { name: 'Step 3 AI Magic' }));
    expect(activeStep()).toBe('AI Magic');
  });
});
