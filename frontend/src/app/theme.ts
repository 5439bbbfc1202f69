/** Where the theme's value is kept (spec part 1: the theme is locked to dark; its value is kept in local storage). */
export const ThemeStorageKey = 'theme';

/** Locks the page to the dark theme and keeps that value in local storage; any other stored value is replaced. */
export function applyDarkTheme(): void {
  document.documentElement.classList.add('dark');
  try {
    localStorage.setItem(ThemeStorageKey, 'dark');
  } catch {
    // Storage refused (private mode): the page is dark all the same.
  }
}
