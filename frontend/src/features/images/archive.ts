import { triggerDownload } from '@/features/sharing/save-file';

export function archiveUrl(ids: readonly string[]): string {
  return `/api/images/archive?ids=${ids.map(encodeURIComponent).join(',')}`;
}

/**
 * Downloads the selected creations as one ZIP. A plain same-origin link lets the browser stream
 * the archive to disk instead of holding up to 100 PNGs in memory; the server names the file.
 */
export function downloadArchive(ids: readonly string[]): void {
  if (ids.length) triggerDownload(archiveUrl(ids));
}
