import { Injectable, OnModuleInit } from '@nestjs/common';
import { argon2id, hash, needsRehash, verify } from 'argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** argon2id hashing. Unknown accounts are verified against a dummy hash so both answers take as long. */
@Injectable()
export class Passwords implements OnModuleInit {
  private dummyHash = '';

  async onModuleInit() {
    this.dummyHash = await this.hash('timing-equaliser, never a password');
  }

  hash(password: string): Promise<string> {
    return hash(password, { type: argon2id, ...params });
  }

  /** Verifies against the stored hash, or against the dummy hash when there is none (same cost, always false). */
  async verify(storedHash: string | undefined, password: string): Promise<boolean> {
    const matches = await verify(storedHash ?? this.dummyHash, password).catch(() => false);
    return storedHash !== undefined && matches;
  }

  /** True when the hash was made with other parameters than today's (upgraded on the next login). */
  needsRehash(storedHash: string): boolean {
    return needsRehash(storedHash, params);
  }
}
