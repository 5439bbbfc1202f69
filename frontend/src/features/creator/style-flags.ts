import { TrendStyleFlags } from '@trendforge/contracts';

/**
 * Style option flags live in the page's query string (spec part 2 section 3): each is on when its
 * value is the text "true", e.g. /forge/pixar?exaggerated_eyes=true. Other parameters are kept.
 */

/** The query parameter that makes the page generate at once (the onboarding target). */
export const AUTO_GENERATE_PARAM = 'autoGenerate';

/** The flags a trend knows: its style options' keys, else (while they load) the catalogue's list. */
export function knownFlags(slug: string, styleOptionKeys: readonly string[] | null | undefined): string[] {
  if (styleOptionKeys) return [...styleOptionKeys];
  return [...((TrendStyleFlags as Record<string, readonly string[]>)[slug] ?? [])];
}

/** The known flags that are on, in the order the trend lists them. */
export function flagsFromSearch(params: URLSearchParams, known: readonly string[]): string[] {
  return known.filter((key) => params.get(key) === 'true');
}

/** A copy of the parameters with one flag switched on ("true") or off (removed). */
export function withFlag(params: URLSearchParams, key: string, on: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (on) next.set(key, 'true');
  else next.delete(key);
  return next;
}

/** A copy of the parameters with every known flag removed (New Prompt). */
export function withoutFlags(params: URLSearchParams, known: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of known) next.delete(key);
  return next;
}
