/** The product's name in share texts (the spec's default caption says "with the product"). */
export const PRODUCT_NAME = 'TrendForge';

/** The style hashtag every share text carries: "Pixar" → "#PixarStyle", "Doll Box" → "#DollBoxStyle". */
export function styleHashtag(trendName: string): string {
  const words = trendName.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length > 1 && words[words.length - 1].toLowerCase() === 'style') words.pop();
  const pascal = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `#${pascal || 'AI'}Style`;
}

/** Spec part 2 section 3: the default caption of a creation. */
export function defaultCaption(trendName: string): string {
  return `Created in ${trendName} style with ${PRODUCT_NAME}`;
}

export const CAPTION_STYLES = ['standard', 'minimal', 'creative', 'professional', 'hashtags'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];

/** The share panel offers four caption templates (spec part 2 section 9), the first four styles. */
export const SHARE_PANEL_STYLES: readonly CaptionStyle[] = CAPTION_STYLES.slice(0, 4);

export const CAPTION_STYLE_LABELS: Record<CaptionStyle, string> = {
  standard: 'Standard',
  minimal: 'Minimal',
  creative: 'Creative',
  professional: 'Professional',
  hashtags: 'Hashtags',
};

/** A caption in one of the five styles; each one carries the style hashtag. */
export function styledCaption(style: CaptionStyle, trendName: string, caption?: string | null): string {
  const base = caption?.trim() || defaultCaption(trendName);
  const tag = styleHashtag(trendName);
  switch (style) {
    case 'minimal':
      return `${trendName} ✨ ${tag}`;
    case 'creative':
      return `POV: my idea just got the ${trendName} treatment 🎬✨ ${base} ${tag} #AIArt`;
    case 'professional':
      return `Exploring the ${trendName} aesthetic with AI-generated art. ${base} ${tag} #${PRODUCT_NAME}`;
    case 'hashtags':
      return `${tag} #${PRODUCT_NAME} #AIArt #ViralTrend #AIGenerated`;
    default:
      return `${base} ${tag} #${PRODUCT_NAME}`;
  }
}

/** The text shared with a creation; a caption without the style hashtag gets it appended. */
export function shareText(trendName: string, caption?: string | null): string {
  const text = caption?.trim() || styledCaption('standard', trendName);
  const tag = styleHashtag(trendName);
  return text.includes(tag) ? text : `${text} ${tag}`;
}
