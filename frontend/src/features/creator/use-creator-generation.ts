import { useCallback, useRef, useState } from 'react';
import { withPersonTraits } from '@trendforge/contracts';
import type { Image, Trend } from '@/lib/types';
import type { GenerateInput, Generation } from '@/features/generation/documents';
import { creationOf } from '@/features/generation/creation';
import { describeGenerationError } from '@/features/generation/generation-state';
import { useGenerationRun } from '@/features/generation/use-generation-run';
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

/**
 * The creator page's generation (spec part 2 sections 4 and 8): prompt input → generating (the
 * live state from the generationUpdated subscription) → result; on failure back to prompt input
 * with "Generation failed" and the server's message. A refusal for want of credits goes to
 * onCreditsRefused (the low-credits dialog) instead.
 */
export function useCreatorGeneration(trend: Trend, onCreditsRefused: () => void): UseCreatorGeneration {
  const [mode, setMode] = useState<CreatorMode>('prompt_input');
  const [result, setResult] = useState<CreatorResult | null>(null);
  const request = useRef<CreatorRequest | null>(null);

  const fail = (message: string) => {
    setMode('prompt_input');
    if (describeGenerationError(message).kind === 'credits') {
      onCreditsRefused();
      return;
    }
    toast({
      title: CreatorMessages.generationFailedTitle,
      description: message || CreatorMessages.generationFailed,
      variant: 'destructive',
    });
  };

  const { generation, run, stop } = useGenerationRun({
    onCompleted: (done) => {
      const sent = request.current;
      if (!sent) return fail(CreatorMessages.generationFailedFallback);
      const prompt = withPersonTraits(sent.userPrompt, sent.traits);
      setResult({ ...sent, image: creationOf(done, trend.slug, prompt, done.caption || defaultCaption(trend.name)) });
      setMode('result');
    },
    // A generation that failed without a reason says "Failed to generate image".
    onFailed: (message, how) => fail(how === 'failed' ? message || CreatorMessages.generationFailedFallback : message),
  });

  const generate = useCallback(
    async (input: GenerateInput, sent: CreatorRequest) => {
      request.current = sent;
      setResult(null);
      setMode('generating');
      await run(input);
    },
    [run],
  );

  const clear = useCallback(() => {
    stop();
    request.current = null;
    setResult(null);
    setMode('prompt_input');
  }, [stop]);

  return { mode, generation, result, generate, clear };
}
