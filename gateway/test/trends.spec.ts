import { ServiceError } from '@trendforge/platform';
import { ErrorsFilter } from '../src/common/errors.filter.js';
import { toTrendInput } from '../src/graphql/trends/trend-input.js';
import { previewSlug } from '../src/rest/previews/preview-paths.js';
import { httpHost } from './support/hosts.js';

describe('trends through the gateway', () => {
  test('a free member favouriting gets 403 with the Pro Feature text', () => {
    const { host, sent } = httpHost();
    new ErrorsFilter().catch(new ServiceError('FORBIDDEN', 'Upgrade to Pro to save favorite trends'), host);
    expect(sent).toEqual({ status: 403, body: { statusCode: 403, message: 'Upgrade to Pro to save favorite trends' } });
  });

  test('preview paths name a slug; anything else is not an image of ours', () => {
    expect(previewSlug('magazine-cover.jpg', 'preview')).toBe('magazine-cover');
    expect(previewSlug('magazine-cover-example.jpg', 'example')).toBe('magazine-cover');
    expect(previewSlug('pixar.jpg', 'example')).toBeNull();
    expect(previewSlug('..%2Fsecret.jpg', 'preview')).toBeNull();
    expect(previewSlug('pixar.png', 'preview')).toBeNull();
  });

  test('GraphQL trend input becomes the contracts shape (style options as a map, unset fields left out)', () => {
    expect(toTrendInput({ name: 'Sticker', premium: undefined, styleOptions: [{ key: 'die_cut', label: 'Die Cut', description: 'White border' }] }))
      .toEqual({ name: 'Sticker', styleOptions: { die_cut: { label: 'Die Cut', description: 'White border' } } });
  });
});
