// Live learning updates over server-sent events (TRAIN_ROUTES.learningEvents / projectLearningEvents).
// EventSource cannot send headers, so the access token travels as ?access_token= like /api/jobs/{id}/events.
import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  TRAIN_ROUTES,
  isTerminalStatus,
  learningListItemSchema,
  learningProgressEventSchema,
  routePath,
  type LearningDetail,
  type LearningListItem,
  type LearningProgressEvent,
  type PageOf,
} from '@sightline/domain';
import { buildUrl } from '../../../api/client';
import { getToken } from '../../../api/token';
import { learningKeys } from './learning-keys';

type Handlers = Record<string, (data: unknown) => void>;

/** Opens an event stream and calls the handler of each named event with its parsed JSON; returns close(). */
export function openEventStream(
  path: string,
  query: Record<string, string | number>,
  handlers: Handlers,
): () => void {
  const ES = (globalThis as { EventSource?: typeof EventSource }).EventSource;
  if (!ES) return () => undefined;
  const token = getToken();
  const source = new ES(buildUrl(path, { ...query, access_token: token ?? undefined }));
  for (const [name, fn] of Object.entries(handlers)) {
    source.addEventListener(name, (e) => {
      try {
        fn(JSON.parse((e as MessageEvent<string>).data));
      } catch {
        // A malformed event is skipped; the next one carries the full state again.
      }
    });
  }
  return () => source.close();
}

/** Puts a changed list item into every cached list page and the detail; false when no page held it. */
export function applyStatus(qc: QueryClient, item: LearningListItem): boolean {
  let found = false;
  for (const [key, page] of qc.getQueriesData<PageOf<LearningListItem>>({ queryKey: learningKeys.lists() })) {
    if (!page?.data) continue;
    const i = page.data.findIndex((r) => r.id === item.id);
    if (i < 0) continue;
    found = true;
    const data = page.data.slice();
    data[i] = item;
    qc.setQueryData(key, { ...page, data });
  }
  qc.setQueryData<LearningDetail>(learningKeys.detail(item.id), (old) => (old ? { ...old, ...item } : old));
  return found;
}

/** The list page: every training of the project changes in place without reload. */
export function useProjectLearningEvents(projectId: number | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (projectId == null) return;
    let refetch: ReturnType<typeof setTimeout> | null = null;
    const close = openEventStream(
      routePath(TRAIN_ROUTES.projectLearningEvents.path),
      { project_id: projectId },
      {
        status: (raw) => {
          const parsed = learningListItemSchema.safeParse(raw);
          if (!parsed.success) return;
          const known = applyStatus(qc, parsed.data);
          // A new training (another tab or user) or a finished one moves queue positions: reload the pages once.
          if (!known || isTerminalStatus(parsed.data.status)) {
            if (refetch) clearTimeout(refetch);
            refetch = setTimeout(() => void qc.invalidateQueries({ queryKey: learningKeys.lists() }), 300);
          }
        },
      },
    );
    return () => {
      if (refetch) clearTimeout(refetch);
      close();
    };
  }, [projectId, qc]);
}

/**
 * The model page: progress events (phase, epoch, step, loss, images/s, ETA) go to `onProgress`; status events
 * update the cached detail. The detail (with its history) is reloaded when an epoch ends — a new epoch number
 * in either event, or an epoch's metric — and when the training finishes.
 */
export function useLearningEvents(
  id: number,
  enabled: boolean,
  onProgress: (e: LearningProgressEvent) => void,
) {
  const qc = useQueryClient();
  const progressRef = useRef(onProgress);
  progressRef.current = onProgress;
  useEffect(() => {
    if (!enabled || id <= 0) return;
    let lastEpoch: number | null | undefined;
    let lastMetricEpoch: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let close = () => undefined as void;
    const reloadNow = () => void qc.invalidateQueries({ queryKey: learningKeys.detail(id) });
    // At most one reload in flight per burst of events.
    const reload = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        reloadNow();
      }, 250);
    };
    const seeEpoch = (epoch: number | null) => {
      if (epoch === null) return;
      if (lastEpoch !== undefined && epoch !== lastEpoch) reload();
      lastEpoch = epoch;
    };
    close = openEventStream(
      routePath(TRAIN_ROUTES.learningEvents.path, { id }),
      {},
      {
        progress: (raw) => {
          const parsed = learningProgressEventSchema.safeParse(raw);
          if (!parsed.success) return;
          const e = parsed.data;
          progressRef.current(e);
          seeEpoch(e.epoch);
          if (e.metric != null && e.epoch !== lastMetricEpoch) {
            lastMetricEpoch = e.epoch;
            reload();
          }
        },
        status: (raw) => {
          const parsed = learningListItemSchema.safeParse(raw);
          if (!parsed.success) return;
          applyStatus(qc, parsed.data);
          seeEpoch(parsed.data.epoch);
          if (isTerminalStatus(parsed.data.status)) {
            // The server closes the stream at a terminal status; EventSource would reconnect, so close here.
            close();
            reloadNow();
            void qc.invalidateQueries({ queryKey: learningKeys.lists() });
          }
        },
      },
    );
    return () => {
      if (timer) clearTimeout(timer);
      close();
    };
  }, [id, enabled, qc]);
}
