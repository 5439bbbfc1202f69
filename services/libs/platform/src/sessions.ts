import { createHash } from 'node:crypto';

/** How a session token is named everywhere but the member's cookie: its SHA-256, hex (auth's Redis key, session.ended). */
export const sessionTokenDigest = (token: string): string => createHash('sha256').update(token).digest('hex');
