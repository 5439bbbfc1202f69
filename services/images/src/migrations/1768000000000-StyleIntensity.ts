import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `generations.style_intensity`: the request's styleIntensity (1 to 10), kept for the 4K export. */
export class StyleIntensity1768000000000 implements MigrationInterface {
  name = 'StyleIntensity1768000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "images"."generations" ADD COLUMN "style_intensity" integer CHECK ("style_intensity" BETWEEN 1 AND 10)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "images"."generations" DROP COLUMN "style_intensity"`);
  }
}
