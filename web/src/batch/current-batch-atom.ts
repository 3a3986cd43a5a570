import { atom, useAtom } from "jotai";
import { useCallback } from "react";
import { useCurrentUser } from "../auth/use-current-user";

/** The batch in 'Current Batch Status', with whose it is: another account signed in on this tab never sees it. */
const currentBatchAtom = atom<{ userId: string; batchId: string } | null>(null);

/**
 * The batch started on /batch in this visit, shown in 'Current Batch Status' until another one is started, and kept
 * when the user opens its results and comes back. Null: the screen shows the newest batch still processing, if any.
 */
export function useCurrentBatchId() {
  const { user } = useCurrentUser();
  const [current, setCurrent] = useAtom(currentBatchAtom);
  const userId = user?.id;
  const set = useCallback((batchId: string) => userId && setCurrent({ userId, batchId }), [userId, setCurrent]);
  return [current && current.userId === userId ? current.batchId : null, set] as const;
}
