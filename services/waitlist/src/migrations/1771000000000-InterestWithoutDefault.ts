import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The service always names the interest (rules.ts applies the default); the column keeps no default of its own, as the entity says. */
export class InterestWithoutDefault1771000000000 implements MigrationInterface {
  name = 'InterestWithoutDefault1771000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "waitlist"."entries" ALTER COLUMN "interest" DROP DEFAULT`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "waitlist"."entries" ALTER COLUMN "interest" SET DEFAULT 'pixar'`);
  }
}
