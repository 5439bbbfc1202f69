import type { MigrationInterface, QueryRunner } from 'typeorm';
import { AcceptGeneration1769000000000 } from './1769000000000-AcceptGeneration.js';
import { ChargeOnAcceptance1770000000000 } from './1770000000000-ChargeOnAcceptance.js';

/**
 * `images.accept_generation` charges through billing's door only when the door is open to images'
 * role: USAGE on billing's schema and EXECUTE on `billing.charge_generation`, both billing's to
 * grant (billingDatabase.grants, after its migrations, at every start). Before billing's first
 * start on a new database, or between its migrations and its grants, the door is shut and asking
 * for it would fail the whole acceptance with "permission denied". So a shut door is treated as
 * the function not being there: the generation is recorded uncharged (`charged` NULL) and the
 * service asks billing over the bus, as it does for any charge its common case does not cover
 * (billing answers, or is briefly unavailable: Retry-After). The rule stays billing's alone; images
 * only looks whether billing has let it in. Otherwise as ChargeOnAcceptance1770000000000.
 */
export class AcceptWhileDoorShut1773000000000 implements MigrationInterface {
  name = 'AcceptWhileDoorShut1773000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION "images"."accept_generation"(candidate jsonb, in_flight_cap integer, credits integer, monthly_allowance jsonb)
      RETURNS TABLE (id uuid, created boolean, created_at timestamptz, updated_at timestamptz, charged jsonb)
      LANGUAGE plpgsql VOLATILE AS $$
      #variable_conflict use_column
      DECLARE
        wanted "images"."generations" := jsonb_populate_record(NULL::"images"."generations", candidate);
        door regprocedure;
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
        -- Looked up only with USAGE on the schema: without it the look-up itself is refused.
        IF EXISTS (SELECT FROM pg_namespace n WHERE n.nspname = 'billing' AND has_schema_privilege(n.oid, 'USAGE')) THEN
          door := to_regprocedure('"billing"."charge_generation"(uuid, uuid, integer, jsonb)');
          IF door IS NOT NULL AND has_function_privilege(door, 'EXECUTE') THEN
            account := "billing"."charge_generation"(wanted.user_id, wanted.id, credits, monthly_allowance);
          END IF;
        END IF;
        RETURN QUERY SELECT wanted.id, true, wanted.created_at, wanted.updated_at, account;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The function as ChargeOnAcceptance made it (its up replaces the one before it).
    await q.query(`DROP FUNCTION "images"."accept_generation"(jsonb, integer, integer, jsonb)`);
    await new AcceptGeneration1769000000000().up(q);
    await new ChargeOnAcceptance1770000000000().up(q);
  }
}
