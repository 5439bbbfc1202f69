import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763800000000 implements MigrationInterface {
  name = 'CreateUsers1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "auth"."users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "username" text NOT NULL CHECK (length("username") BETWEEN 3 AND 32),
        "email" text NOT NULL CHECK ("email" = lower(btrim("email"))),
        "password_hash" text NOT NULL,
        "first_name" text NOT NULL DEFAULT '',
        "last_name" text NOT NULL DEFAULT '',
        "avatar" text,
        "email_notifications" boolean NOT NULL DEFAULT true,
        "high_quality_generation" boolean NOT NULL DEFAULT false,
        "has_onboarded" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // The names are what the service maps a unique violation to (see users.ts).
    await q.query(`CREATE UNIQUE INDEX "users_email_key" ON "auth"."users" ("email")`);
    await q.query(`CREATE UNIQUE INDEX "users_username_lower_key" ON "auth"."users" (lower("username"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "auth"."users"`);
  }
}
