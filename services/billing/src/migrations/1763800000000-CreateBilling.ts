import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBilling1763800000000 implements MigrationInterface {
  name = 'CreateBilling1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "billing"."accounts" (
        "user_id" uuid PRIMARY KEY,
        "role" text NOT NULL DEFAULT 'free' CHECK ("role" IN ('free', 'basic', 'pro', 'pro_unlimited', 'admin')),
        "credits" integer NOT NULL CHECK ("credits" >= 0),
        "monthly_usage" integer NOT NULL DEFAULT 0 CHECK ("monthly_usage" >= 0),
        "usage_period" text NOT NULL CHECK ("usage_period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "billing"."charges" (
        "generation_id" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "billing"."accounts" ("user_id"),
        "credits" integer NOT NULL CHECK ("credits" >= 0),
        "usage_period" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "refunded_at" timestamptz,
        "refund_reason" text
      )`);
    await q.query(`CREATE INDEX "charges_user_id_idx" ON "billing"."charges" ("user_id", "created_at")`);
    await q.query(`
      CREATE TABLE "billing"."ledger" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "billing"."accounts" ("user_id"),
        "delta" integer NOT NULL,
        "balance_after" integer NOT NULL CHECK ("balance_after" >= 0),
        "kind" text NOT NULL CHECK ("kind" IN ('starter', 'charge', 'refund', 'admin')),
        "generation_id" uuid,
        "actor_id" uuid,
        "reason" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "ledger_user_id_idx" ON "billing"."ledger" ("user_id", "id")`);
    // One starter grant per account, whatever races happen.
    await q.query(`CREATE UNIQUE INDEX "ledger_one_starter_key" ON "billing"."ledger" ("user_id") WHERE "kind" = 'starter'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "billing"."ledger"`);
    await q.query(`DROP TABLE "billing"."charges"`);
    await q.query(`DROP TABLE "billing"."accounts"`);
  }
}
