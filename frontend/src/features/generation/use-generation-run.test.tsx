import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MockedProvider } from '@apollo/client/testing/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { queryKeys } from '@/lib/query-keys';
import { gen, type ApolloMocks } from '@/test/render-app';
import { GENERATE, GENERATION, type Generation } from './documents';
import { useGenerationRun } from './use-generation-run';

const input = { trendSlug: 'pixar', userPrompt: 'a corgi astronaut' };
const accepted = { request: { query: GENERATE, variables: () => true }, result: { data: { generate: gen({}) } } };
/** The generation as the fallback read finds it (the mocks answer no subscription). */
const read = (over: Partial<Generation>) => ({ request: { query: GENERATION, variables: { id: 'g1' } }, result: { data: { generation: gen({ position: null, ...over }) } } });

function setup(mocks: ApolloMocks) {
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const onCompleted = vi.fn();
  const onFailed = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MockedProvider mocks={mocks}>{children}</MockedProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useGenerationRun({ onCompleted, onFailed }), { wrapper });
  return { result, invalidate, onCompleted, onFailed };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('useGenerationRun', () => {
  it('follows the generation to its image, refreshes credits and images, and says so once', async () => {
    const { result, invalidate, onCompleted, onFailed } = setup([accepted, read({ status: 'completed', progress: 100, imageUrl: '/media/g1.png' })]);
    await act(() => result.current.run(input));
    expect(result.current.generation).toEqual(expect.objectContaining({ id: 'g1', status: 'queued' }));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledTimes(1));
    expect(onCompleted).toHaveBeenCalledWith(expect.objectContaining({ id: 'g1', imageUrl: '/media/g1.png' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.images });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.me });
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('gives a failure its reason, and refreshes the refunded credits but not the images', async () => {
    const { result, invalidate, onCompleted, onFailed } = setup([accepted, read({ status: 'failed', failureReason: 'engine exploded' })]);
    await act(() => result.current.run(input));
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('engine exploded', 'failed'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.me });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: queryKeys.images });
    expect(onCompleted).not.toHaveBeenCalled();
  });

  it('treats a completed generation without an image as failed without a reason', async () => {
    const { result, onCompleted, onFailed } = setup([accepted, read({ status: 'completed', progress: 100 })]);
    await act(() => result.current.run(input));
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('', 'failed'));
    expect(onCompleted).not.toHaveBeenCalled();
  });

  it('passes on the server\'s text when it refuses to start', async () => {
    const { result, onFailed } = setup([{ request: { query: GENERATE, variables: () => true }, result: { errors: [{ message: 'Monthly generation limit reached' }] } }]);
    await act(() => result.current.run(input));
    expect(onFailed).toHaveBeenCalledExactlyOnceWith('Monthly generation limit reached', 'refused');
  });

  it('says nothing once stopped: the screen moved on while it was being made', async () => {
    const { result, onCompleted, onFailed } = setup([accepted, read({ status: 'completed', progress: 100, imageUrl: '/media/g1.png' })]);
    await act(async () => {
      const running = result.current.run(input);
      result.current.stop();
      await running;
    });
    await waitFor(() => expect(result.current.generation?.status).toBe('completed'));
    expect(onCompleted).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
  });
});
