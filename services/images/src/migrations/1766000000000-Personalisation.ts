import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personalisation (spec part 2 sections 2.2, 3): members' uploaded photos with the traits
 * traits-worker read from them, and what a generation was personalised with.
 * - `photos`: one row per uploaded photo (its id is the traits job id); deleted after PhotoRetentionDays;
 * - `generations.photo_id`, `user_traits`, `variation`: the photo, personalization and wizard variation asked for.
 */
export class Personalisation1766000000000 implements MigrationInterface {
  name = 'Personalisation1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "images"."photos" (
        "id" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "key" text NOT NULL,
        "width" integer NOT NULL,
        "height" integer NOT NULL,
        "status" text NOT NULL CHECK ("status" IN ('analyzing', 'done', 'failed')),
        "traits" jsonb NOT NULL DEFAULT '[]',
        "faces" integer,
        "note" text,
        "failure_reason" text,
        "face" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "analysed_at" timestamptz
      )`);
    await q.query(`CREATE INDEX "photos_user_id_idx" ON "images"."photos" ("user_id")`);
    await q.query(`CREATE INDEX "photos_created_at_idx" ON "images"."photos" ("created_at")`);
    await q.query(`CREATE INDEX "photos_analyzing_idx" ON "images"."photos" ("created_at") WHERE "status" = 'analyzing'`);
    await q.query(`
      ALTER TABLE "images"."generations"
        ADD COLUMN "photo_id" uuid,
        ADD COLUMN "user_traits" text,
        ADD COLUMN "variation" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "images"."generations" DROP COLUMN "variation", DROP COLUMN "user_traits", DROP COLUMN "photo_id"`);
    await q.query(`DROP TABLE "images"."photos"`);
  }
}
