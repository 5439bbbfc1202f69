import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { Response } from 'express';
import { ErrorCode, isUuid, MaxArchiveImages, type Creation } from '@trendforge/contracts';
import { fail, type ObjectStorage } from '@trendforge/platform';
import { downloadName, fileTimestamp } from './export.js';

export const ArchiveIdsMessage = `ids must list 1 to ${MaxArchiveImages} image ids, separated by commas`;

/** `?ids=a,b,c` as image ids: 1 to MaxArchiveImages of them, each a uuid (ownership is the images service's to check). */
export function archiveIds(raw: unknown): string[] {
  const ids = typeof raw === 'string' && raw !== '' ? raw.split(',').map((id) => id.trim().toLowerCase()) : [];
  if (ids.length < 1 || ids.length > MaxArchiveImages || !ids.every(isUuid)) fail(ErrorCode.BadRequest, ArchiveIdsMessage);
  return ids;
}

/** The single download names (export.ts), made unique inside one archive: `name.png`, `name-2.png`, ... */
export function entryNames(creations: Creation[]): string[] {
  const used = new Set<string>();
  return creations.map((creation) => {
    const name = downloadName(creation, 'image/png');
    let unique = name;
    for (let n = 2; used.has(unique); n++) unique = name.replace(/\.png$/, `-${n}.png`);
    used.add(unique);
    return unique;
  });
}

/** `trendforge-creations-20250314-093005.zip` (UTC). */
export const archiveName = (now = new Date()) => `trendforge-creations-${fileTimestamp(now)}.zip`;

/**
 * Streams the creations' PNGs as one ZIP, one file at a time (never all in memory, nor all open at
 * once). Every file is checked to exist first, so a missing one is a clean 404 and not a broken
 * archive. PNGs are compressed already: stored as they are. A client that goes away stops it.
 */
export async function streamArchive(creations: Creation[], storage: ObjectStorage, res: Response): Promise<void> {
  const present = await Promise.all(creations.map((creation) => storage.exists(creation.resultKey)));
  if (present.includes(false)) fail(ErrorCode.NotFound, 'Image Not Found');
  const names = entryNames(creations);
  res.set({
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename="${archiveName()}"`,
    'cache-control': 'private, no-cache',
    'x-content-type-options': 'nosniff',
  });
  const zip = new ZipArchive({ store: true });
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) {
      gone.abort();
      zip.abort();
    }
  });
  zip.pipe(res);
  try {
    for (const [i, creation] of creations.entries()) {
      const object = await storage.stream(creation.resultKey);
      zip.append(object.stream as Readable, { name: names[i], date: new Date(creation.createdAt) });
      await once(zip, 'entry', { signal: gone.signal });
    }
    await zip.finalize();
  } catch (error) {
    if (gone.signal.aborted) return;
    // Headers are out: all that is left is to cut the download short, so the client sees it failed.
    res.destroy(error as Error);
  }
}
