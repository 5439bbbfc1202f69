import type {
  BillingAccount, Creation, Generation, Role, Trend, UserProfile,
} from './domain.js';
import type { StyleOptionsAnswer, TrendInput, TrendPreview, TrendPreviewKind, VotingTrend, WeeklyElection } from './trends.js';
import type { AspectPreset, ImageEngine, TraitsJobResult } from './queues.js';
import type { Photo } from './photos.js';
import type { ChatMessage, VariationType } from './assist.js';
import type { ReferralSummary } from './referrals.js';
import type { SessionSummary } from './sessions.js';
import type { WaitlistJoined, WaitlistJoinInput, WaitlistReferralInput, WaitlistReferralRecorded } from './waitlist.js';

/**
 * Request/response message patterns, `<service>.<verb>`, with their payload and answer types.
 * A client or handler names a pattern from here and gets both types checked.
 */
export interface MessageMap {
  // auth
  /** `ref`: the referral code of the link the visitor came through (a bad or unknown one is ignored). */
  /** `device`: the browser's User-Agent, shown in the member's list of sessions. */
  'auth.register': { req: { username: string; email: string; password: string; ip?: string; ref?: string; device?: string }; res: { user: UserProfile; sessionToken: string } };
  'auth.login': { req: { email: string; password: string; ip?: string; device?: string }; res: { user: UserProfile; sessionToken: string } };
  'auth.logout': { req: { sessionToken: string }; res: { ok: true } };
  /** The live sessions of the member this session belongs to (null when it is not live). */
  'auth.sessions': { req: { sessionToken: string }; res: SessionSummary[] | null };
  /** Ends every other session of this session's member (session.ended for each); null when it is not live. */
  'auth.logoutOthers': { req: { sessionToken: string }; res: { ended: number } | null };
  /** Resolves a session token to its user id, sliding the expiry; null when unknown or expired. */
  'auth.session': { req: { sessionToken: string }; res: { userId: string } | null };
  'auth.user': { req: { userId: string }; res: UserProfile };
  /** Saves the settings form (spec part 1 section 3, settings payload); darkMode is always true and not stored. */
  'auth.updateProfile': { req: { userId: string } & ProfileSettings; res: UserProfile };
  'auth.completeOnboarding': { req: { userId: string; hasOnboarded: boolean }; res: UserProfile };
  'auth.health': { req: Record<string, never>; res: HealthAnswer };
  /** The member whose own referral code this is, or null. */
  'auth.referrer': { req: { code: string }; res: { userId: string } | null };
  /** Admin search (the gateway checks the role): members whose username or email contains `query`, case-insensitive. */
  'auth.admin.search': { req: { query: string; limit?: number }; res: UserProfile[] };

  // billing
  'billing.account': { req: { userId: string }; res: BillingAccount };
  /** Atomically counts one generation against the monthly allowance and takes `credits` credits. */
  'billing.charge': { req: { userId: string; generationId: string; credits: number }; res: BillingAccount };
  /** Gives back a charge exactly once (a second call is a no-op). */
  'billing.refund': { req: { generationId: string; reason: string }; res: { refunded: boolean } };
  /** A member's ledger, newest first (admin reads; the gateway checks the role). */
  'billing.ledger': { req: { userId: string; limit?: number }; res: LedgerEntry[] };
  'billing.setPlan': { req: { userId: string; role?: Role; credits?: number; actorId: string; reason?: string }; res: BillingAccount };
  'billing.health': { req: Record<string, never>; res: HealthAnswer };
  /** How many new accounts registered through the member's links, and the credits that earned them. */
  'billing.referrals': { req: { userId: string }; res: Pick<ReferralSummary, 'friendsJoined' | 'creditsEarned'> };

  // trends
  'trends.list': { req: Record<string, never>; res: Trend[] };
  'trends.bySlug': { req: { slug: string }; res: Trend };
  'trends.health': { req: Record<string, never>; res: HealthAnswer };
  /** A member's favourite trend slugs (no role check: the gateway composes User.favoriteTrends from it). */
  'trends.favorites': { req: { userId: string }; res: string[] };
  /** The favourite trends themselves; pro and pro_unlimited only (FORBIDDEN "Pro Feature" otherwise). */
  'trends.favoriteTrends': { req: { userId: string }; res: Trend[] };
  'trends.favorite.add': { req: { userId: string; slug: string }; res: { slug: string; favorite: boolean } };
  'trends.favorite.remove': { req: { userId: string; slug: string }; res: { slug: string; favorite: boolean } };
  /** This voting week's board; `voted` is for userId when given. */
  'trends.voting': { req: { userId?: string }; res: VotingTrend[] };
  'trends.vote': { req: { userId: string; slug: string }; res: VotingTrend };
  'trends.unvote': { req: { userId: string; slug: string }; res: VotingTrend };
  'trends.styleOptions': { req: { slug: string }; res: StyleOptionsAnswer };
  /** Where a trend's preview or example JPEG is stored, rendered first when missing. */
  'trends.preview': { req: { slug: string; kind: TrendPreviewKind }; res: TrendPreview };
  /** Admin only (actorId's role from billing); every change is audited. */
  'trends.admin.create': { req: { actorId: string; trend: TrendInput }; res: Trend };
  'trends.admin.update': { req: { actorId: string; slug: string; changes: Partial<TrendInput> }; res: Trend };
  'trends.admin.setWeekly': { req: { actorId: string; slug: string }; res: Trend };
  /** Records an admin's action done elsewhere (the gateway's queue dashboard: retry or remove jobs) in the audit log. */
  'trends.admin.audit': { req: { actorId: string; action: string; subject: string }; res: { recorded: true } };
  'trends.elections': { req: { limit?: number }; res: WeeklyElection[] };
  /** Admin reads (the gateway checks the role): each decided week with every candidate's votes, most first. */
  'trends.admin.electionResults': { req: { limit?: number }; res: ElectionResult[] };
  /** The prompt coach (spec part 2 section 7): feedback on a prompt for a trend, and a full improved prompt. */
  'trends.coach.feedback': { req: { prompt: string; trendSlug: string; trendName?: string }; res: { feedback: string; suggestion: string } };
  /** The prompt coach's chat: answers the question about the current prompt and trend. */
  'trends.coach.question': { req: { question: string; trendSlug: string; trendName?: string; prompt?: string; chatHistory: ChatMessage[] }; res: { response: string } };
  /** A prompt for one variation type, built from the creator page's base subject. */
  'trends.prompt.variation': { req: { trendSlug: string; baseSubject: string; variationType: VariationType }; res: { prompt: string } };

  // images
  'images.generation.request': { req: GenerationRequest; res: Generation };
  'images.generation.get': { req: { id: string; userId: string }; res: Generation };
  'images.generation.started': { req: { id: string }; res: Generation };
  'images.generation.completed': { req: { id: string; resultKey: string; thumbnailKey: string; originalKey?: string; caption: string; engine: ImageEngine }; res: Creation };
  'images.generation.failed': { req: { id: string; reason: string }; res: Generation };
  'images.list': { req: { userId: string; limit?: number }; res: Creation[] };
  'images.get': { req: { id: string; userId: string }; res: Creation };
  'images.favorite': { req: { id: string; userId: string }; res: Creation };
  'images.delete': { req: { id: string; userId: string }; res: { deleted: true } };
  /**
   * A page of the member's creations, newest first (keyset pagination on created_at, id): pass the
   * previous page's `nextCursor` as `cursor`. BAD_REQUEST for a bad limit, cursor or date.
   */
  'images.page': { req: CreationPageQuery; res: CreationPage };
  /** The member's own creations by id, in the order asked (1 to MaxArchiveImages); NOT_FOUND when any is not theirs. */
  'images.getMany': { req: { ids: string[]; userId: string }; res: Creation[] };
  /** The creation's public share link: its active one, else a new one (owner only; rate-limited per member). */
  'images.shareLink.create': { req: { id: string; userId: string }; res: ShareLink };
  /** The creation's active share link (owner only); NOT_FOUND when it has none. */
  'images.shareLink.get': { req: { id: string; userId: string }; res: ShareLink };
  /** Ends the creation's active share link, if any (owner only). */
  'images.shareLink.revoke': { req: { id: string; userId: string }; res: { revoked: true } };
  /** What a public share link shows, for anyone; NOT_FOUND for an unknown or revoked token. */
  'images.shareLink.resolve': { req: { token: string }; res: SharedCreation };
  /** What a creation was rendered from (for the 4K export); its owner only. */
  'images.renderInputs': { req: { id: string; userId: string }; res: CreationRenderInputs };
  /** Records a member's sanitised photo (stored by the gateway) and queues its traits job; idempotent by id. */
  'images.photo.register': { req: { userId: string; id: string; key: string; width: number; height: number }; res: Photo };
  /** The owner's photo; NOT_FOUND for anyone else's (or an expired one). */
  'images.photo.get': { req: { userId: string; id: string }; res: Photo };
  /** traits-worker's answer for a photo; recorded once and pushed to followers. */
  'images.photo.analysed': { req: { id: string; result: TraitsJobResult }; res: Photo };
  /** Admin reads (the gateway checks the role): failed generations, newest first, with reasons and refunds. */
  'images.admin.failed': { req: { limit?: number }; res: FailedGeneration[] };
  'images.health': { req: Record<string, never>; res: HealthAnswer };

  // waitlist
  'waitlist.count': { req: Record<string, never>; res: { count: number } };
  /** `ip` feeds the per-IP join limit; `ref` records the referral in the same call (GraphQL). */
  'waitlist.join': { req: WaitlistJoinInput & { ref?: string; ip?: string }; res: WaitlistJoined };
  'waitlist.referral': { req: WaitlistReferralInput; res: WaitlistReferralRecorded };
  'waitlist.health': { req: Record<string, never>; res: HealthAnswer };
  /** The email of the entry whose referral code this is, or null (internal: auth maps it to a member). */
  'waitlist.referrer': { req: { code: string }; res: { email: string } | null };
  /** The referral code of the link the entry with this email joined through, or null (internal: auth records it at registration). */
  'waitlist.referredBy': { req: { email: string }; res: { code: string } | null };
}

/** One row of a member's credit ledger; `actorId` names the admin of an 'admin' change. */
export interface LedgerEntry {
  id: string;
  delta: number;
  balanceAfter: number;
  kind: string;
  reason: string;
  actorId: string | null;
  generationId: string | null;
  createdAt: string;
}

/** A generation that failed, for admins: why, and when its charge was given back (null: not refunded). */
export interface FailedGeneration {
  id: string;
  userId: string;
  trendSlug: string;
  failureReason: string | null;
  refundedAt: string | null;
  createdAt: string;
}

/** A decided week and how many votes each voted-for trend got. */
export interface ElectionResult extends WeeklyElection {
  candidates: Array<{ slug: string; name: string; votes: number }>;
}

/** At most this many rows per admin search or list. */
export const AdminListLimit = 20;

/** The settings form as sent to PUT /api/users/settings; avatar is a URL this app served from POST /api/upload, or null. */
export interface ProfileSettings {
  firstName: string;
  lastName: string;
  avatar: string | null;
  emailNotifications: boolean;
  highQualityGeneration: boolean;
}

export type MessagePatternName = keyof MessageMap;
export type MessageRequest<P extends MessagePatternName> = MessageMap[P]['req'];
export type MessageResponse<P extends MessagePatternName> = MessageMap[P]['res'];

export interface GenerationRequest {
  userId: string;
  trendSlug: string;
  userPrompt: string;
  prompt?: string;
  vibe?: string;
  styleOptions?: Record<string, boolean>;
  /** The personalization (comma-separated traits). */
  userTraits?: string;
  aspect?: AspectPreset;
  /** The member's uploaded photo (images.photo.register); another member's answers NOT_FOUND and charges nothing. */
  photoId?: string;
  /** The variation type of the wizard (standard, detailed, minimalist, artistic). */
  variation?: string;
  /** How strongly the trend's look is applied, StyleIntensity.min to max (the Forge sends StyleIntensity.default). */
  styleIntensity?: number;
  /** The client's key for this request (header `Idempotency-Key`): the same key from the same member is the same generation. */
  idempotencyKey?: string;
}

/** The gallery's filters (spec part 2 section 2.4); dates are UTC days, both inclusive. */
export interface CreationPageQuery {
  userId: string;
  /** 1 to MaxPageLimit; DefaultPageLimit when left out. */
  limit?: number;
  /** The previous page's nextCursor (opaque). */
  cursor?: string;
  /** A trend slug. */
  trendId?: string;
  favoritesOnly?: boolean;
  /** YYYY-MM-DD. */
  from?: string;
  /** YYYY-MM-DD. */
  to?: string;
}

export interface CreationPage {
  items: Creation[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** A creation's public share link; the token is its only secret. */
export interface ShareLink {
  token: string;
  creationId: string;
  createdAt: string;
}

/** What a share link's public page shows; `previewKey` is where its 1200×630 preview is kept. */
export interface SharedCreation {
  token: string;
  creation: Creation;
  trendName: string;
  previewKey: string;
}

/** The inputs a creation was rendered from; `seed` is null for creations made before they were kept. */
export interface CreationRenderInputs {
  engine: string;
  trendSlug: string;
  trendName: string;
  /** What the member typed (the studio engine writes these words). */
  userPrompt: string;
  vibe: string | null;
  styleOptions: Record<string, boolean> | null;
  aspect: AspectPreset | null;
  seed: number | null;
  originalKey: string | null;
  userTraits: string | null;
  /** The wizard's style variation (null: standard, or made before it was kept). */
  variation: VariationType | null;
  /** Null: the engine's own strength (StyleIntensity.default). */
  styleIntensity: number | null;
}

/** The generation request's styleIntensity (spec part 2: the Forge sends 7, the engine's own look). */
export const StyleIntensity = { min: 1, max: 10, default: 7 } as const;
export const isStyleIntensity = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= StyleIntensity.min && (value as number) <= StyleIntensity.max;

export interface HealthAnswer {
  service: string;
  status: 'up' | 'down';
  details?: Record<string, unknown>;
}

/** The services reachable over the bus; each answers `<name>.health`. */
export const ServiceNames = ['auth', 'trends', 'images', 'billing', 'waitlist'] as const;
export type ServiceName = (typeof ServiceNames)[number];
