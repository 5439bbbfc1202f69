import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api';
import type { Trend } from '@/lib/types';
import { toast } from '@/ui/toast-store';
import { fetchCoachFeedback } from '@/features/creator/assist-api';

/**
 * The enhance option: asks the prompt coach (POST /api/coach/feedback) for an improved prompt and
 * hands its suggestion on with the prompt it was written from (the wizard keeps it only if that
 * is still the prompt).
 */
export function useEnhancePrompt(trend: Trend | null, onEnhanced: (forPrompt: string, suggestion: string) => void) {
  const [feedback, setFeedback] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (forPrompt: string) => {
      if (!trend) throw new Error('Choose a trend first');
      return fetchCoachFeedback(trend, forPrompt.trim());
    },
    onSuccess: (answer, forPrompt) => {
      setFeedback(answer.feedback || null);
      onEnhanced(forPrompt, answer.suggestion);
    },
    onError: (error) =>
      toast({ title: 'Feedback error', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
  return { enhance: mutation.mutate, enhancing: mutation.isPending, feedback };
}
