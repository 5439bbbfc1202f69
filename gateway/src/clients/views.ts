import { CreationUrls, GenerationUrls, type Creation, type Generation, type GenerationView, type ImageView } from '@trendforge/contracts';

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

export function toGenerationView(generation: Generation): GenerationView {
  const done = generation.status === 'completed';
  return {
    id: generation.id,
    status: generation.status,
    progress: generation.progress,
    position: generation.position,
    etaSeconds: generation.etaSeconds ?? null,
    failureReason: generation.failureReason,
    trendSlug: generation.trendSlug,
    prompt: generation.userPrompt,
    caption: generation.caption,
    engine: generation.engine,
    imageUrl: done ? CreationUrls.image(generation.id) : null,
    thumbnailUrl: done ? CreationUrls.thumbnail(generation.id) : null,
    previewUrl: generation.status === 'active' && generation.previews ? GenerationUrls.preview(generation.id, generation.previews) : null,
    createdAt: generation.createdAt,
  };
}
