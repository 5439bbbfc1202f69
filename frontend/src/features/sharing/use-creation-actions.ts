import { useState } from 'react';
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
  return usePendingAction(() => shareCreation(image, trendName, caption));
}

/** Download one creation (see downloadCreation), with its running state. */
export function useDownloadCreation(image: Image, trendName: string): PendingAction {
  return usePendingAction(() => downloadCreation(image, trendName));
}
