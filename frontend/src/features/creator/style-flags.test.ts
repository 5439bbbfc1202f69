import { describe, expect, it } from 'vitest';
import { flagsFromSearch, knownFlags, withFlag, withoutFlags } from './style-flags';

const pixar = ['exaggerated_eyes', 'enhance_lighting', 'vibrant_colors', 'emotional_expression'];

describe('style option flags in the query string', () => {
  it('reads only known flags whose value is the text "true", in the trend\'s order', () => {
    const params = new URLSearchParams('vibrant_colors=true&exaggerated_eyes=true&enhance_lighting=1&other=true');
    expect(flagsFromSearch(params, pixar)).toEqual(['exaggerated_eyes', 'vibrant_colors']);
  });

  it('writes a flag as "true" and removes it when switched off, keeping other parameters', () => {
    const on = withFlag(new URLSearchParams('ref=abc'), 'add_glitter', true);
    expect(on.toString()).toBe('ref=abc&add_glitter=true');
    const off = withFlag(on, 'add_glitter', false);
    expect(off.toString()).toBe('ref=abc');
  });

  it('round-trips: what is written is read back', () => {
    let params = new URLSearchParams();
    params = withFlag(params, 'vibrant_colors', true);
    params = withFlag(params, 'exaggerated_eyes', true);
    const parsed = new URLSearchParams(params.toString());
    expect(flagsFromSearch(parsed, pixar)).toEqual(['exaggerated_eyes', 'vibrant_colors']);
    expect(flagsFromSearch(withoutFlags(parsed, pixar), pixar)).toEqual([]);
  });

  it('knows a trend\'s flags from its style options, else from the catalogue while they load', () => {
    expect(knownFlags('pixar', null)).toEqual(pixar);
    expect(knownFlags('pixar', ['only_this'])).toEqual(['only_this']);
    expect(knownFlags('not-in-catalogue', null)).toEqual([]);
  });
});
