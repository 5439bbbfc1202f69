import { useEffect, useMemo, useRef } from 'react';
import { FallbackTraits, joinTraits } from '@trendforge/contracts';
import { usePersonalization, type PersonalizationController } from '@/features/personalization';
import { photoDisplay } from '@/features/personalization/personalization-state';
import { toast } from '@/ui/toast-store';
import { CreatorMessages } from './creator-messages';

const FALLBACK = joinTraits(FallbackTraits);

/**
 * The personalization chooser as the creator page uses it (spec part 2 sections 7 and 8): when
 * the photo's traits cannot be read (failed, none found, or no answer in time) the page goes on
 * with the fallback traits and says "Traits identified" instead of failing. Traits that arrive
 * later still replace them.
 */
export function useCreatorPersonalization(): PersonalizationController {
  const controller = usePersonalization();
  const { state } = controller;
  const display = photoDisplay(state.photo);
  const fallback = state.mode === 'upload' && state.photo.id !== null && (display === 'failed' || display === 'none-detected');

  // Announced once per photo; runs after the chooser's own toast, so this one is what shows.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!fallback || announced.current === state.photo.id) return;
    announced.current = state.photo.id;
    toast({ title: CreatorMessages.traitsIdentifiedTitle, description: `We'll use: ${FALLBACK}.` });
  }, [fallback, state.photo.id]);

  const value = useMemo(
    () => (fallback ? { photoId: state.photo.id, personalization: FALLBACK } : controller.value),
    [fallback, state.photo.id, controller.value],
  );
  return { ...controller, value };
}
