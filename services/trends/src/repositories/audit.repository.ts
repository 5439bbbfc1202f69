import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { AuditLogEntity } from '../entities.js';

/** One admin action; `subject` is the trend's slug, or what a queue action acted on. */
export interface AuditEntry {
  actorId: string;
  action: string;
  subject: string;
  changes: object;
}

/** The admin audit log (DESIGN.md section 2: every admin action is audited). */
@Injectable()
export class AuditRepository {
  constructor(@InjectRepository(AuditLogEntity) private readonly log: Repository<AuditLogEntity>) {}

  /** Writes the entry, inside the caller's transaction when given its manager. */
  async record({ actorId, action, subject, changes }: AuditEntry, manager: EntityManager = this.log.manager): Promise<void> {
    await manager.insert(AuditLogEntity, { actorId, action, trendSlug: subject, changes });
  }
}
