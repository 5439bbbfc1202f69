/** BullMQ queue names. They never change once shipped: jobs in flight depend on them. */
export const QueueName = {
  generation: 'generation',
  traits: 'traits',
  /** The trends service's weekly Trend of the Week election (a repeatable job). */
  trendsElection: 'trends-election',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Output frame presets of the studio engine (part 2; issue 3). */
export type AspectPreset = '1:1' | '4:5' | '9:16' | '16:9';

/** Payload of a `generation` job. The job id is the generation id, so a retry never renders twice. */
export interface GenerationJob {
  generationId: string;
  userId: string;
  trendSlug: string;
  trendName: string;
  /** The full prompt sent to the engine (trend template applied). */
  prompt: string;
  /** What the member typed. */
  userPrompt: string;
  vibe?: string;
  styleOptions?: Record<string, boolean>;
  userTraits?: string;
  /** Storage key of the member's photo, when personalised with one. */
  originalKey?: string;
  aspect?: AspectPreset;
  seed: number;
}

export interface GenerationJobResult {
  resultKey: string;
  thumbnailKey: string;
  caption: string;
  engine: ImageEngine;
}

/** Payload of a `traits` job: read face and colour traits from an uploaded photo. */
export interface TraitsJob {
  userId: string;
  imageKey: string;
}
export interface TraitsJobResult {
  /** Readable traits, e.g. "warm tones", "bright lighting". */
  traits: string[];
  /** Average colour of the photo as #rrggbb. */
  dominantColour: string;
}

export type ImageEngine = 'studio' | 'openai';
