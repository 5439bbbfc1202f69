import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keeps what a generation is rendered from, so the 4K export can render the same creation again.
 * Rows made before stay NULL (their export is the stored result scaled up).
 */
export class KeepRenderInputs1764400000000 implements MigrationInterface {
  name = 'KeepRenderInputs1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "images"."generations"
        ADD COLUMN "trend_name" text,
        ADD COLUMN "vibe" text,
        ADD COLUMN "style_options" jsonb,
        ADD COLUMN "aspect" text,
        ADD COLUMN "seed" integer,
        ADD COLUMN "original_key" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "images"."generations"
        DROP COLUMN "trend_name", DROP COLUMN "vibe", DROP COLUMN "style_options",
        DROP COLUMN "aspect", DROP COLUMN "seed", DROP COLUMN "original_key"`);
  }
}
