import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A plan's monthly credits, granted once per key (plan-change.ts): an admin's change of plan grants
 * them once per plan and month, a paid invoice once per invoice. The primary key is the "once".
 */
export class PlanGrants1771500000000 implements MigrationInterface {
  name = 'PlanGrants1771500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "billing"."plan_grants" (
        "user_id" uuid NOT NULL,
        "grant_key" text NOT NULL,
        "credits" integer NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "grant_key")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "billing"."plan_grants"`);
  }
}
