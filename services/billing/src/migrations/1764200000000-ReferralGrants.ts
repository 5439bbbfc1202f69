import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Referral grants are ledger rows of kind 'referral' naming the new account that registered through
 * the referrer's link. The unique index on that account is what makes a grant happen once, whatever
 * retries, replays or replicas do.
 */
export class ReferralGrants1764200000000 implements MigrationInterface {
  name = 'ReferralGrants1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "billing"."ledger" ADD COLUMN "referred_user_id" uuid`);
    await q.query(`ALTER TABLE "billing"."ledger" DROP CONSTRAINT "ledger_kind_check"`);
    await q.query(`
      ALTER TABLE "billing"."ledger"
        ADD CONSTRAINT "ledger_kind_check" CHECK ("kind" IN ('starter', 'charge', 'refund', 'admin', 'referral')),
        ADD CONSTRAINT "ledger_referral_names_account" CHECK (("kind" = 'referral') = ("referred_user_id" IS NOT NULL)),
        ADD CONSTRAINT "ledger_referral_not_self" CHECK ("referred_user_id" <> "user_id")`);
    await q.query(`CREATE UNIQUE INDEX "ledger_one_referral_key" ON "billing"."ledger" ("referred_user_id") WHERE "kind" = 'referral'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "billing"."ledger_one_referral_key"`);
    await q.query(`DELETE FROM "billing"."ledger" WHERE "kind" = 'referral'`);
    await q.query(`
      ALTER TABLE "billing"."ledger"
        DROP CONSTRAINT "ledger_referral_not_self",
        DROP CONSTRAINT "ledger_referral_names_account",
        DROP CONSTRAINT "ledger_kind_check",
        ADD CONSTRAINT "ledger_kind_check" CHECK ("kind" IN ('starter', 'charge', 'refund', 'admin'))`);
    await q.query(`ALTER TABLE "billing"."ledger" DROP COLUMN "referred_user_id"`);
  }
}
