import { Controller, Get, Inject } from '@nestjs/common';
import { GENERATION_QUEUE, type GenerationQueue } from './generation-queue.js';

/**
 * GET /queue-depth on the health port: the generations waiting to render, for the autoscaler.
 * Prioritized jobs sit in a sorted set the KEDA Redis list scaler cannot count, so k8s reads this
 * with KEDA's metrics-api scaler instead (k8s/base/keda/generation-worker.yaml).
 */
@Controller('queue-depth')
export class QueueDepthController {
  constructor(@Inject(GENERATION_QUEUE) private readonly queue: GenerationQueue) {}

  @Get()
  async depth(): Promise<{ generation: { waiting: number; active: number } }> {
    const counts = await this.queue.getJobCounts('waiting', 'prioritized', 'active');
    return { generation: { waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0), active: counts.active ?? 0 } };
  }
}
