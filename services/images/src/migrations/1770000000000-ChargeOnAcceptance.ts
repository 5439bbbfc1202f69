import type { MigrationInterface, QueryRunner } from 'typeorm';
import { AcceptGeneration1769000000000 } from './1769000000000-AcceptGeneration.js';

/**
 * `images.accept_generation(candidate, in_flight_cap, credits, monthly_allowance)`: records a
 * generation and charges it in one transaction and one round trip. After recording a new
 * generation it runs billing's own one-statement charge (`billing.charge_generation`, from
 * billing's migrations: the charging rule stays billing's), so the row and its charge commit
 * together. `charged` is the billing account the charge left (JSON), or NULL when billing's common
 * case did not apply (a refusal, an account not open yet, or billing's function not installed yet
 * while a deployment rolls out): the service then asks billing over the bus, as before.
 * The rest is as in AcceptGeneration1769000000000: one member's acceptances take turns on a
 * transaction-scoped advisory lock; the key's earlier generation is answered instead of a new one
 * (not charged here); at the in-flight cap nothing is recorded (no row).
 */
export class ChargeOnAcceptance1770000000000 implements MigrationInterface {
  name = 'ChargeOnAcceptance1770000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION "images"."accept_generation"(jsonb, integer)`);
    await q.query(`
      CREATE FUNCTION "images"."accept_generation"(candidate jsonb, in_flight_cap integer, credits integer, monthly_allowance jsonb)
      RETURNS TABLE (id uuid, created boolean, created_at timestamptz, updated_at timestamptz, charged jsonb)
      LANGUAGE plpgsql VOLATILE AS $$
      #variable_conflict use_column
      DECLARE
        wanted "images"."generations" := jsonb_populate_record(NULL::"images"."generations", candidate);
        account jsonb;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended('images.accept:' || wanted.user_id::text, 0));
        IF wanted.idempotency_key IS NOT NULL THEN
          RETURN QUERY SELECT g.id, false, g.created_at, g.updated_at, NULL::jsonb FROM "images"."generations" g
            WHERE g.user_id = wanted.user_id AND g.idempotency_key = wanted.idempotency_key;
          IF FOUND THEN RETURN; END IF;
        END IF;
        IF (SELECT count(*) FROM "images"."generations" g
              WHERE g.user_id = wanted.user_id AND g.status IN ('queued', 'active')) >= in_flight_cap THEN
          RETURN;
        END IF;
        wanted.created_at := now();
        wanted.updated_at := wanted.created_at;
        INSERT INTO "images"."generations" SELECT (wanted).*;
        IF to_regprocedure('"billing"."charge_generation"(uuid, uuid, integer, jsonb)') IS NOT NULL THEN
          account := "billing"."charge_generation"(wanted.user_id, wanted.id, credits, monthly_allowance);
        END IF;
        RETURN QUERY SELECT wanted.id, true, wanted.created_at, wanted.updated_at, account;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION "images"."accept_generation"(jsonb, integer, integer, jsonb)`);
    await new AcceptGeneration1769000000000().up(q); // the function as it was
  }
}
