import type { Generation } from './domain.js';

/**
 * Redis pub/sub channel on which workers and the images service publish generation progress.
 * Every gateway instance subscribes and relays to the GraphQL subscription `generationUpdated(id)`.
 */
export const GenerationUpdatesChannel = 'generation.updated';

export type GenerationUpdate = Generation;

/**
 * Redis pub/sub channel on which one images replica publishes the generation queue as it moves
 * (GenerationQueueSnapshot); gateways turn it into position and ETA for followers of queued generations.
 */
export const GenerationQueueChannel = 'generation.queue';

/** Events (fire and forget), named `<noun>.<past-tense>`. */
export const Events = {
  userRegistered: 'user.registered',
  generationCompleted: 'generation.completed',
  userReferred: 'user.referred',
} as const;

export interface UserRegisteredEvent {
  userId: string;
}

export interface GenerationCompletedEvent {
  generationId: string;
  userId: string;
  trendSlug: string;
}
