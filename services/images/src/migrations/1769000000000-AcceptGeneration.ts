import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `images.accept_generation(candidate, in_flight_cap)`: records a generation in one round trip.
 * One member's acceptances take turns on a transaction-scoped advisory lock; the key's earlier
 * generation is answered instead of a new one; at the in-flight cap nothing is recorded (no row).
 * PL/pgSQL takes a fresh snapshot for each statement, so the reads after the lock see what the
 * member's previous acceptance committed. The candidate is the row as JSON (column names as
 * keys), so new columns need no change here.
 */
export class AcceptGeneration1769000000000 implements MigrationInterface {
  name = 'AcceptGeneration1769000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION "images"."accept_generation"(candidate jsonb, in_flight_cap integer)
      RETURNS TABLE (id uuid, created boolean, created_at timestamptz, updated_at timestamptz)
      LANGUAGE plpgsql VOLATILE AS $$
      #variable_conflict use_column
      DECLARE
        wanted "images"."generations" := jsonb_populate_record(NULL::"images"."generations", candidate);
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended('images.accept:' || wanted.user_id::text, 0));
        IF wanted.idempotency_key IS NOT NULL THEN
          RETURN QUERY SELECT g.id, false, g.created_at, g.updated_at FROM "images"."generations" g
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
        RETURN QUERY SELECT wanted.id, true, wanted.created_at, wanted.updated_at;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION "images"."accept_generation"(jsonb, integer)`);
  }
}
