import type { MigrationInterface, QueryRunner } from 'typeorm';

const chargeGeneration = '"billing"."charge_generation"(uuid, uuid, integer, jsonb)';

/**
 * The one door into billing's schema. Every service connects with its own role and reaches only its
 * own schema (platform's database-roles.ts); the exception is this function. The images service
 * records a generation and charges it in one transaction and one round trip
 * (`images.accept_generation` calls `billing.charge_generation`), which keeps acceptance atomic (no
 * generation without its charge, no charge without its generation) and within its budget (a few
 * milliseconds). Charging over the bus instead would need a two-step protocol with compensation and
 * an extra round trip per acceptance. So:
 * - the function runs with billing's rights (SECURITY DEFINER: owned by billing's role), with its
 *   search_path pinned so no caller's schema can shadow what it names;
 * - only billing's role and images' role may run it: EXECUTE is revoked from PUBLIC here, and granted,
 *   with USAGE on the schema (nothing else: no table, no other function), to the role that owns the
 *   images schema by `billingDatabase.grants` (database.ts) at every start, since the roles may be
 *   provisioned after this migration ran. Billing stays the only writer of its tables and the only
 *   place the rule is written.
 */
export class ChargeGenerationDoor1772000000000 implements MigrationInterface {
  name = 'ChargeGenerationDoor1772000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER FUNCTION ${chargeGeneration} SECURITY DEFINER SET search_path = "billing", pg_temp`);
    await q.query(`REVOKE ALL ON FUNCTION ${chargeGeneration} FROM PUBLIC`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`GRANT EXECUTE ON FUNCTION ${chargeGeneration} TO PUBLIC`);
    await q.query(`ALTER FUNCTION ${chargeGeneration} SECURITY INVOKER RESET search_path`);
  }
}
