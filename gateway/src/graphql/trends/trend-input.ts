import type { StyleOption, TrendInput } from '@trendforge/contracts';

/** GraphQL input to the contracts' shape (style options as a map, unset fields left out). */
export function toTrendInput(input: Omit<Partial<TrendInput>, 'styleOptions'> & { styleOptions?: Array<StyleOption & { key: string }> | null }): Partial<TrendInput> {
  const { styleOptions, ...rest } = input;
  const out: Partial<TrendInput> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null));
  if (styleOptions) out.styleOptions = Object.fromEntries(styleOptions.map(({ key, label, description }) => [key, { label, description }]));
  return out;
}
