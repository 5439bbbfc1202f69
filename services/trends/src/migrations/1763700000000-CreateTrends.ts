import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTrends1763700000000 implements MigrationInterface {
  name = 'CreateTrends1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "trends"."trends" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "slug" text NOT NULL UNIQUE,
        "name" text NOT NULL,
        "description" text NOT NULL,
        "prompt" text NOT NULL,
        "prompt_template" text NOT NULL,
        "category" text NOT NULL,
        "is_weekly_trend" boolean NOT NULL DEFAULT false,
        "premium" boolean NOT NULL DEFAULT false,
        "credits_required" integer NOT NULL DEFAULT 1 CHECK ("credits_required" >= 0),
        "verified" boolean NOT NULL DEFAULT false,
        "available" boolean NOT NULL DEFAULT true,
        "generations" integer NOT NULL DEFAULT 0,
        "sort_order" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "trends"."trends"`);
  }
}
