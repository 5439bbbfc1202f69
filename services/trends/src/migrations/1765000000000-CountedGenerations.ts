import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The generations already counted in a trend's total: a `generation.completed` event delivered
 * twice (at-least-once delivery, a consumer restart) counts once.
 */
export class CountedGenerations1765000000000 implements MigrationInterface {
  name = 'CountedGenerations1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "trends"."counted_generations" (
        "generation_id" uuid PRIMARY KEY,
        "trend_slug" text NOT NULL,
        "counted_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "trends"."counted_generations"');
  }
}
