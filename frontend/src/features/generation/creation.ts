import type { Image } from '@/lib/types';

/** What a finished generation gives its creation; the thumbnail and the time when the screen has them. */
export interface FinishedGeneration {
  id: string;
  imageUrl: string;
  thumbnailUrl?: string | null;
  engine: string | null;
  createdAt?: string;
}

/**
 * A finished generation is already a creation with the same id: this is it as the sharing actions
 * and the result view take it, with the prompt and caption the screen shows.
 */
export function creationOf(generation: FinishedGeneration, trendSlug: string, prompt: string, caption: string): Image {
  return {
    id: generation.id,
    prompt,
    trendId: trendSlug,
    generatedImage: generation.imageUrl,
    thumbnail: generation.thumbnailUrl ?? generation.imageUrl,
    originalImage: null,
    caption,
    engine: generation.engine ?? '',
    isFavorite: false,
    createdAt: generation.createdAt ?? new Date().toISOString(),
  };
}
