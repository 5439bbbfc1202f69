import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The referral link a member registered through (a member's or a waitlist entry's code, or the code of
 * the waitlist entry that brought their email) and how it was settled at their first completed
 * generation: paid to a member, or refused (self, shared address, monthly cap).
 */
export class ReferralSettlement1772000000000 implements MigrationInterface {
  name = 'ReferralSettlement1772000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "auth"."users"
        ADD COLUMN "referred_through" text,
        ADD COLUMN "referral_settled_at" timestamptz,
        ADD COLUMN "referral_paid_to" uuid`);
    await q.query(`CREATE INDEX "users_referral_paid_to" ON "auth"."users" ("referral_paid_to", "referral_settled_at") WHERE "referral_paid_to" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "auth"."users_referral_paid_to"`);
    await q.query(`ALTER TABLE "auth"."users" DROP COLUMN "referral_paid_to", DROP COLUMN "referral_settled_at", DROP COLUMN "referred_through"`);
  }
}
