import type { BillingAccount } from '@trendforge/contracts';
import { openDatabase } from '@trendforge/platform';
import { BillingService } from './billing.service.js';
import { billingDatabase } from './database.js';
import { billingRepositories, BillingTransactions } from './repositories/index.js';

/** The ledger's actor for changes made from the command line (nobody above the first admin to ask). */
export const OperatorActorId = '00000000-0000-0000-0000-000000000000';

/**
 * Appoints an admin from the command line: `node services/billing/dist/main.js --grant-admin <userId>`
 * (the user id is the `id` of GET /api/auth/me). Goes through setPlan, so it is on the ledger like
 * every other plan change; later admins can then be appointed through the admin API.
 */
export async function grantAdmin(databaseUrl: string, userId: string | undefined): Promise<BillingAccount> {
  const dataSource = await openDatabase(databaseUrl, billingDatabase);
  try {
    const { accounts, charges, ledger } = billingRepositories(dataSource.manager);
    return await new BillingService(accounts, charges, ledger, new BillingTransactions(dataSource)).setPlan({
      userId: userId ?? '', role: 'admin', actorId: OperatorActorId, reason: 'granted from the command line',
    });
  } finally {
    await dataSource.destroy();
  }
}
