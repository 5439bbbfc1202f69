import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const storageKey = 'tf-scroll-positions';

/** Scroll positions by history entry (location.key), kept across reloads for the tab's session. */
const positions = new Map<string, number>(readSaved());

function readSaved(): [string, number][] {
  try {
    return typeof sessionStorage === 'undefined' ? [] : (JSON.parse(sessionStorage.getItem(storageKey) ?? '[]') as [string, number][]);
  } catch {
    return [];
  }
}

/**
 * Scroll restoration for the app's declarative router (react-router's own ScrollRestoration needs
 * its data router, about 17 KB more on every page): a new page starts at the top (or at its #hash),
 * and Back/Forward returns to where the member was on that entry.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => sessionStorage.setItem(storageKey, JSON.stringify([...positions].slice(-100)));
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Records the position while this entry is shown; a layout effect, so the listener is gone
  // before the next page's (shorter) content can clamp the scroll and overwrite it.
  useLayoutEffect(() => {
    const record = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [key]);

  useLayoutEffect(() => {
    const saved = positions.get(key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [key, hash, navigationType]);

  return null;
}
