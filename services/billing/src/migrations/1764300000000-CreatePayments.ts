import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Payments: the provider's customers and subscriptions per member, the webhook events applied, and plan changes on the ledger. */
export class CreatePayments1764300000000 implements MigrationInterface {
  name = 'CreatePayments1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "billing"."subscriptions" (
        "user_id" uuid PRIMARY KEY REFERENCES "billing"."accounts" ("user_id"),
        "customer_id" text NOT NULL UNIQUE,
        "subscription_id" text UNIQUE,
        "plan" text CHECK ("plan" IN ('basic', 'pro')),
        "status" text,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Each webhook event is applied once: its id is recorded in the transaction that applies it.
    await q.query(`
      CREATE TABLE "billing"."payment_events" (
        "event_id" text PRIMARY KEY,
        "type" text NOT NULL,
        "received_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Plan changes that follow a subscription are ledger rows of their own kind (after the referral grants' migration, which set the list before).
    await q.query(`ALTER TABLE "billing"."ledger" DROP CONSTRAINT IF EXISTS "ledger_kind_check"`);
    await q.query(`ALTER TABLE "billing"."ledger" ADD CONSTRAINT "ledger_kind_check"
      CHECK ("kind" IN ('starter', 'charge', 'refund', 'admin', 'referral', 'subscription'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "billing"."ledger" DROP CONSTRAINT IF EXISTS "ledger_kind_check"`);
    await q.query(`ALTER TABLE "billing"."ledger" ADD CONSTRAINT "ledger_kind_check" CHECK ("kind" IN ('starter', 'charge', 'refund', 'admin', 'referral'))`);
    await q.query(`DROP TABLE "billing"."payment_events"`);
    await q.query(`DROP TABLE "billing"."subscriptions"`);
  }
}
