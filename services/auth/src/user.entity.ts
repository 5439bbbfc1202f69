import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A member's account. Uniqueness (email, lower(username)) is enforced by the migration's indexes. */
@Entity({ name: 'users' })
@Index('users_referral_code_key', ['referralCode'], { unique: true })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) username: string;
  /** Always stored trimmed and lower-case. */
  @Column({ type: 'text' }) email: string;
  /** argon2id PHC string (`$argon2id$v=19$...`); never leaves this service. */
  @Column({ type: 'text', name: 'password_hash' }) passwordHash: string;
  @Column({ type: 'text', name: 'first_name', default: '' }) firstName: string;
  @Column({ type: 'text', name: 'last_name', default: '' }) lastName: string;
  @Column({ type: 'text', nullable: true }) avatar: string | null;
  @Column({ type: 'boolean', name: 'email_notifications', default: true }) emailNotifications: boolean;
  @Column({ type: 'boolean', name: 'high_quality_generation', default: false }) highQualityGeneration: boolean;
  @Column({ type: 'boolean', name: 'has_onboarded', default: false }) hasOnboarded: boolean;
  /** The member's own referral code: their link is the origin plus /?ref=CODE. */
  @Column({ type: 'text', name: 'referral_code' }) referralCode: string;
  /** The referral code this member came through (pending until their first completed generation settles it). */
  @Column({ type: 'text', name: 'referred_through', nullable: true }) referredThrough: string | null;
  @Column({ type: 'timestamptz', name: 'referral_settled_at', nullable: true }) referralSettledAt: Date | null;
  /** Who was paid for this member's referral, or null (not yet, or refused). */
  @Column({ type: 'uuid', name: 'referral_paid_to', nullable: true }) referralPaidTo: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
}
