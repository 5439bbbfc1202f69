import type { ServiceDatabase } from '@trendforge/platform';
import { billingEntities } from './entities.js';
import { CreateBilling1763800000000 } from './migrations/1763800000000-CreateBilling.js';
import { ReferralGrants1764200000000 } from './migrations/1764200000000-ReferralGrants.js';
import { CreatePayments1764300000000 } from './migrations/1764300000000-CreatePayments.js';
import { ChargeGenerationFunction1770000000000 } from './migrations/1770000000000-ChargeGenerationFunction.js';
import { PlanGrants1771500000000 } from './migrations/1771500000000-PlanGrants.js';
import { ChargeGenerationDoor1772000000000 } from './migrations/1772000000000-ChargeGenerationDoor.js';

/**
 * The one door into billing's schema (migration ChargeGenerationDoor1772000000000): images' role
 * (the owner of the images schema) may run billing.charge_generation, which runs with billing's
 * rights, and reach nothing else of billing's. Nothing to grant where images' schema is not there
 * yet or belongs to the role running this (tests, a single shared role).
 */
const chargeDoorForImages = `
  DO $$
  DECLARE
    caller regrole := (SELECT nspowner::regrole FROM pg_namespace WHERE nspname = 'images');
  BEGIN
    IF caller IS NOT NULL AND caller::oid <> (SELECT oid FROM pg_roles WHERE rolname = current_user) THEN
      EXECUTE format('GRANT USAGE ON SCHEMA "billing" TO %s', caller);
      EXECUTE format('GRANT EXECUTE ON FUNCTION "billing"."charge_generation"(uuid, uuid, integer, jsonb) TO %s', caller);
    END IF;
  END $$`;

export const billingDatabase: ServiceDatabase = {
  schema: 'billing',
  grants: [chargeDoorForImages],
  entities: billingEntities,
  migrations: [CreateBilling1763800000000, ReferralGrants1764200000000, CreatePayments1764300000000, ChargeGenerationFunction1770000000000, PlanGrants1771500000000,
    ChargeGenerationDoor1772000000000],
};
