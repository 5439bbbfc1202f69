import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateEntries1763700200000 implements MigrationInterface {
  name = 'CreateEntries1763700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "waitlist"."entries" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" text NOT NULL,
        "email" text NOT NULL UNIQUE,
        "interest" text NOT NULL DEFAULT 'pixar',
        "referral_code" text NOT NULL UNIQUE,
        "referred_by" text,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "waitlist"."entries"`);
  }
}
