import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, type Repository } from 'typeorm';
import { MonthlyAllowance, type Role } from '@trendforge/contracts';
import { CreationEntity, GenerationEntity } from '../entities.js';
import { CreationRepository, type NewCreation } from './creation.repository.js';

/** A generation as acceptance records it: every column but the timestamps PostgreSQL sets. */
export type NewGeneration = Omit<GenerationEntity, 'createdAt' | 'updatedAt'>;

/**
 * What acceptance did: recorded the generation (and charged it with billing's common case:
 * `charged` is the account's role after the charge, null when nothing was charged here), or found
 * the generation the key made earlier (null when it is gone since: its charge was refused and the
 * key freed). Null when the member has the in-flight cap of generations already (nothing recorded).
 */
export type Acceptance =
  | { created: true; generation: GenerationEntity; charged: { role: Role } | null }
  | { created: false; earlier: GenerationEntity | null }
  | null;

/** A completed generation and its creation; `creation` is null when the generation had failed already (nothing written). */
export interface Completion {
  generation: GenerationEntity;
  creation: CreationEntity | null;
}

/** images.accept_generation's answer. */
interface AcceptedRow {
  id: string;
  created: boolean;
  created_at: Date;
  updated_at: Date;
  charged: { role: Role } | null;
}

/** Generations, from acceptance to completion or failure. */
@Injectable()
export class GenerationRepository {
  /** The last acceptance queued for each member in this replica (memberTurn). */
  private readonly memberTurns = new Map<string, Promise<void>>();

  constructor(
    @InjectRepository(GenerationEntity) private readonly generations: Repository<GenerationEntity>,
    private readonly creations: CreationRepository,
  ) {}

  /**
   * Records the generation and charges it, or answers the one its key already made, in one
   * transaction and one round trip (images.accept_generation, migrations ChargeOnAcceptance and AcceptWhileDoorShut: one
   * member's acceptances take turns on an advisory lock, so the in-flight cap and the key's mapping
   * hold under concurrent requests; the unique index keeps the mapping whatever happens; the charge
   * is billing's own billing.charge_generation).
   */
  async accept(generation: NewGeneration, inFlightCap: number, credits: number): Promise<Acceptance> {
    const entity = this.generations.create(generation);
    const columns = this.generations.metadata.columns.filter((column) => !column.isCreateDate && !column.isUpdateDate);
    const candidate = Object.fromEntries(columns.map((column) => [column.databaseName, column.getEntityValue(entity) ?? null]));
    // A function call: the one statement here that is SQL text rather than TypeORM's.
    const [accepted] = await this.memberTurn(generation.userId, () => this.generations.query<AcceptedRow[]>(
      'SELECT * FROM "images"."accept_generation"($1, $2, $3, $4)',
      [JSON.stringify(candidate), inFlightCap, credits, JSON.stringify(MonthlyAllowance)],
    ));
    if (!accepted) return null;
    if (accepted.created) {
      return { created: true, generation: Object.assign(entity, { createdAt: accepted.created_at, updatedAt: accepted.updated_at }), charged: accepted.charged };
    }
    return { created: false, earlier: await this.generations.findOneBy({ id: accepted.id }) };
  }

  /**
   * Runs one member's acceptances in this replica one at a time. They take turns in PostgreSQL
   * anyway (accept_generation's lock, across replicas); queueing here first means one waiting for
   * its turn holds no pooled connection, so a member sending several at once cannot starve the pool
   * the other members' acceptances need.
   */
  private memberTurn<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const mine = (this.memberTurns.get(userId) ?? Promise.resolve()).then(work, work);
    const done = mine.then(() => undefined, () => undefined);
    this.memberTurns.set(userId, done);
    void done.then(() => {
      if (this.memberTurns.get(userId) === done) this.memberTurns.delete(userId);
    });
    return mine;
  }

  byId(id: string): Promise<GenerationEntity | null> {
    return this.generations.findOneBy({ id });
  }

  owned(id: string, userId: string): Promise<GenerationEntity | null> {
    return this.generations.findOneBy({ id, userId });
  }

  /** The generation the member's idempotency key made, if any. */
  byKey(userId: string, idempotencyKey: string): Promise<GenerationEntity | null> {
    return this.generations.findOneBy({ userId, idempotencyKey });
  }

  /** Forgets a generation still queued (its charge was refused, so its key may be used again). */
  async deleteQueued(id: string): Promise<void> {
    await this.generations.delete({ id, status: 'queued' });
  }

  /** A worker took it: queued becomes active (any other status stays); the generation as it is after. */
  async start(id: string): Promise<GenerationEntity | null> {
    await this.generations.update({ id, status: 'queued' }, { status: 'active' });
    return this.generations.findOneBy({ id });
  }

  /**
   * Records the worker's report once, under the generation's row lock: the generation completed and
   * its creation (`creationOf` it) in one transaction. A repeated report answers the creation
   * recorded; a generation failed already gets no creation. Null when there is no such generation.
   */
  complete(id: string, report: Pick<GenerationEntity, 'caption' | 'engine'>, creationOf: (generation: GenerationEntity) => NewCreation): Promise<Completion | null> {
    return this.generations.manager.transaction(async (tx) => {
      const generation = await tx.findOne(GenerationEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!generation) return null;
      const existing = await this.creations.byId(id, tx);
      if (existing) return { generation, creation: existing };
      if (generation.status === 'failed') return { generation, creation: null };
      generation.status = 'completed';
      generation.caption = report.caption;
      generation.engine = report.engine;
      generation.failureReason = null;
      await tx.save(generation);
      return { generation, creation: await this.creations.add(creationOf(generation), tx) };
    });
  }

  /**
   * Marks a generation in flight (queued or active) failed with `reason`, under its row lock; any
   * other stays as it is. The generation after, and whether this call failed it; null when there is none.
   */
  fail(id: string, reason: string): Promise<{ generation: GenerationEntity; failedNow: boolean } | null> {
    return this.generations.manager.transaction(async (tx) => {
      const generation = await tx.findOne(GenerationEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!generation) return null;
      if (generation.status !== 'queued' && generation.status !== 'active') return { generation, failedNow: false };
      generation.status = 'failed';
      generation.failureReason = reason;
      await tx.save(generation);
      return { generation, failedNow: true };
    });
  }

  /** Records that a failed generation's charge was given back; true for the one call that recorded it. */
  async markRefunded(id: string): Promise<boolean> {
    const { affected } = await this.generations.update({ id, refundedAt: IsNull() }, { refundedAt: new Date() });
    return Boolean(affected);
  }

  /** The newest failed generations. */
  newestFailed(take: number): Promise<GenerationEntity[]> {
    return this.generations.find({ where: { status: 'failed' }, order: { createdAt: 'DESC', id: 'DESC' }, take });
  }

  /** The oldest generations still in flight (queued or active) accepted before `before`. */
  inFlightAcceptedBefore(before: Date, take: number): Promise<GenerationEntity[]> {
    return this.generations.find({ where: { status: In(['queued', 'active']), createdAt: LessThan(before) }, order: { createdAt: 'ASC' }, take });
  }

  /** The failed generations whose charge is not given back yet, the longest failed first. */
  unrefundedFailures(take: number): Promise<GenerationEntity[]> {
    return this.generations.find({ where: { status: 'failed', refundedAt: IsNull() }, order: { updatedAt: 'ASC' }, take });
  }
}
