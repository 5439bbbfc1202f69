import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  PaidPlans, Roles,
  type ElectionResult, type FailedGeneration, type ImagePageView, type ImageView, type LedgerEntry, type MessageResponse,
  type PaidPlan, type PaymentRedirect, type PaymentsStatus, type PhotoStatus, type PhotoView, type ReferralCodeCheck,
  type ReferralSummary, type Role, type ShareLinkView, type StyleOption, type StyleOptionsAnswer, type Trend, type User,
  type VotingTrend, type WaitlistCount, type WaitlistJoined, type WaitlistReferralRecorded,
} from '@trendforge/contracts';

/**
 * What the REST paths answer, as gateway/openapi.json describes it (its ApiOkResponse/ApiCreatedResponse
 * types). Each class implements the contract the gateway returns and the SPA reads, so a field the
 * contract gains or changes fails the typecheck here until the document says it too.
 */

const nullableString = { type: String, nullable: true } as const;
const nullableInteger = { type: 'integer', nullable: true } as const;

export class UserView implements User {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() username: string;
  @ApiProperty() email: string;
  @ApiProperty({ ...nullableString, description: 'An avatar URL this app serves, or null.' }) avatar: string | null;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() emailNotifications: boolean;
  @ApiProperty() highQualityGeneration: boolean;
  @ApiProperty() hasOnboarded: boolean;
  @ApiProperty({ enum: Roles }) role: Role;
  @ApiProperty({ type: 'integer' }) credits: number;
  @ApiProperty({ type: 'integer', description: 'Generations this month.' }) monthlyUsage: number;
  @ApiProperty({ type: [String], description: 'Slugs of the favourite trends.' }) favoriteTrends: string[];
}

/** An admin's search result: who the member is, and their plan and credits. */
export class MemberMatchView implements Pick<User, 'id' | 'username' | 'email' | 'role' | 'credits'> {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() username: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: Roles }) role: Role;
  @ApiProperty({ type: 'integer' }) credits: number;
}

export class TrendView implements Trend {
  @ApiProperty() id: string;
  @ApiProperty() slug: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty() prompt: string;
  @ApiProperty() promptTemplate: string;
  @ApiProperty() category: string;
  @ApiProperty() isWeeklyTrend: boolean;
  @ApiProperty() premium: boolean;
  @ApiProperty({ type: 'integer' }) creditsRequired: number;
  @ApiProperty() verified: boolean;
  @ApiProperty() available: boolean;
  @ApiProperty() preview: string;
  @ApiProperty() previewImage: string;
  @ApiProperty() image: string;
  @ApiProperty({ type: 'integer' }) generations: number;
}

export class VotingTrendView implements VotingTrend {
  @ApiProperty() slug: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty() category: string;
  @ApiProperty({ type: 'integer', description: "This voting week's votes." }) votes: number;
  @ApiProperty({ description: 'Whether the caller voted for it this week.' }) voted: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class StyleOptionsView implements StyleOptionsAnswer {
  @ApiProperty({ type: 'object', additionalProperties: { type: 'object', properties: { label: { type: 'string' }, description: { type: 'string' } }, required: ['label', 'description'] } })
  styleOptions: Record<string, StyleOption>;
  @ApiProperty({ type: [String] }) vibes: string[];
  @ApiProperty() personalizationSupported: boolean;
}

export class ImageViewDto implements ImageView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() prompt: string;
  @ApiProperty({ description: "The trend's slug." }) trendId: string;
  @ApiProperty() generatedImage: string;
  @ApiProperty() thumbnail: string;
  @ApiProperty(nullableString) originalImage: string | null;
  @ApiProperty() caption: string;
  @ApiProperty({ description: 'studio, openai or gemini.' }) engine: string;
  @ApiProperty() isFavorite: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ImagePageViewDto implements ImagePageView {
  @ApiProperty({ type: [ImageViewDto] }) items: ImageViewDto[];
  @ApiProperty({ ...nullableString, description: 'Pass it back as `cursor` for the next page; null on the last one.' }) nextCursor: string | null;
}

export class ShareLinkViewDto implements ShareLinkView {
  @ApiProperty() token: string;
  @ApiProperty({ description: "The public page's path (/s/<token>)." }) url: string;
}

export class LedgerEntryView implements LedgerEntry {
  @ApiProperty() id: string;
  @ApiProperty({ type: 'integer' }) delta: number;
  @ApiProperty({ type: 'integer' }) balanceAfter: number;
  @ApiProperty() kind: string;
  @ApiProperty() reason: string;
  @ApiProperty(nullableString) actorId: string | null;
  @ApiProperty(nullableString) generationId: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class FailedGenerationView implements FailedGeneration {
  @ApiProperty() id: string;
  @ApiProperty() userId: string;
  @ApiProperty() trendSlug: string;
  @ApiProperty(nullableString) failureReason: string | null;
  @ApiProperty({ ...nullableString, format: 'date-time', description: 'Null: not refunded.' }) refundedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ElectionCandidateView {
  @ApiProperty() slug: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'integer' }) votes: number;
}

export class ElectionResultView implements ElectionResult {
  @ApiProperty({ description: 'Monday of the counted week (YYYY-MM-DD).' }) week: string;
  @ApiProperty(nullableString) winner: string | null;
  @ApiProperty({ type: 'integer' }) votes: number;
  @ApiProperty({ format: 'date-time' }) decidedAt: string;
  @ApiProperty({ type: [ElectionCandidateView] }) candidates: ElectionCandidateView[];
}

export class SubscriptionView {
  @ApiProperty({ enum: PaidPlans, nullable: true }) plan: PaidPlan | null;
  @ApiProperty() status: string;
}

export class PaymentsStatusView implements PaymentsStatus {
  @ApiProperty({ description: 'False when payments are not configured.' }) configured: boolean;
  @ApiProperty({ description: 'Whether the customer portal can open.' }) canManage: boolean;
  @ApiProperty({ type: SubscriptionView, nullable: true }) subscription: SubscriptionView | null;
}

export class PaymentRedirectView implements PaymentRedirect {
  @ApiProperty({ description: "The provider's page to send the browser to." }) url: string;
}

export class ReferralSummaryView implements ReferralSummary {
  @ApiProperty() referralCode: string;
  @ApiProperty({ type: 'integer' }) friendsJoined: number;
  @ApiProperty({ type: 'integer' }) creditsEarned: number;
}

export class ReferralCodeCheckView implements ReferralCodeCheck {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty() valid: boolean;
}

export class WaitlistJoinedView implements WaitlistJoined {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ ...nullableString, description: "The new entry's code; null when the email was on the list already." }) referralCode: string | null;
  @ApiProperty({ type: 'integer' }) count: number;
  @ApiProperty({ type: 'integer' }) referrals: number;
  @ApiPropertyOptional() alreadyJoined?: boolean;
}

export class WaitlistReferralRecordedView implements WaitlistReferralRecorded {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty() referralCode: string;
}

export class WaitlistCountView implements WaitlistCount {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: 'integer' }) count: number;
}

const PhotoStatuses: PhotoStatus[] = ['analyzing', 'done', 'failed'];

export class PhotoViewDto implements PhotoView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: "Owner-only URL of the stored photo." }) url: string;
  @ApiProperty({ enum: PhotoStatuses }) status: PhotoStatus;
  @ApiProperty({ type: [String] }) traits: string[];
  @ApiProperty({ ...nullableInteger, description: 'Faces found; null until analysed.' }) faces: number | null;
  @ApiProperty(nullableString) note: string | null;
  @ApiProperty(nullableString) failureReason: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class UploadedView {
  @ApiProperty({ description: 'Where the stored image is served.' }) url: string;
}

export class CoachFeedbackView implements MessageResponse<'trends.coach.feedback'> {
  @ApiProperty() feedback: string;
  @ApiProperty({ description: 'A full improved prompt.' }) suggestion: string;
}

export class CoachAnswerView implements MessageResponse<'trends.coach.question'> {
  @ApiProperty() response: string;
}

export class PromptVariationView implements MessageResponse<'trends.prompt.variation'> {
  @ApiProperty() prompt: string;
}

export class SessionsEndedView {
  @ApiProperty({ type: 'integer', description: 'How many other sessions were signed out.' }) ended: number;
}

export class DeletedView {
  @ApiProperty({ enum: [true] }) deleted: true;
}

export class RevokedView {
  @ApiProperty({ enum: [true] }) revoked: true;
}

/** A multipart upload's body (multipart/form-data): one image file in the field `file`. */
export class ImageFileUpload {
  @ApiProperty({ type: 'string', format: 'binary' }) file: unknown;
}
