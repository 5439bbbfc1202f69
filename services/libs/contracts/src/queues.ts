import type { PhotoFace } from './photos.js';
import type { CreationRenderInputs } from './messages.js';
import type { VariationType } from './assist.js';
import type { WeeklyElection } from './trends.js';

/** BullMQ queue names. They never change once shipped: jobs in flight depend on them. */
export const QueueName = {
  generation: 'generation',
  traits: 'traits',
  /** The trends service's weekly Trend of the Week election (a repeatable job). */
  trendsElection: 'trends-election',
  /** Heavy renders for request-serving processes (4K exports, trend previews); generation-worker runs them. */
  renders: 'renders',
  /** The images service's periodic duties (queue pushes, sweeps), one job scheduler each. */
  imagesHousekeeping: 'images-housekeeping',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Queues of periodic tasks (BullMQ job schedulers), consumed inside the service they belong to, not by a worker process. */
export const ScheduleQueues = [QueueName.trendsElection, QueueName.imagesHousekeeping] as const;
export type ScheduleQueue = (typeof ScheduleQueues)[number];

/** A job a job scheduler adds: it carries no data, its name says what to do. */
export type ScheduledJob = Record<never, never>;

/**
 * What each queue carries: a job's payload (`data`) and what its worker returns (`result`).
 * Queues and consumers take their types from here by the queue's name, never by hand.
 */
export interface QueueJobs {
  [QueueName.generation]: { data: GenerationJob; result: GenerationJobResult };
  [QueueName.traits]: { data: TraitsJob; result: TraitsJobResult };
  [QueueName.trendsElection]: { data: ScheduledJob; result: WeeklyElection };
  [QueueName.renders]: { data: RenderJob; result: RenderJobResult };
  [QueueName.imagesHousekeeping]: { data: ScheduledJob; result: void };
}
export type JobData<N extends QueueName> = QueueJobs[N]['data'];
export type JobResult<N extends QueueName> = QueueJobs[N]['result'];

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
  /** The personalization: comma-separated traits (typed, or kept from the photo's analysis). */
  userTraits?: string;
  /** Storage key of the member's photo, when personalised with one (StorageKeys.photo). */
  originalKey?: string;
  /** The main face as traits-worker found it: framing falls back to it when the engine's detector finds none. */
  face?: PhotoFace;
  /**
   * The photo's analysis had not ended when the generation was accepted (a member who generates
   * right after uploading): its matte may still be coming, and the worker waits for it a little.
   */
  photoAnalysing?: boolean;
  aspect?: AspectPreset;
  seed: number;
  /** The wizard's style variation: the studio engine draws it (standard when left out); the prompt already carries its phrase. */
  variation?: VariationType;
  /** How strongly the trend's look is applied (1 to 10; left out: the engine's own strength). */
  styleIntensity?: number;
  /**
   * When the images service's sweeper fails and refunds the generation if it has not ended (ms
   * since the epoch): a worker sends it to the fallback engine rather than let the primary's
   * queue outlive it. Absent on jobs queued before it was sent.
   */
  deadlineAt?: number;
}

export interface GenerationJobResult {
  resultKey: string;
  thumbnailKey: string;
  /** The creation's own copy of the member's photo (StorageKeys.original), when there was one. */
  originalKey?: string;
  caption: string;
  engine: ImageEngine;
}

/** Payload of a `traits` job: read face and colour traits from an uploaded photo. The job id is the photo id. */
export interface TraitsJob {
  userId: string;
  photoId: string;
  imageKey: string;
}
export interface TraitsJobResult {
  /** Traits in the words of the trait options (TraitOptions) plus what the detector reliably sees ("smiling face"). */
  traits: string[];
  /** Faces found in the photo. */
  faces: number;
  /** Something the member should know (manyFacesNote), else null. */
  note: string | null;
  /** Average colour of the photo as #rrggbb. */
  dominantColour: string;
  /** The largest face. */
  face: PhotoFace | null;
}

/** Which engine made an image: the offline studio engine or a provider (stored with the creation, shown on the result). */
export type ImageEngine = 'studio' | 'openai' | 'gemini';

/**
 * Payload of a `renders` job, named by `kind` (also the job's name). The job id is `key`, the
 * storage key of the file it makes, so concurrent requests for one file share one render; the
 * worker does nothing when the file is already stored.
 */
export type RenderJob = Export4kRenderJob | PreviewRenderJob;

/** The 4K export of a creation (stored under StorageKeys.export4k). */
export interface Export4kRenderJob {
  kind: 'export4k';
  key: string;
  /** The creation's stored result: scaled up when the creation cannot be rendered again. */
  resultKey: string;
  /** What the creation was rendered from (images' `images.renderInputs`). */
  inputs: CreationRenderInputs;
}

/** A trend's preview or example image: a square studio render stored as JPEG. */
export interface PreviewRenderJob {
  kind: 'preview';
  key: string;
  trendSlug: string;
  trendName: string;
  prompt: string;
  seed: number;
  /** Side of the square JPEG, px. */
  size: number;
  quality: number;
  /** The studio engine version the key was made for (@trendforge/imaging/engine-version). */
  engineVersion: string;
}

export interface RenderJobResult {
  key: string;
  /** False when the file was already stored and nothing was rendered. */
  rendered: boolean;
}

/**
 * Why a generation failed, in the words of the spec's error catalogue (part 2 section 8): the SPA
 * picks its toast by these key phrases. A job fails with one of them as its reason.
 */
export const GenerationFailure = {
  apiKey: 'Invalid API key: the image service refused our API key',
  rateLimit: 'Rate limit reached: quota exceeded, please try again in a few minutes',
  contentPolicy: 'Content policy: this prompt was blocked by moderation, please try a different prompt',
  network: 'Network error: connection to the image service failed',
  invalidRequest: 'The image service could not make this image from this prompt. Please try a different prompt.',
  highDemand: "We're experiencing high demand. Please try again later.",
} as const;

const failureReasons = new Set<string>(Object.values(GenerationFailure));

/** A failed job's reason as a member may read it: the catalogue's own, else (BullMQ's "job stalled ...", a crash) high demand. */
export function memberFailureReason(failedReason: string | null | undefined): string {
  return failedReason && failureReasons.has(failedReason) ? failedReason : GenerationFailure.highDemand;
}

/**
 * The generation queue as it moves, published by one images replica on GenerationQueueChannel:
 * gateways derive position and ETA from it for members following a queued generation.
 */
export interface GenerationQueueSnapshot {
  /** Ids of the waiting generations, next first (the first MaxQueueSnapshotIds). */
  waiting: string[];
  /** Average render time of recent generations, ms. */
  averageRenderMs: number;
  /** Generations rendered at once (active jobs, at least one per consuming worker); 0 when no worker consumes. */
  slots: number;
  /**
   * The fleet's pace at a rate-limited image provider: ms between job starts (the queue's global
   * rate limit, learned from the provider's answers); absent when the queue is not paced.
   */
  startIntervalMs?: number;
}

export const MaxQueueSnapshotIds = 2000;

/**
 * About how many seconds until a waiting generation's image is ready: half a render for the jobs in
 * hand, the `position` jobs ahead shared over the slots, then its own render; at a paced provider,
 * no sooner than its turn to start (one start every startIntervalMs) plus its render. Null with no worker.
 */
export function generationEtaSeconds(
  position: number, queue: Pick<GenerationQueueSnapshot, 'averageRenderMs' | 'slots' | 'startIntervalMs'>,
): number | null {
  if (queue.slots < 1) return null;
  const bySlots = (((position + 0.5) / queue.slots) + 1) * queue.averageRenderMs;
  const byPace = queue.startIntervalMs ? (position + 1) * queue.startIntervalMs + queue.averageRenderMs : 0;
  return Math.max(1, Math.round(Math.max(bySlots, byPace) / 1000));
}
