import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Crown, Download, Loader2 } from 'lucide-react';
import { Export4kRefusal, Export4kRoles } from '@trendforge/contracts';
import type { Image, Role } from '@/lib/types';
import { downloadCreation, type DownloadOptions } from '@/features/sharing';
import { Button } from '@/ui/button';

/** 4K (3840 px) downloads are for Basic and above; the server refuses anyone else. */
export function canDownload4k(role: Role | undefined): boolean {
  return role !== undefined && Export4kRoles.includes(role);
}

/** Download, and 4K download or, for a free member, what 4K needs and where to get it. */
export function DetailDownloads({ image, trendName, role }: { image: Image; trendName: string; role: Role | undefined }) {
  const [busy, setBusy] = useState<'png' | '4k' | null>(null);
  const download = async (kind: 'png' | '4k', options: DownloadOptions) => {
    setBusy(kind);
    try {
      await downloadCreation(image, trendName, options);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2 [&>button]:min-w-36 [&>button]:flex-1">
        <Button variant="secondary" disabled={busy !== null} onClick={() => void download('png', {})} data-testid="detail-download">
          {busy === 'png' ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
          Download
        </Button>
        {canDownload4k(role) ? (
          <Button variant="secondary" disabled={busy !== null} onClick={() => void download('4k', { size: '4k' })} data-testid="detail-download-4k">
            {busy === '4k' ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
            Download 4K
          </Button>
        ) : null}
      </div>
      {canDownload4k(role) ? null : (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-violet-400/25 bg-violet-500/10 px-3 py-2 text-xs text-violet-100" data-testid="detail-4k-upsell">
          <Crown className="size-3.5 text-violet-300" aria-hidden />
          {Export4kRefusal}.
          <Link to="/settings/subscription" className="font-semibold text-violet-300 underline-offset-4 hover:underline">
            Upgrade
          </Link>
        </p>
      )}
    </div>
  );
}
