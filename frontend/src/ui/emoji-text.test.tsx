import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmojiText } from './emoji-text';

describe('EmojiText', () => {
  it('draws each emoji as an icon and keeps the text exactly as written', () => {
    const { container } = render(<p><EmojiText text="Help shape what's next. Tap to ❤️ your favorites." /></p>);
    expect(container.textContent).toBe("Help shape what's next. Tap to ❤️ your favorites.");
    expect(container.querySelectorAll('svg')).toHaveLength(1);
    // The emoji glyph itself is only in visually hidden text.
    expect(container.querySelector('.sr-only')?.textContent).toBe('❤️');
  });

  it('handles the star with and without the variation selector, and plain text', () => {
    const { container } = render(<p><EmojiText text="⭐️ Weekly ⭐ twice" /></p>);
    expect(container.textContent).toBe('⭐️ Weekly ⭐ twice');
    expect(container.querySelectorAll('svg')).toHaveLength(2);
    const plain = render(<p><EmojiText text="New" /></p>).container;
    expect([plain.textContent, plain.querySelectorAll('svg').length]).toEqual(['New', 0]);
  });
});
