import { describe, expect, it } from 'vitest';
import { CAPTION_STYLES, SHARE_PANEL_STYLES, shareText, styleHashtag, styledCaption } from './share-text';

describe('styleHashtag', () => {
  it('makes one PascalCase tag ending in Style', () => {
    expect(styleHashtag('Pixar')).toBe('#PixarStyle');
    expect(styleHashtag('Doll Box')).toBe('#DollBoxStyle');
    expect(styleHashtag('magazine cover')).toBe('#MagazineCoverStyle');
    expect(styleHashtag('Anime Style')).toBe('#AnimeStyle');
  });
});

describe('captions', () => {
  it('has five styles, four of them in the share panel, each carrying the style hashtag', () => {
    expect(CAPTION_STYLES).toEqual(['standard', 'minimal', 'creative', 'professional', 'hashtags']);
    expect(SHARE_PANEL_STYLES).toHaveLength(4);
    const captions = CAPTION_STYLES.map((style) => styledCaption(style, 'Ghibli', 'Spirited away'));
    expect(captions.every((c) => c.includes('#GhibliStyle'))).toBe(true);
    expect(new Set(captions).size).toBe(5);
  });

  it('falls back to the default caption', () => {
    expect(styledCaption('standard', 'Pixar', '')).toContain('Created in Pixar style with TrendForge');
  });

  it('adds the hashtag to a share text that lacks it, once', () => {
    expect(shareText('Pixar', 'My corgi')).toBe('My corgi #PixarStyle');
    expect(shareText('Pixar', 'My corgi #PixarStyle')).toBe('My corgi #PixarStyle');
  });
});
