import type { Response } from 'express';
import type { CachedAnswer } from './catalogue.js';

/**
 * Answers a cached read through Nest with its strong ETag; Express then turns a matching
 * If-None-Match into a 304 (it keeps an ETag already set instead of computing its weak one).
 */
export function withEtag<T>(res: Response, answer: CachedAnswer<T>): T {
  res.setHeader('ETag', answer.etag);
  return answer.value;
}
