import { act, createContext, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNearViewport } from './near-viewport';

/** The part a page loads when scrolled to: a button that counts its clicks (works only once hydrated). */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      Clicked {count}
    </button>
  );
}
const loadCounter = () => Promise.resolve({ default: Counter });

/** A stand-in for the browser's IntersectionObserver: the test says when the element comes into view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed.length = 0;
  }
  scrollIntoView() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.instances = [];
  document.body.innerHTML = '';
});

describe('lazyNearViewport', () => {
  it('without IntersectionObserver (the prerender, old browsers) loads the part at once', async () => {
    const load = vi.fn(loadCounter);
    const Part = lazyNearViewport(load, 'counter');
    render(<Part placeholderClassName="h-40" />);
    expect(await screen.findByRole('button', { name: 'Clicked 0' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.querySelector('[data-near-viewport="counter"]')).toHaveAttribute('data-live', 'true'));
  });

  it('rendered in the browser (no prerendered HTML to keep), loads the part at once', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const load = vi.fn(loadCounter);
    const Part = lazyNearViewport(load, 'counter');
    render(<Part placeholderClassName="h-40" />);
    expect(await screen.findByRole('button', { name: 'Clicked 0' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('on a prerendered page, keeps the HTML as it is until scrolled to, then hydrates it', async () => {
    // The build's render (no IntersectionObserver there): the part is in the HTML, in its Suspense boundary.
    const ServerPart = lazyNearViewport(loadCounter, 'counter');
    const { prelude } = await prerender(<ServerPart placeholderClassName="h-40" />);
    const html = await new Response(prelude).text();
    expect(html).toMatch(/<!--\$--><button type="button">Clicked /);

    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const load = vi.fn(loadCounter);
    const Part = lazyNearViewport(load, 'counter');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const button = container.querySelector('button')!;
    await act(async () => {
      hydrateRoot(container, <Part placeholderClassName="h-40" />);
    });
    await waitFor(() => expect(FakeIntersectionObserver.instances[0]?.observed).toHaveLength(1));
    // Not scrolled to: the server's button is still there, not live, and its code was not fetched.
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toBe(button);
    expect(container.querySelector('.h-40')).toBeNull();
    expect(container.firstElementChild).not.toHaveAttribute('data-live');

    await act(async () => FakeIntersectionObserver.instances[0].scrollIntoView());
    await waitFor(() => expect(container.firstElementChild).toHaveAttribute('data-live', 'true'));
    // The same element, now React's: a click counts.
    expect(container.querySelector('button')).toBe(button);
    await act(async () => button.click());
    expect(button).toHaveTextContent('Clicked 1');
  });

  it('on a prerendered page, when something above the part changes before it hydrates, loads it at once instead of leaving an empty room', async () => {
    const Theme = createContext('dark');
    let setTheme: (theme: string) => void = () => {};
    function Page({ Part }: { Part: ReturnType<typeof lazyNearViewport> }) {
      const [theme, set] = useState('dark');
      setTheme = set;
      return (
        <Theme.Provider value={theme}>
          <Part placeholderClassName="h-40" />
        </Theme.Provider>
      );
    }
    const ServerPart = lazyNearViewport(loadCounter, 'counter');
    const html = await new Response((await prerender(<Page Part={ServerPart} />)).prelude).text();

    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const load = vi.fn(loadCounter);
    const Part = lazyNearViewport(load, 'counter');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Page Part={Part} />);
    });
    await waitFor(() => expect(FakeIntersectionObserver.instances[0]?.observed).toHaveLength(1));
    expect(load).not.toHaveBeenCalled();

    // A context value above it changes (as the session does once it is known): React renders the part anew.
    await act(async () => setTheme('light'));
    await waitFor(() => expect(container.firstElementChild).toHaveAttribute('data-live', 'true'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('button')).toHaveTextContent('Clicked 0');
    expect(container.querySelector('.h-40')).toBeNull();
  });
});
