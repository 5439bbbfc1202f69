import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { withPersonTraits } from '@trendforge/contracts';
import { queryKeys } from '@/lib/query-keys';
import type { Image, Trend } from '@/lib/types';
import type { GenerateInput, Generation } from '@/features/generation/documents';
import { describeGenerationError, graphqlErrorMessage } from '@/features/generation/generation-state';
import { useGeneration } from '@/features/generation/use-generation';
import { invalidateImages } from '@/features/images/image-keys';
import { defaultCaption } from '@/features/sharing';
import { toast } from '@/ui/toast-store';
import { CreatorMessages } from './creator-messages';

/** Spec part 2 section 4: the creator page's modes. */
export type CreatorMode = 'prompt_input' | 'generating' | 'result';

/** What was asked for, kept with the result. */
export interface CreatorRequest {
  userPrompt: string;
  /** The prompt used, as the page showed it (creatorPrompt + person traits). */
  finalPrompt: string;
  vibe: string | null;
  flags: string[];
  traits: string;
}

export interface CreatorResult extends CreatorRequest {
  /** The creation (its id is the generation's). */
  image: Image;
}

export interface UseCreatorGeneration {
  mode: CreatorMode;
  generation: Generation | null;
  result: CreatorResult | null;
  generate: (input: GenerateInput, request: CreatorRequest) => Promise<void>;
  /** Back to prompt input without a result. */
  clear: () => void;
}

function toImage(trend: Trend, generation: Generation, request: CreatorRequest): Image {
  return {
    id: generation.id,
    prompt: withPersonTraits(request.userPrompt, request.traits),
    trendId: trend.slug,
    generatedImage: generation.imageUrl ?? '',
    thumbnail: generation.thumbnailUrl ?? generation.imageUrl ?? '',
    originalImage: null,
    caption: generation.caption || defaultCaption(trend.name),
    engine: generation.engine ?? '',
    isFavorite: false,
    createdAt: generation.createdAt,
  };
}

/**
 * The creator page's generation (spec part 2 sections 4 and 8): prompt input → generating (the
 * live state from the generationUpdated subscription) → result; on failure back to prompt input
 * with "Generation failed" and the server's message. A refusal for want of credits goes to
 * onCreditsRefused (the low-credits dialog) instead.
 */
export function useCreatorGeneration(trend: Trend, onCreditsRefused: () => void): UseCreatorGeneration {
  const queryClient = useQueryClient();
  const { generation, start, reset } = useGeneration();
  const [mode, setMode] = useState<CreatorMode>('prompt_input');
  const [result, setResult] = useState<CreatorResult | null>(null);
  const request = useRef<CreatorRequest | null>(null);
  const handled = useRef<string | null>(null);
  const creditsRefused = useRef(onCreditsRefused);
  useEffect(() => {
    creditsRefused.current = onCreditsRefused;
  }, [onCreditsRefused]);

  const fail = useCallback((message: string) => {
    setMode('prompt_input');
    if (describeGenerationError(message).kind === 'credits') {
      creditsRefused.current();
      return;
    }
    toast({
      title: CreatorMessages.generationFailedTitle,
      description: message || CreatorMessages.generationFailed,
      variant: 'destructive',
    });
  }, []);

  // Follow the live generation to its end.
  useEffect(() => {
    if (!generation || handled.current === generation.id) return;
    if (generation.status === 'completed') {
      handled.current = generation.id;
      if (!generation.imageUrl || !request.current) {
        fail(CreatorMessages.generationFailedFallback);
        return;
      }
      setResult({ ...request.current, image: toImage(trend, generation, request.current) });
      setMode('result');
      void invalidateImages(queryClient);
      // Credits and monthly usage changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    } else if (generation.status === 'failed') {
      handled.current = generation.id;
      fail(generation.failureReason || CreatorMessages.generationFailedFallback);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    }
  }, [generation, fail, queryClient, trend]);

  const generate = useCallback(
    async (input: GenerateInput, sent: CreatorRequest) => {
      handled.current = null;
      request.current = sent;
      setResult(null);
      setMode('generating');
      try {
        await start(input);
      } catch (error) {
        fail(graphqlErrorMessage(error));
      }
    },
    [start, fail],
  );

  const clear = useCallback(() => {
    reset();
    request.current = null;
    setResult(null);
    setMode('prompt_input');
  }, [reset]);

  return { mode, generation, result, generate, clear };
}
