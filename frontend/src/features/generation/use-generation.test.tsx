import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { describe, expect, it } from 'vitest';
import { gen } from '@/test/render-app';
import { GENERATE } from './documents';
import { newIdempotencyKey, useGeneration } from './use-generation';

const accepted = gen({ position: 0, etaSeconds: 20, prompt: 'a fox' });

describe('useGeneration', () => {
  it('sends a fresh idempotency key per start, and the same key again when an answer got lost', async () => {
    const keys: string[] = [];
    const sent = (v: { idempotencyKey?: string }) => {
      keys.push(v.idempotencyKey ?? '');
      return true;
    };
    const mocks = [
      { request: { query: GENERATE, variables: sent }, error: new Error('Failed to fetch') },
      { request: { query: GENERATE, variables: sent }, result: { data: { generate: accepted } } },
      { request: { query: GENERATE, variables: sent }, result: { data: { generate: accepted } } },
    ];
    const wrapper = ({ children }: { children: ReactNode }) => <MockedProvider mocks={mocks}>{children}</MockedProvider>;
    const { result } = renderHook(() => useGeneration(), { wrapper });

    await act(async () => {
      expect(await result.current.start({ trendSlug: 'pixar', userPrompt: 'a fox' })).toEqual(expect.objectContaining({ id: 'g1' }));
    });
    await act(async () => {
      await result.current.start({ trendSlug: 'pixar', userPrompt: 'a fox' });
    });

    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('makes keys without randomUUID too (plain http on a LAN address)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const [a, b] = [newIdempotencyKey(), newIdempotencyKey()];
      expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(a).not.toBe(b);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
