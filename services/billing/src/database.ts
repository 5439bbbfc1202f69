import type { ServiceDatabase } from '@trendforge/platform';
import { AccountEntity } from './account.entity.js';
import { ChargeEntity } from './charge.entity.js';
import { LedgerEntryEntity } from './ledger-entry.entity.js';
import { CreateBilling1763800000000 } from './migrations/1763800000000-CreateBilling.js';

export const billingDatabase: ServiceDatabase = {
  schema: 'billing',
  entities: [AccountEntity, ChargeEntity, LedgerEntryEntity],
  migrations: [CreateBilling1763800000000],
};
