import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Style options per trend, favourites, this week's votes, the weekly trend per week, the elections
 * that chose it and the admin audit log. Votes are the only record of a count: the Board counts
 * rows, so a count can never drift from the votes stored.
 */
export class FavouritesVotesElections1764000000000 implements MigrationInterface {
  name = 'FavouritesVotesElections1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "trends"."trends"
        ADD COLUMN "style_options" jsonb NOT NULL DEFAULT '[]'::jsonb,
        ADD COLUMN "vibes" jsonb NOT NULL DEFAULT '[]'::jsonb,
        ADD COLUMN "personalization_supported" boolean NOT NULL DEFAULT true,
        ADD COLUMN "edited_by_admin" boolean NOT NULL DEFAULT false,
        ADD COLUMN "updated_at" timestamptz NOT NULL DEFAULT now()`);
    await q.query(`
      CREATE TABLE "trends"."favorites" (
        "user_id" uuid NOT NULL,
        "trend_id" uuid NOT NULL REFERENCES "trends"."trends"("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "trend_id")
      )`);
    await q.query(`
      CREATE TABLE "trends"."votes" (
        "user_id" uuid NOT NULL,
        "trend_id" uuid NOT NULL REFERENCES "trends"."trends"("id") ON DELETE CASCADE,
        "week" date NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT "one_vote_per_member_trend_week" PRIMARY KEY ("user_id", "trend_id", "week")
      )`);
    await q.query(`CREATE INDEX "votes_by_week_trend" ON "trends"."votes" ("week", "trend_id")`);
    await q.query(`
      CREATE TABLE "trends"."weekly_trends" (
        "week" date PRIMARY KEY,
        "trend_id" uuid NOT NULL REFERENCES "trends"."trends"("id") ON DELETE CASCADE,
        "source" text NOT NULL CHECK ("source" IN ('seed', 'election', 'admin')),
        "set_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "trends"."elections" (
        "week" date PRIMARY KEY,
        "winner_id" uuid REFERENCES "trends"."trends"("id") ON DELETE SET NULL,
        "votes" integer NOT NULL DEFAULT 0,
        "decided_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "trends"."audit_log" (
        "id" bigserial PRIMARY KEY,
        "actor_id" uuid NOT NULL,
        "action" text NOT NULL,
        "trend_slug" text NOT NULL,
        "changes" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['audit_log', 'elections', 'weekly_trends', 'votes', 'favorites']) {
      await q.query(`DROP TABLE "trends"."${table}"`);
    }
    await q.query(`
      ALTER TABLE "trends"."trends"
        DROP COLUMN "style_options", DROP COLUMN "vibes", DROP COLUMN "personalization_supported",
        DROP COLUMN "edited_by_admin", DROP COLUMN "updated_at"`);
  }
}
