import type { BillingAccount, Generation, UserProfile } from './domain.js';
import type { ImageEngine } from './queues.js';

/**
 * What the API answers, as the gateway composes it and the SPA reads it (spec part 1 section 3,
 * part 2 section 3): one declaration for both sides.
 */

/** The signed-in member: profile from auth, plan from billing, favourites from trends. */
export type User = Omit<UserProfile, 'createdAt'> & Pick<BillingAccount, 'role' | 'credits' | 'monthlyUsage'> & {
  favoriteTrends: string[];
};

/** A creation; its file URLs are read through the gateway's ownership check. */
export interface ImageView {
  id: string;
  prompt: string;
  /** The trend's slug. */
  trendId: string;
  generatedImage: string;
  thumbnail: string;
  originalImage: string | null;
  caption: string;
  engine: ImageEngine | string;
  isFavorite: boolean;
  createdAt: string;
}

/** A generation's state; the image URLs appear once it is completed. */
export interface GenerationView {
  id: string;
  status: Generation['status'];
  progress: number;
  position: number | null;
  etaSeconds: number | null;
  failureReason: string | null;
  trendSlug: string;
  /** What the member typed. */
  prompt: string;
  caption: string | null;
  engine: string | null;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  createdAt: string;
}
