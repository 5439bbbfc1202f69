import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration';

let navigate: ReturnType<typeof useNavigate>;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('ScrollRestoration (declarative router)', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    scrollWindowTo(0);
  });

  it('starts a new page at the top and brings Back to where the reader was', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Navigator />
        <ScrollRestoration />
      </MemoryRouter>,
    );
    expect(window.history.scrollRestoration).toBe('manual');
    expect(scrollTo).not.toHaveBeenCalled(); // the first page keeps the browser's position

    scrollWindowTo(640);
    act(() => navigate('/about-trendforge'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollWindowTo(120);
    act(() => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);

    act(() => navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 120);
  });
});
