import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { AspectPreset, GenerationStatus, PhotoFace, PhotoStatus } from '@trendforge/contracts';

/** One request to render an image, from acceptance to completion or failure. */
@Entity({ name: 'generations' })
export class GenerationEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  /** Indexed with created_at by the migration (generations_user_id_idx). */
  @Column({ type: 'uuid', name: 'user_id' }) userId: string;
  @Column({ type: 'text', name: 'trend_slug' }) trendSlug: string;
  @Column({ type: 'text' }) prompt: string;
  @Column({ type: 'text', name: 'user_prompt' }) userPrompt: string;
  @Column({ type: 'text' }) status: GenerationStatus;
  @Column({ type: 'text', name: 'failure_reason', nullable: true }) failureReason: string | null;
  @Column({ type: 'text', nullable: true }) caption: string | null;
  @Column({ type: 'text', nullable: true }) engine: string | null;
  // The render inputs (NULL on rows made before they were kept): the 4K export renders them again.
  @Column({ type: 'text', name: 'trend_name', nullable: true }) trendName: string | null;
  @Column({ type: 'text', nullable: true }) vibe: string | null;
  @Column({ type: 'jsonb', name: 'style_options', nullable: true }) styleOptions: Record<string, boolean> | null;
  @Column({ type: 'text', nullable: true }) aspect: AspectPreset | null;
  @Column({ type: 'integer', nullable: true }) seed: number | null;
  /** The photo it renders from (StorageKeys.photo): the job reads it there. */
  @Column({ type: 'text', name: 'original_key', nullable: true }) originalKey: string | null;
  // Personalisation as asked for.
  @Column({ type: 'uuid', name: 'photo_id', nullable: true }) photoId: string | null;
  @Column({ type: 'text', name: 'user_traits', nullable: true }) userTraits: string | null;
  @Column({ type: 'text', nullable: true }) variation: string | null;
  @Column({ type: 'integer', name: 'style_intensity', nullable: true }) styleIntensity: number | null;
  /** The member's key for the request that made it (unique per member). */
  @Column({ type: 'text', name: 'idempotency_key', nullable: true }) idempotencyKey: string | null;
  /** When a failed generation's charge was given back (NULL: not yet, or never charged back). */
  @Column({ type: 'timestamptz', name: 'refunded_at', nullable: true }) refundedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt: Date;
}

/** A finished image in its owner's gallery; its id is the generation's id. */
@Entity({ name: 'creations' })
export class CreationEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId: string;
  @Column({ type: 'text', name: 'trend_slug' }) trendSlug: string;
  @Column({ type: 'text' }) prompt: string;
  @Column({ type: 'text' }) caption: string;
  @Column({ type: 'text' }) engine: string;
  @Column({ type: 'text', name: 'result_key' }) resultKey: string;
  @Column({ type: 'text', name: 'thumbnail_key' }) thumbnailKey: string;
  /** The creation's own copy of the member's photo (StorageKeys.original): it outlives the upload. */
  @Column({ type: 'text', name: 'original_key', nullable: true }) originalKey: string | null;
  @Column({ type: 'boolean', name: 'is_favorite', default: false }) isFavorite: boolean;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
}

/** A member's uploaded creation photo and the traits traits-worker read from it; its id is the traits job id. */
@Entity({ name: 'photos' })
export class PhotoEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId: string;
  @Column({ type: 'text' }) key: string;
  @Column({ type: 'integer' }) width: number;
  @Column({ type: 'integer' }) height: number;
  @Column({ type: 'text' }) status: PhotoStatus;
  @Column({ type: 'jsonb', default: () => "'[]'" }) traits: string[];
  @Column({ type: 'integer', nullable: true }) faces: number | null;
  @Column({ type: 'text', nullable: true }) note: string | null;
  @Column({ type: 'text', name: 'failure_reason', nullable: true }) failureReason: string | null;
  @Column({ type: 'jsonb', nullable: true }) face: PhotoFace | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
  @Column({ type: 'timestamptz', name: 'analysed_at', nullable: true }) analysedAt: Date | null;
}

/** A public link to one creation; at most one active (not revoked) per creation. The token is the link's only secret. */
@Entity({ name: 'share_links' })
export class ShareLinkEntity {
  @PrimaryColumn({ type: 'text' }) token: string;
  @Column({ type: 'uuid', name: 'creation_id' }) creationId: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
  @Column({ type: 'timestamptz', name: 'revoked_at', nullable: true }) revokedAt: Date | null;
}
