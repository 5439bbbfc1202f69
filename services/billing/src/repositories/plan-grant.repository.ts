import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { PlanGrantEntity } from '../entities.js';

/** Plans' monthly credits granted, one row per grant key. */
@Injectable()
export class PlanGrantRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Records the grant unless its key was granted before; true when this call recorded it. */
  async grantOnce(userId: string, grantKey: string, credits: number): Promise<boolean> {
    const { raw } = await this.manager.createQueryBuilder().insert().into(PlanGrantEntity)
      .values({ userId, grantKey, credits }).orIgnore().returning('"grant_key"').execute();
    return (raw as unknown[]).length > 0;
  }
}
