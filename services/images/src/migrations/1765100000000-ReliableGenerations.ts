import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Generations that are never lost, doubled or unpaid back (issue 17):
 * - `idempotency_key`: a member's key maps to one generation (unique per member);
 * - `refunded_at`: when a failed generation's charge was given back, so an interrupted refund is retried;
 * - an index on the generations still in flight (the per-member cap and the sweeper read them).
 */
export class ReliableGenerations1765100000000 implements MigrationInterface {
  name = 'ReliableGenerations1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "images"."generations" ADD COLUMN "idempotency_key" text, ADD COLUMN "refunded_at" timestamptz`);
    await q.query(`CREATE UNIQUE INDEX "generations_user_idempotency_key_uq" ON "images"."generations" ("user_id", "idempotency_key")`);
    await q.query(`CREATE INDEX "generations_in_flight_idx" ON "images"."generations" ("user_id") WHERE "status" IN ('queued', 'active')`);
    await q.query(`CREATE INDEX "generations_unrefunded_idx" ON "images"."generations" ("updated_at") WHERE "status" = 'failed' AND "refunded_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "images"."generations_unrefunded_idx"`);
    await q.query(`DROP INDEX "images"."generations_in_flight_idx"`);
    await q.query(`DROP INDEX "images"."generations_user_idempotency_key_uq"`);
    await q.query(`ALTER TABLE "images"."generations" DROP COLUMN "refunded_at", DROP COLUMN "idempotency_key"`);
  }
}
