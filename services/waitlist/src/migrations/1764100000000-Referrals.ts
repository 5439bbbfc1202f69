import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Who referred whom (a real reference to the referrer's code) and each code's referral count. */
export class Referrals1764100000000 implements MigrationInterface {
  name = 'Referrals1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "waitlist"."entries" ADD COLUMN "referral_count" integer NOT NULL DEFAULT 0`);
    await q.query(`
      ALTER TABLE "waitlist"."entries"
        ADD CONSTRAINT "entries_referred_by_fkey" FOREIGN KEY ("referred_by") REFERENCES "waitlist"."entries" ("referral_code"),
        ADD CONSTRAINT "entries_referral_code_format" CHECK ("referral_code" ~ '^[A-HJ-NP-Z2-9]{6}$'),
        ADD CONSTRAINT "entries_interest_known" CHECK ("interest" IN ('pixar', 'ghibli', 'barbie', 'collectible', 'simpsons', 'disney', 'other'))`);
    await q.query(`CREATE INDEX "entries_referred_by_idx" ON "waitlist"."entries" ("referred_by")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "waitlist"."entries_referred_by_idx"`);
    await q.query(`
      ALTER TABLE "waitlist"."entries"
        DROP CONSTRAINT "entries_interest_known",
        DROP CONSTRAINT "entries_referral_code_format",
        DROP CONSTRAINT "entries_referred_by_fkey",
        DROP COLUMN "referral_count"`);
  }
}
