import type { ServiceDatabase } from '@trendforge/platform';
import { billingEntities } from './entities.js';
import { CreateBilling1763800000000 } from './migrations/1763800000000-CreateBilling.js';
import { ReferralGrants1764200000000 } from './migrations/1764200000000-ReferralGrants.js';
import { CreatePayments1764300000000 } from './migrations/1764300000000-CreatePayments.js';
import { ChargeGenerationFunction1770000000000 } from './migrations/1770000000000-ChargeGenerationFunction.js';
import { PlanGrants1771500000000 } from './migrations/1771500000000-PlanGrants.js';
import { ChargeGenerationDoor1772000000000 } from './migrations/1772000000000-ChargeGenerationDoor.js';

export const billingDatabase: ServiceDatabase = {
  schema: 'billing',
  entities: billingEntities,
  migrations: [CreateBilling1763800000000, ReferralGrants1764200000000, CreatePayments1764300000000, ChargeGenerationFunction1770000000000, PlanGrants1771500000000,
    ChargeGenerationDoor1772000000000],
};
