import type { TrendPreviewKind } from '@trendforge/contracts';

/** The trend slug a preview or example file name stands for (null when it names none). */
export function previewSlug(file: string, kind: TrendPreviewKind): string | null {
  const match = (kind === 'preview' ? /^([a-z0-9-]{1,64})\.jpg$/ : /^([a-z0-9-]{1,64})-example\.jpg$/).exec(file);
  return match?.[1] ?? null;
}
