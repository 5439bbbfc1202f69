/**
 * The images service's data access: every read and write of the `images` schema is a method of a
 * repository here (Nest providers, one per aggregate); the domain services (generations,
 * creations, share links, photos, the sweeper) call these and hold no SQL, no DataSource and no
 * transaction.
 *
 * One style, as trends and billing: TypeORM. Every table is an entity (entities.ts, held to the
 * migrations by the migrations-drift check); a repository reads and writes through its
 * `Repository<Entity>` and TypeORM's query builder (keyset pages with a `to_char` cursor column,
 * `orIgnore` for ON CONFLICT DO NOTHING). A change that must commit as one runs in
 * `manager.transaction`, with row locks (`pessimistic_write`) where a status changes once however
 * often it is reported, and hands its EntityManager to the repositories it calls within (a
 * generation's completion records its creation).
 *
 * Two hand-written statements remain, because TypeORM has no API for them:
 * - acceptance (GenerationRepository.accept) calls `images.accept_generation`, which records a
 *   generation and charges it (billing's `billing.charge_generation`) in one transaction and ONE
 *   round trip: acceptance's benchmark goal (p50 ≤ 10 ms, ≥ 300/s) allows no more;
 * - a share link's `pg_advisory_xact_lock` (ShareLinkRepository.activeOrNew), which lets one
 *   member's requests take turns before the row they would make exists to lock.
 */
import { CreationRepository } from './creation.repository.js';
import { GenerationRepository } from './generation.repository.js';
import { PhotoRepository } from './photo.repository.js';
import { ShareLinkRepository } from './share-link.repository.js';

export { CreationRepository, GenerationRepository, PhotoRepository, ShareLinkRepository };
export type { NewCreation, PagedCreation } from './creation.repository.js';
export type { Acceptance, Completion, NewGeneration } from './generation.repository.js';
export type { NewPhoto, PhotoAnalysis, PhotoChange } from './photo.repository.js';

/** The Nest providers of every images repository. */
export const imagesRepositories = [CreationRepository, GenerationRepository, PhotoRepository, ShareLinkRepository];
