/** Captions in the five styles of the share panel; deterministic, offline. */
import { defaultCaption } from '@trendforge/contracts';
import { analysePrompt } from './prompt.js';

export type CaptionStyle = 'standard' | 'minimal' | 'creative' | 'professional' | 'hashtags';

const tag = (s: string) => s.normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '');

export function captionFor(trendName: string, prompt: string, style: CaptionStyle = 'standard'): string {
  const name = trendName.trim() || 'Studio';
  const p = analysePrompt(prompt);
  const subject = p.text.length > 0 ? p.text : p.title;
  switch (style) {
    case 'minimal':
      return `${p.title} · ${name}`;
    case 'creative':
      return `✨ ${subject} — reimagined in ${name} style. Which one would you frame? ✨`;
    case 'professional':
      return `${name} style study: ${subject}. Created with TrendForge.`;
    case 'hashtags': {
      const tags = [`#${tag(name)}`, ...p.keywords.slice(0, 4).map((k) => `#${tag(k).toLowerCase()}`), '#TrendForge', '#AIart'];
      return [...new Set(tags.filter((t) => t.length > 1))].join(' ');
    }
    default:
      return defaultCaption(name);
  }
}
