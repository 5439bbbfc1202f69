/**
 * Billing's repositories: every read and write of billing's tables, and nothing else does either.
 *
 * One data-access style: TypeORM on the entities of ../entities.ts (the EntityManager's find and
 * insert for plain reads and writes, its QueryBuilder where a statement says more), as the images
 * service does. The entities are the typed shape of every row, and the migrations-drift check holds
 * them to the migrations. Billing's "exactly once" rules rest on statements an ORM's save cannot
 * say, and the QueryBuilder says them: row locks (lock), ON CONFLICT DO NOTHING / DO UPDATE with
 * RETURNING (open, grantOnce, recordOnce, rememberEvent), conditional UPDATE ... RETURNING
 * (markRefunded). The charge rule is SQL (billing.charge_generation, shared with images'
 * acceptance): ChargeRepository.chargeGeneration is billing's one caller, and its call is the one
 * statement written as SQL text (a function call is not the QueryBuilder's).
 *
 * Each repository works on an EntityManager: the DataSource's (Nest providers) or, inside
 * BillingTransactions.run, the transaction's, so a domain service's steps commit together.
 */
import { Injectable, type Provider } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountRepository } from './account.repository.js';
import { ChargeRepository } from './charge.repository.js';
import { LedgerRepository } from './ledger.repository.js';
import { PaymentsRepository } from './payments.repository.js';
import { PlanGrantRepository } from './plan-grant.repository.js';

export { AccountRepository, ChargeRepository, LedgerRepository, PaymentsRepository, PlanGrantRepository };
export type { NewLedgerEntry } from './ledger.repository.js';
export type { SubscriptionChange } from './payments.repository.js';

/** Every repository, on one EntityManager. */
export interface BillingRepositories {
  accounts: AccountRepository;
  charges: ChargeRepository;
  ledger: LedgerRepository;
  planGrants: PlanGrantRepository;
  payments: PaymentsRepository;
}

export const billingRepositories = (manager: EntityManager): BillingRepositories => ({
  accounts: new AccountRepository(manager),
  charges: new ChargeRepository(manager),
  ledger: new LedgerRepository(manager),
  planGrants: new PlanGrantRepository(manager),
  payments: new PaymentsRepository(manager),
});

/** Runs work on repositories that share one transaction: it commits when the work resolves, rolls back when it throws. */
@Injectable()
export class BillingTransactions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  run<T>(work: (repositories: BillingRepositories) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(billingRepositories(manager)));
  }
}

export const repositoryProviders: Provider[] = [
  AccountRepository, ChargeRepository, LedgerRepository, PlanGrantRepository, PaymentsRepository, BillingTransactions,
];
