import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import type { PaidPlan } from '@trendforge/contracts';
import { PaymentEventEntity, SubscriptionEntity } from '../entities.js';

export interface SubscriptionChange {
  userId: string;
  customerId: string;
  /** null (unknown here) keeps what was recorded, as do plan and status. */
  subscriptionId: string | null;
  plan: PaidPlan | null;
  status: string | null;
}

/** Members' subscriptions at the payment provider, and the webhook events applied. */
@Injectable()
export class PaymentsRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Records a webhook event's id; false when it was recorded before (a replay). */
  async rememberEvent(eventId: string, type: string): Promise<boolean> {
    const { raw } = await this.manager.createQueryBuilder().insert().into(PaymentEventEntity)
      .values({ eventId, type }).orIgnore().returning('"event_id"').execute();
    return (raw as unknown[]).length > 0;
  }

  subscriptionOf(userId: string): Promise<SubscriptionEntity | null> {
    return this.manager.findOneBy(SubscriptionEntity, { userId });
  }

  async userOfCustomer(customerId: string): Promise<string | null> {
    const row = await this.manager.findOne(SubscriptionEntity, { select: { userId: true }, where: { customerId } });
    return row?.userId ?? null;
  }

  /** Creates or updates the member's subscription; what the change does not know (null) stays as recorded. */
  async saveSubscription(change: SubscriptionChange): Promise<void> {
    const known = (['subscription_id', 'plan', 'status'] as const).filter((column) => change[columnKey[column]] !== null);
    await this.manager.createQueryBuilder().insert().into(SubscriptionEntity)
      .values({ ...change, updatedAt: () => 'now()' })
      .orUpdate(['customer_id', ...known, 'updated_at'], ['user_id'])
      .execute();
  }
}

const columnKey = { subscription_id: 'subscriptionId', plan: 'plan', status: 'status' } as const;
