import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `billing.charge_generation(user_id, generation_id, credits, monthly_allowance)`:
 * billing's common charge in one statement, for billing itself and for the images service, which
 * calls it inside the transaction that records the generation (charge + record, one round trip).
 * It charges only when the account is open, the generation is not charged yet and the allowance
 * and credits suffice: UPDATE re-checks its conditions on the newest row after waiting for a
 * concurrent writer, so two charges can never spend the same credit or allowance. It answers the
 * updated account row as JSON, or NULL when it charged nothing (a refusal, an account not open, a
 * charge already made: the caller's careful path says which). `monthly_allowance` maps each role to
 * its allowance (contracts' MonthlyAllowance, which stays the one place it is written); the usage
 * period is the current calendar month in UTC, as billing's usagePeriod() counts it.
 */
export class ChargeGenerationFunction1770000000000 implements MigrationInterface {
  name = 'ChargeGenerationFunction1770000000000';

  async up(q: QueryRunner): Promise<void> {
    // PL/pgSQL, not SQL: its statement's plan is kept for the session (a SQL function's is made on every call).
    await q.query(`
      CREATE FUNCTION "billing"."charge_generation"(user_id uuid, generation_id uuid, credits integer, monthly_allowance jsonb)
      RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
      #variable_conflict use_column
      DECLARE
        charged jsonb;
      BEGIN
        WITH period AS (SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM') AS current), updated AS (
          UPDATE "billing"."accounts" a
             SET "credits" = a."credits" - $3,
                 "monthly_usage" = CASE WHEN a."usage_period" = period.current THEN a."monthly_usage" + 1 ELSE 1 END,
                 "usage_period" = period.current, "updated_at" = now()
            FROM period
           WHERE a."user_id" = $1
             AND a."credits" >= $3
             AND (CASE WHEN a."usage_period" = period.current THEN a."monthly_usage" ELSE 0 END) < ($4 ->> a."role")::bigint
             AND NOT EXISTS (SELECT 1 FROM "billing"."charges" c WHERE c."generation_id" = $2)
           RETURNING a.*
        ), charge AS (
          INSERT INTO "billing"."charges" ("generation_id", "user_id", "credits", "usage_period")
          SELECT $2, $1, $3, updated."usage_period" FROM updated
        ), ledger AS (
          INSERT INTO "billing"."ledger" ("user_id", "delta", "balance_after", "kind", "generation_id", "reason")
          SELECT $1, -$3, updated."credits", 'charge', $2, 'Premium generation' FROM updated WHERE $3 > 0
        )
        SELECT to_jsonb(updated) INTO charged FROM updated;
        RETURN charged;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION "billing"."charge_generation"(uuid, uuid, integer, jsonb)`);
  }
}
