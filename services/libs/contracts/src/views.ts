import type { BillingAccount, Generation, Role, UserProfile } from './domain.js';
import type { ImageEngine } from './queues.js';

/**
 * What the API answers, as the gateway composes it and the SPA reads it (spec part 1 section 3,
 * part 2 section 3): one declaration for both sides.
 */

/** The signed-in member: profile from auth, plan from billing, favourites from trends. */
export type User = Omit<UserProfile, 'createdAt' | 'referralCode'> & Pick<BillingAccount, 'role' | 'credits' | 'monthlyUsage'> & {
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
  /**
   * While it renders: the picture forming (the latest partial image or engine preview, owner
   * only); the URL changes with each new one. Null before the first and once it ends.
   */
  previewUrl: string | null;
  createdAt: string;
}

/** A page of the gallery (GET /api/images/page): newest first; pass nextCursor back as `cursor` for the next one. */
export interface ImagePageView {
  items: ImageView[];
  nextCursor: string | null;
}

/** Gallery pages: 24 by default, at most 100 (spec part 2 section 9: lists are limited to 100). */
export const DefaultPageLimit = 24;
export const MaxPageLimit = 100;
/** Why a gallery page query is refused (400), whichever API it came through. */
export const PageQueryMessages = {
  limit: `limit must be a whole number from 1 to ${MaxPageLimit}`,
  cursor: 'cursor is not valid: use the nextCursor of the previous page',
  date: (name: 'from' | 'to') => `${name} must be a date as YYYY-MM-DD`,
  range: 'from must not be after to',
  trend: 'trendId must be a trend slug',
  favorites: 'favorites must be true or false',
} as const;
/** At most this many creations in one ZIP download. */
export const MaxArchiveImages = 100;

/** The plans that may download a creation at 4K (spec part 2 section 6: HD download from basic up). */
export const Export4kRoles: readonly Role[] = ['basic', 'pro', 'pro_unlimited', 'admin'];
export const Export4kRefusal = '4K downloads are available on the Basic plan and above';

/** A creation's public share link as its owner gets it; `url` is the page's path (/s/<token>). */
export interface ShareLinkView {
  token: string;
  url: string;
}

/** Where the gateway serves a share link's public page, its image and its 1200×630 preview (no sign-in). */
export const ShareUrls = {
  page: (token: string) => `/s/${token}`,
  image: (token: string) => `/s/${token}/image.png`,
  preview: (token: string) => `/s/${token}/preview.jpg`,
};
/** Share link tokens: 32 random bytes, base64url. */
export const ShareTokenPattern = /^[A-Za-z0-9_-]{43}$/;
