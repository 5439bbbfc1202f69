import { ErrorCode, StorageKeys, type Creation, type CreationRenderInputs } from '@trendforge/contracts';
import { RenderTimeoutError, ServiceError, type RenderJobs } from '@trendforge/platform';

/** How long a download waits for its 4K file before answering that it is not ready yet. */
export const ExportWaitMs = 120_000;

/**
 * The 4K export (3840 px long side) of a creation. The studio engine is deterministic, so the
 * creation is rendered again from its stored inputs at export size, once: the file is kept in
 * storage and later downloads stream it.
 *
 * The render is a `renders` job that generation-worker runs (the gateway loads no engine): the
 * job id is the file's storage key, so concurrent downloads of one creation, on any gateway,
 * share one render, and it never waits behind members' generations (its own queue).
 */
export class ExportRenderer {
  constructor(private readonly renders: RenderJobs) {}

  /** The storage key of the creation's 4K file, rendered first if needed. */
  async export4k(creation: Creation, inputs: () => Promise<CreationRenderInputs>, waitMs = ExportWaitMs): Promise<string> {
    const key = StorageKeys.export4k(creation.userId, creation.id);
    try {
      await this.renders.ensure(key, async () => ({ kind: 'export4k', key, resultKey: creation.resultKey, inputs: await inputs() }), waitMs);
    } catch (error) {
      if (error instanceof RenderTimeoutError) throw new ServiceError(ErrorCode.Unavailable, 'The 4K export is still being prepared. Please try again in a minute.');
      throw error;
    }
    return key;
  }
}

/** `20261123-171900`: a moment in UTC as file names carry it. */
export const fileTimestamp = (moment: Date) => moment.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/**
 * A download file name (spec part 2 section 7: the product or style and a timestamp): the trend,
 * the first words of the prompt and when it was created, e.g. `trendforge-pixar-a-brave-fox-20261123-171900-4k.png`.
 */
export function downloadName(creation: Creation, contentType: string, suffix = ''): string {
  const words = creation.prompt.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 32).replace(/-+$/, '');
  const ext = contentType === 'image/jpeg' ? 'jpg' : contentType === 'image/webp' ? 'webp' : 'png';
  return ['trendforge', creation.trendSlug, words || creation.id.slice(0, 8), fileTimestamp(new Date(creation.createdAt))].join('-') + suffix + '.' + ext;
}
