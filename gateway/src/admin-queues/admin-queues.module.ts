import { type DynamicModule, Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, Response } from 'express';
import { QueueName } from '@trendforge/contracts';
import { Bus, createQueue } from '@trendforge/platform';
import { Members } from '../clients/members.js';
import { Sessions } from '../common/session.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { auditedAction } from './queue-actions.js';

/** Where the queue dashboard is served: under /api so the SPA's page fallback leaves it alone. */
export const AdminQueuesPath = '/api/admin/queues';

/**
 * The queue dashboard for admins (Bull Board) over every queue: generation, traits, the weekly
 * election and the heavy renders. Signed-out callers get 401, members 403. Of the board's
 * state-changing actions only retry and remove are allowed (adding, editing, pausing or emptying a
 * queue would bypass billing and the fair queue), and each one is written to the admin audit log
 * (trends service) with the admin who asked for it. The origin check of main.ts applies to its writes.
 */
@Module({})
export class AdminQueuesModule implements OnModuleInit, OnApplicationShutdown {
  static forRoot(config: GatewayConfig): DynamicModule {
    return { module: AdminQueuesModule, providers: [{ provide: GATEWAY_CONFIG, useValue: config }] };
  }

  private readonly log = new Logger(AdminQueuesModule.name);
  private readonly queues: Queue[] = [];

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sessions: Sessions,
    private readonly members: Members,
    private readonly bus: Bus,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onModuleInit() {
    this.queues.push(...Object.values(QueueName).map((name) => createQueue(name, this.config.REDIS_URL) as Queue));
    const board = new ExpressAdapter().setBasePath(AdminQueuesPath);
    createBullBoard({
      queues: this.queues.map((queue) => new BullMQAdapter(queue, { allowRetries: true })),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'TrendForge queues', hideRedisDetails: true } },
    });
    this.adapterHost.httpAdapter.getInstance().use(AdminQueuesPath, (req: Request, res: Response, next: NextFunction) => {
      this.admit(req, res, next).catch(next);
    }, board.getRouter());
  }

  /** Admins only; a write must be a retry or a removal, and is audited before it runs. */
  private async admit(req: Request, res: Response, next: NextFunction): Promise<void> {
    const caller = await this.sessions.resolve(req);
    if (!caller) {
      res.status(401).json({ statusCode: 401, message: 'Authentication Required' });
      return;
    }
    if ((await this.members.roleOf(caller.userId)) !== 'admin') {
      res.status(403).json({ statusCode: 403, message: 'Only admins may do this' });
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const action = auditedAction(req.method, req.path);
    if (!action) {
      res.status(403).json({ statusCode: 403, message: 'Only retrying and removing jobs is allowed here' });
      return;
    }
    // Written before the action runs: an action that could not be audited does not happen.
    try {
      await this.bus.send('trends.admin.audit', { actorId: caller.userId, ...action });
    } catch (error) {
      this.log.error({ err: error, ...action, actorId: caller.userId }, 'queue action not audited; refused');
      res.status(503).json({ statusCode: 503, message: 'The action could not be audited; try again shortly' });
      return;
    }
    next();
  }

  async onApplicationShutdown() {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}
