import { CreationUrls, type Creation, type Generation } from '@trendforge/contracts';

/** A creation as the spec's screens read it (part 1 section 3, part 2 section 3). */
export interface ImageView {
  id: string;
  prompt: string;
  trendId: string;
  generatedImage: string;
  thumbnail: string;
  originalImage: string | null;
  caption: string;
  engine: string;
  isFavorite: boolean;
  createdAt: string;
}

export function toImageView(creation: Creation): ImageView {
  return {
    id: creation.id,
    prompt: creation.prompt,
    trendId: creation.trendSlug,
    generatedImage: CreationUrls.image(creation.id),
    thumbnail: CreationUrls.thumbnail(creation.id),
    originalImage: creation.originalKey ? CreationUrls.original(creation.id) : null,
    caption: creation.caption,
    engine: creation.engine,
    isFavorite: creation.isFavorite,
    createdAt: creation.createdAt,
  };
}

/** A generation's state as clients see it; the image URLs appear once it is completed. */
export interface GenerationView {
  id: string;
  status: Generation['status'];
  progress: number;
  position: number | null;
  failureReason: string | null;
  trendSlug: string;
  prompt: string;
  caption: string | null;
  engine: string | null;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  createdAt: string;
}

export function toGenerationView(generation: Generation): GenerationView {
  const done = generation.status === 'completed';
  return {
    id: generation.id,
    status: generation.status,
    progress: generation.progress,
    position: generation.position,
    failureReason: generation.failureReason,
    trendSlug: generation.trendSlug,
    prompt: generation.userPrompt,
    caption: generation.caption,
    engine: generation.engine,
    imageUrl: done ? CreationUrls.image(generation.id) : null,
    thumbnailUrl: done ? CreationUrls.thumbnail(generation.id) : null,
    createdAt: generation.createdAt,
  };
}
