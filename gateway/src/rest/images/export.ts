import { EXPORT_LONG_SIDE, renderInWorker, scaleToLongSide } from '@trendforge/imaging';
import { StorageKeys, type Creation, type CreationRenderInputs } from '@trendforge/contracts';
import { StorageNotFoundError, type ObjectStorage } from '@trendforge/platform';

/**
 * The 4K export (3840 px long side) of a creation. The studio engine is deterministic, so the
 * creation is rendered again from its stored inputs at export size, once: the file is kept in
 * storage and later downloads stream it.
 *
 * Why in the gateway and one at a time: a 4K render takes a few seconds of CPU. Running it on the
 * gateway's render thread (worker_threads, see @trendforge/imaging renderInWorker)
 * behind a single lane (other exports wait their turn; requests for the same creation share one
 * render) is the simplest option that cannot pile up renders, and needs no job round-trip through
 * the generation queue, where a download would wait behind members' generations.
 */
export class ExportRenderer {
  private lane: Promise<unknown> = Promise.resolve();
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(private readonly storage: ObjectStorage) {}

  /** The storage key of the creation's 4K file, rendering it first if needed. */
  async export4k(creation: Creation, inputs: () => Promise<CreationRenderInputs>): Promise<string> {
    const key = StorageKeys.export4k(creation.userId, creation.id);
    if (await this.storage.exists(key)) return key;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.inLane(async () => {
        if (!(await this.storage.exists(key))) await this.storage.put(key, await this.render(creation, await inputs()), 'image/png');
        return key;
      }).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private inLane<T>(task: () => Promise<T>): Promise<T> {
    const run = this.lane.then(task, task);
    this.lane = run.catch(() => undefined);
    return run;
  }

  private async render(creation: Creation, inputs: CreationRenderInputs): Promise<Buffer> {
    const photo = inputs.originalKey ? await this.storage.get(inputs.originalKey).catch(notFoundAs(null)) : undefined;
    // Re-render only what the studio engine made from inputs we still have; otherwise scale the result.
    if (inputs.engine !== 'studio' || inputs.seed === null || photo === null) {
      return scaleToLongSide(await this.storage.get(creation.resultKey), EXPORT_LONG_SIDE);
    }
    // On the render thread: the gateway keeps answering requests during the seconds of CPU.
    const { png } = await renderInWorker({
      trendSlug: inputs.trendSlug,
      trendName: inputs.trendName,
      prompt: inputs.userPrompt,
      seed: inputs.seed,
      aspect: inputs.aspect ?? undefined,
      photo,
      styleOptions: inputs.styleOptions ?? undefined,
      vibe: inputs.vibe ?? undefined,
      longSide: EXPORT_LONG_SIDE,
    });
    return png;
  }
}

const notFoundAs = <T>(value: T) => (error: unknown): T => {
  if (error instanceof StorageNotFoundError) return value;
  throw error;
};

/** A download file name: the trend and the first words of the prompt, e.g. `trendforge-pixar-a-brave-fox-4k.png`. */
export function downloadName(creation: Creation, contentType: string, suffix = ''): string {
  const words = creation.prompt.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
  const ext = contentType === 'image/jpeg' ? 'jpg' : contentType === 'image/webp' ? 'webp' : 'png';
  return ['trendforge', creation.trendSlug, words || creation.id.slice(0, 8)].join('-') + suffix + '.' + ext;
}
