import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { imageKeys } from '@/features/images/image-keys';
import type { Image } from '@/lib/types';
import { downloadCreation } from './download';
import { shareCreation } from './share';

export interface PendingAction {
  /** True while the action runs (the button shows a spinner and is disabled). */
  pending: boolean;
  run: () => Promise<void>;
}

/** An async action with its running state; the action reports its own errors. */
function usePendingAction(action: () => Promise<unknown>): PendingAction {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await action();
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}

/** Share one creation through its public link (see shareCreation), with its running state. */
export function useShareCreation(image: Image, trendName: string, caption?: string): PendingAction {
  const queryClient = useQueryClient();
  return usePendingAction(async () => {
    await shareCreation(image, trendName, caption);
    // Sharing made (or reused) the public link: the Public link box on screen shows it at once.
    await queryClient.invalidateQueries({ queryKey: imageKeys.shareLink(image.id) });
  });
}

/** Download one creation (see downloadCreation), with its running state. */
export function useDownloadCreation(image: Image, trendName: string): PendingAction {
  return usePendingAction(() => downloadCreation(image, trendName));
}
