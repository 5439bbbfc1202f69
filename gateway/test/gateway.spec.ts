import { BadRequestException, type ArgumentsHost } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import { ServiceError, StorageNotFoundError } from '@trendforge/platform';
import type { Creation, Generation } from '@trendforge/contracts';
import { ErrorsFilter } from '../src/common/errors.filter.js';
import { toGenerationView, toImageView } from '../src/clients/views.js';
import { toGenerationRequest } from '../src/rest/generate/generate.body.js';
import { loadGatewayConfig } from '../src/config.js';
import { httpHost } from './support/hosts.js';

describe('errors become answers', () => {
  const filter = new ErrorsFilter();

  test.each([
    [new ServiceError('PAYMENT_REQUIRED', 'You need 3 credits for this premium style (you have 0)'), 402, 'You need 3 credits for this premium style (you have 0)'],
    [new ServiceError('CONFLICT', 'An account with this email already exists'), 409, 'An account with this email already exists'],
    [new ServiceError('RATE_LIMITED', 'Too many attempts.'), 429, 'Too many attempts.'],
    [new BadRequestException(['Please enter a valid email address', 'other']), 400, 'Please enter a valid email address'],
    [new StorageNotFoundError('results/u/x.png'), 404, 'Image Not Found'],
    [new Error('secret internals'), 500, 'Something went wrong. Please try again later.'],
  ])('REST: %s → %i', (error, status, message) => {
    const { host, sent } = httpHost();
    filter.catch(error, host);
    expect(sent).toEqual({ status, body: { statusCode: status, message } });
  });

  test('GraphQL: a coded GraphQL error with the same message', () => {
    const host = { getType: () => 'graphql' } as unknown as ArgumentsHost;
    const result = filter.catch(new ServiceError('NOT_FOUND', 'Image Not Found'), host) as GraphQLError;
    expect(result).toBeInstanceOf(GraphQLError);
    expect([result.message, result.extensions]).toEqual(['Image Not Found', { code: 'NOT_FOUND', status: 404 }]);
  });

  test('GraphQL over HTTP: briefly unavailable carries its wait, and Retry-After for the HTTP answer', () => {
    // The GraphQL context (argument 2) of a request over HTTP has the response; a WebSocket's has none.
    const overHttp = { getType: () => 'graphql', getArgByIndex: (index: number) => (index === 2 ? { res: {} } : undefined) } as unknown as ArgumentsHost;
    const result = filter.catch(new ServiceError('UNAVAILABLE', 'TrendForge is briefly unavailable.', 3), overHttp) as GraphQLError;
    expect(result.extensions).toEqual({
      code: 'UNAVAILABLE', status: 503, retryAfterSeconds: 3, http: { headers: new Map([['retry-after', '3']]) },
    });
    const overWebSocket = { getType: () => 'graphql', getArgByIndex: () => ({}) } as unknown as ArgumentsHost;
    expect((filter.catch(new ServiceError('UNAVAILABLE', 'TrendForge is briefly unavailable.', 3), overWebSocket) as GraphQLError).extensions)
      .toEqual({ code: 'UNAVAILABLE', status: 503, retryAfterSeconds: 3 });
  });
});

describe('views', () => {
  const creation: Creation = {
    id: 'c1', userId: 'u1', trendSlug: 'pixar', prompt: 'a fox', caption: 'cap', engine: 'studio',
    resultKey: 'results/u1/c1.png', thumbnailKey: 'thumbnails/u1/c1.webp', originalKey: null, isFavorite: true, createdAt: '2026-11-21T00:00:00.000Z',
  };

  test('an image exposes owner-checked URLs, never storage keys', () => {
    const view = toImageView(creation);
    expect(view).toEqual({
      id: 'c1', prompt: 'a fox', trendId: 'pixar', generatedImage: '/api/images/c1/file/result', thumbnail: '/api/images/c1/file/thumbnail',
      originalImage: null, caption: 'cap', engine: 'studio', isFavorite: true, createdAt: '2026-11-21T00:00:00.000Z',
    });
    expect(JSON.stringify(view)).not.toContain('results/');
  });

  test('a generation has image URLs only once completed', () => {
    const generation: Generation = {
      id: 'g1', userId: 'u1', trendSlug: 'pixar', prompt: 'A 3D still of a fox', userPrompt: 'a fox', status: 'active', progress: 40,
      position: null, etaSeconds: null, failureReason: null, caption: null, engine: null, createdAt: '2026-11-21T00:00:00.000Z',
    };
    expect(toGenerationView(generation)).toEqual(expect.objectContaining({ prompt: 'a fox', progress: 40, imageUrl: null }));
    expect(toGenerationView({ ...generation, status: 'completed' }).imageUrl).toBe('/api/images/g1/file/result');
  });
});

describe('generation requests from every screen', () => {
  test('forge and creator page send userPrompt and a composed prompt', () => {
    expect(toGenerationRequest('u1', { trendSlug: 'pixar', userPrompt: ' a fox ', prompt: 'Pixar style a fox', styleOptions: { exaggerated_eyes: 'true', vibrant_colors: false } }))
      .toEqual(expect.objectContaining({ userId: 'u1', userPrompt: 'a fox', prompt: 'Pixar style a fox', styleOptions: { exaggerated_eyes: true } }));
  });

  test('the wizard sends only prompt and personalization', () => {
    expect(toGenerationRequest('u1', { trendSlug: 'pixar', prompt: 'a fox', personalization: 'curly hair' }))
      .toEqual(expect.objectContaining({ userPrompt: 'a fox', prompt: undefined, userTraits: 'curly hair' }));
  });
});

describe('gateway configuration', () => {
  test('defaults to port 3000, a local storage folder is required when chosen', () => {
    expect(loadGatewayConfig({ STORAGE_DRIVER: 'local', STORAGE_DIR: '/tmp/s' })).toEqual(expect.objectContaining({ PORT: 3000, COOKIE_SECURE: false }));
    expect(() => loadGatewayConfig({ PORT: 'abc', STORAGE_DRIVER: 'local', STORAGE_DIR: '/tmp/s' })).toThrow(/PORT/);
  });
});
