import { QueueName } from '@trendforge/contracts';

/** An admin's queue action as the audit log records it. */
export interface QueueAction {
  action: 'queue.job.retry' | 'queue.job.remove' | 'queue.jobs.retry' | 'queue.jobs.remove';
  /** `<queue>/<job id>`, or `<queue>/<job state>` for every job in that state. */
  subject: string;
}

const queueNames = new Set<string>(Object.values(QueueName));

/**
 * The audited action a Bull Board write request is, or null when it is none of the allowed ones
 * (retry or remove one job, or every job in one state). `path` is relative to the board, e.g.
 * `/api/queues/generation/<id>/retry`; routes are tried in the order Bull Board declares them.
 */
export function auditedAction(method: string, path: string): QueueAction | null {
  if (method !== 'PUT') return null;
  const parts = path.split('/').filter(Boolean).map((part) => {
    try { return decodeURIComponent(part); } catch { return ''; }
  });
  if (parts.length !== 5 || parts[0] !== 'api' || parts[1] !== 'queues' || !queueNames.has(parts[2])) return null;
  const [, , queue, second, third] = parts;
  if (second === 'retry') return { action: 'queue.jobs.retry', subject: `${queue}/${third}` };
  if (second === 'clean') return { action: 'queue.jobs.remove', subject: `${queue}/${third}` };
  if (third === 'retry') return { action: 'queue.job.retry', subject: `${queue}/${second}` };
  if (third === 'clean') return { action: 'queue.job.remove', subject: `${queue}/${second}` };
  return null;
}
