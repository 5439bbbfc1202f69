import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateGenerationsAndCreations1763700100000 implements MigrationInterface {
  name = 'CreateGenerationsAndCreations1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "images"."generations" (
        "id" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "trend_slug" text NOT NULL,
        "prompt" text NOT NULL,
        "user_prompt" text NOT NULL,
        "status" text NOT NULL CHECK ("status" IN ('queued', 'active', 'completed', 'failed')),
        "failure_reason" text,
        "caption" text,
        "engine" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "generations_user_id_idx" ON "images"."generations" ("user_id", "created_at" DESC)`);
    await q.query(`
      CREATE TABLE "images"."creations" (
        "id" uuid PRIMARY KEY REFERENCES "images"."generations" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "trend_slug" text NOT NULL,
        "prompt" text NOT NULL,
        "caption" text NOT NULL,
        "engine" text NOT NULL,
        "result_key" text NOT NULL,
        "thumbnail_key" text NOT NULL,
        "original_key" text,
        "is_favorite" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "creations_user_id_idx" ON "images"."creations" ("user_id", "created_at" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "images"."creations"`);
    await q.query(`DROP TABLE "images"."generations"`);
  }
}
