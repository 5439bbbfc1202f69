import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Someone waiting for launch (spec part 1 section 3, waitlist entry). */
@Entity({ name: 'entries' })
export class WaitlistEntryEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text', unique: true }) email: string;
  /** The migration's default is the contracts' DefaultWaitlistInterest (the service always names one). */
  @Column({ type: 'text', default: 'pixar' }) interest: string;
  @Column({ type: 'text', name: 'referral_code', unique: true }) referralCode: string;
  /** The referral code this entry joined through. */
  @Column({ type: 'text', name: 'referred_by', nullable: true }) referredBy: string | null;
  /** How many entries joined through this entry's code. */
  @Column({ type: 'integer', name: 'referral_count', default: 0 }) referralCount: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
}
