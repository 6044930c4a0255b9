import type { Attendance } from '@ps/contracts';
import { onlineManager, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { myDayKeys } from './api';
import type { StoredAttendance, StoredDay } from './optimistic';
import { withSent } from './optimistic';
import { createOutbox, type Outbox } from './outbox';
import type { QueuedAction } from './queue';
import { sendAction } from './send';
import { queueKey, saveAttendance, saveDay } from './storage';

/** One sender per user in the page (outbox.ts): every screen of the feature shares it. */
const outboxes = new Map<number, Outbox>();

/** Writes what the API answered into the day's copies on screen and on the phone, so nothing flickers back. */
function writeAnswer(queryClient: QueryClient, userId: number, action: QueuedAction, answer: unknown) {
  const request = action.request;
  if (request.kind === 'clockIn' || request.kind === 'clockOut') {
    const record = answer as Attendance | undefined;
    if (!record) return;
    const stored: StoredAttendance = { day: record.day, record, savedAt: new Date().toISOString() };
    queryClient.setQueryData(myDayKeys.today(userId, record.day), stored);
    saveAttendance(localStorage, userId, stored);
    return;
  }
  for (const [key, copy] of queryClient.getQueriesData<StoredDay>({ queryKey: myDayKeys.days(userId) })) {
    if (!copy) continue;
    const updated = withSent(copy, request, (answer ?? {}) as { status?: string; place_name?: string; moved_at?: string });
    if (updated === copy) continue;
    queryClient.setQueryData(key, updated);
    saveDay(localStorage, userId, String(key[3]), updated);
  }
}

function outboxFor(userId: number, queryClient: QueryClient): Outbox {
  let outbox = outboxes.get(userId);
  if (!outbox) {
    outbox = createOutbox({
      store: localStorage,
      userId,
      send: sendAction,
      onSent: (action, answer) => writeAnswer(queryClient, userId, action, answer),
      onDrained: () => void queryClient.invalidateQueries({ queryKey: myDayKeys.all }),
      // Tried again after a while only while online; offline, the `online` event sends it.
      schedule: (run, ms) => {
        const timer = setTimeout(() => {
          if (onlineManager.isOnline()) run();
        }, ms);
        return () => clearTimeout(timer);
      },
    });
    outboxes.set(userId, outbox);
  }
  return outbox;
}

const none: readonly QueuedAction[] = [];
const noSubscription = () => () => undefined;

/** Whether the browser says it is online (the same signal that pauses and resumes the screen's reads). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}

/**
 * The signed-in user's queue and its sender. It sends when a screen of the feature opens (the app's start for a
 * driver, who lands on My day), when the connection returns, and after each action added; another tab's changes to
 * the stored queue are read at once.
 */
export function useOutbox(userId: number | undefined): { queue: readonly QueuedAction[]; outbox: Outbox | null } {
  const queryClient = useQueryClient();
  const outbox = userId === undefined ? null : outboxFor(userId, queryClient);
  const queue = useSyncExternalStore(outbox ? outbox.subscribe : noSubscription, outbox ? outbox.getSnapshot : () => none);
  useEffect(() => {
    if (!outbox || userId === undefined) return;
    void outbox.flush();
    const stopOnline = onlineManager.subscribe((online) => {
      if (online) void outbox.flush();
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === queueKey(userId)) outbox.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopOnline();
      window.removeEventListener('storage', onStorage);
    };
  }, [outbox, userId]);
  return { queue, outbox };
}
