import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each member's own referral code (same alphabet as the waitlist's), given to existing members too. */
export class ReferralCodes1764200000000 implements MigrationInterface {
  name = 'ReferralCodes1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "auth"."users" ADD COLUMN "referral_code" text`);
    await q.query(`CREATE UNIQUE INDEX "users_referral_code_key" ON "auth"."users" ("referral_code")`);
    // Existing members: a random code each, drawn again on the rare clash.
    await q.query(`
      DO $$
      DECLARE member record;
      BEGIN
        FOR member IN SELECT "id" FROM "auth"."users" WHERE "referral_code" IS NULL LOOP
          LOOP
            BEGIN
              UPDATE "auth"."users"
                 SET "referral_code" = (SELECT string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + floor(random() * 32)::int, 1), '')
                                          FROM generate_series(1, 6))
               WHERE "id" = member."id";
              EXIT;
            EXCEPTION WHEN unique_violation THEN
              -- drawn again
            END;
          END LOOP;
        END LOOP;
      END $$`);
    await q.query(`
      ALTER TABLE "auth"."users"
        ALTER COLUMN "referral_code" SET NOT NULL,
        ADD CONSTRAINT "users_referral_code_format" CHECK ("referral_code" ~ '^[A-HJ-NP-Z2-9]{6}$')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "auth"."users" DROP CONSTRAINT "users_referral_code_format"`);
    await q.query(`DROP INDEX "auth"."users_referral_code_key"`);
    await q.query(`ALTER TABLE "auth"."users" DROP COLUMN "referral_code"`);
  }
}
