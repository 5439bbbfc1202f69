/** Shared data shapes that cross service boundaries. */

export const Roles = ['free', 'basic', 'pro', 'pro_unlimited', 'admin'] as const;
export type Role = (typeof Roles)[number];

/** DESIGN.md section 2: monthly generation allowance per plan (admin is not limited). */
export const MonthlyAllowance: Record<Role, number> = {
  free: 5,
  basic: 20,
  pro: 100,
  pro_unlimited: 1000,
  admin: Number.MAX_SAFE_INTEGER,
};
/** A new member starts free with 3 credits (spec part 1 section 6). */
export const StarterCredits = 3;

export interface UserProfile {
  id: string;
  username: string;
  email: string;
  avatar: string | null;
  firstName: string;
  lastName: string;
  emailNotifications: boolean;
  highQualityGeneration: boolean;
  hasOnboarded: boolean;
  createdAt: string;
  /** The member's own referral code (their link: the origin plus /?ref=CODE). */
  referralCode: string;
}

export interface BillingAccount {
  userId: string;
  role: Role;
  credits: number;
  monthlyUsage: number;
  monthlyAllowance: number;
}

export interface Trend {
  id: string;
  slug: string;
  name: string;
  description: string;
  prompt: string;
  promptTemplate: string;
  category: string;
  isWeeklyTrend: boolean;
  premium: boolean;
  creditsRequired: number;
  verified: boolean;
  available: boolean;
  preview: string;
  previewImage: string;
  image: string;
  generations: number;
}

export type GenerationStatus = 'queued' | 'active' | 'completed' | 'failed';

export interface Generation {
  id: string;
  userId: string;
  trendSlug: string;
  prompt: string;
  userPrompt: string;
  status: GenerationStatus;
  progress: number;
  /** Set while queued: how many jobs are ahead, 0 when next. */
  position: number | null;
  /** Set while queued: about how many seconds until the image is ready (null when no worker consumes). */
  etaSeconds: number | null;
  failureReason: string | null;
  caption: string | null;
  engine: string | null;
  createdAt: string;
  /**
   * How many previews of the picture forming the engine has handed back so far (the latest is
   * stored at StorageKeys.preview); 0 or absent when none.
   */
  previews?: number;
}

export interface Creation {
  id: string;
  userId: string;
  trendSlug: string;
  prompt: string;
  caption: string;
  engine: string;
  resultKey: string;
  thumbnailKey: string;
  originalKey: string | null;
  isFavorite: boolean;
  createdAt: string;
}

/** Storage layout (DESIGN.md section 2): `<kind>/<userId>/<id>...`. */
export const StorageKeys = {
  result: (userId: string, id: string) => `results/${userId}/${id}.png`,
  thumbnail: (userId: string, id: string) => `thumbnails/${userId}/${id}.webp`,
  original: (userId: string, id: string, ext: string) => `originals/${userId}/${id}.${ext}`,
  avatar: (userId: string, id: string) => `avatars/${userId}/${id}.webp`,
  /** A member's uploaded creation photo (sanitised JPEG), before any creation uses it. */
  photo: (userId: string, id: string) => `photos/${userId}/${id}.jpg`,
  /**
   * The person's matte of a stored photo (greyscale PNG, traits-worker): beside the photo, private
   * like it, deleted with it.
   */
  matte: (photoKey: string) => `${photoKey.replace(/\.[a-z0-9]+$/i, '')}.matte.png`,
  /** The 4K download, rendered once on first request. */
  export4k: (userId: string, id: string) => `exports/${userId}/${id}-4k.png`,
  /** The latest preview of a generation while it renders (small JPEG), private to its owner; removed once it ends. */
  preview: (userId: string, id: string) => `previews/${userId}/${id}.jpg`,
};

/** Where the gateway serves an avatar; the only avatar URLs a profile accepts (its owner's own). */
export const AvatarUrls = {
  file: (userId: string, id: string) => `/api/avatars/${userId}/${id}.webp`,
  /** Matches an avatar URL, capturing the owner's id and the avatar id. */
  pattern: /^\/api\/avatars\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.webp$/,
};

/** Default caption of spec part 2 section 3. */
export const defaultCaption = (trendName: string) => `Created in ${trendName} style with TrendForge`;

/** Where the gateway serves a creation's files, each read checked against its owner. */
export const CreationUrls = {
  image: (id: string) => `/api/images/${id}/file/result`,
  thumbnail: (id: string) => `/api/images/${id}/file/thumbnail`,
  original: (id: string) => `/api/images/${id}/file/original`,
};
export type CreationFileVariant = 'result' | 'thumbnail' | 'original';

/** Where the gateway serves a generation's latest preview while it renders (its owner only); `n` makes each new one a new URL. */
export const GenerationUrls = {
  preview: (id: string, n: number) => `/api/generations/${id}/preview?n=${n}`,
};
