// Live learning updates over server-sent events (TRAIN_ROUTES.learningEvents / projectLearningEvents).
// EventSource cannot send headers: each connection carries a single-use ?ticket= (api/event-stream.ts).
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
import { openEventStream } from '../../../api/event-stream';
import { learningKeys } from './learning-keys';

// Each connection asks for a single-use ticket (never the access token in the URL); see api/event-stream.
export { openEventStream };

/**
 * A stream item merged into a cached one. EventSource cannot send x-locale, so the stream's texts follow the
 * browser language: the cached (UI language) algorithm name is kept; errors arrive with a terminal status,
 * which reloads the views anyway.
 */
const merge = <T extends LearningListItem>(old: T, item: LearningListItem): T => ({
  ...old,
  ...item,
  algorithm: old.algorithm.id === item.algorithm.id ? old.algorithm : item.algorithm,
});

/** Puts a changed list item into every cached list page and the detail; false when no page held it. */
export function applyStatus(qc: QueryClient, item: LearningListItem): boolean {
  let found = false;
  for (const [key, page] of qc.getQueriesData<PageOf<LearningListItem>>({ queryKey: learningKeys.lists() })) {
    if (!page?.data) continue;
    const i = page.data.findIndex((r) => r.id === item.id);
    if (i < 0) continue;
    found = true;
    const data = page.data.slice();
    data[i] = merge(data[i]!, item);
    qc.setQueryData(key, { ...page, data });
  }
  // One cached detail per UI language.
  for (const [key, old] of qc.getQueriesData<LearningDetail>({ queryKey: learningKeys.detail(item.id) }))
    if (old) qc.setQueryData<LearningDetail>(key, merge(old, item));
  return found;
}

/** The list page: every training of the project changes in place without reload. */
export function useProjectLearningEvents(projectId: number | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (projectId == null) return;
    let refetch: ReturnType<typeof setTimeout> | null = null;
    const reloadLists = () => {
      if (refetch) clearTimeout(refetch);
      refetch = setTimeout(() => void qc.invalidateQueries({ queryKey: learningKeys.lists() }), 300);
    };
    const close = openEventStream(
      routePath(TRAIN_ROUTES.projectLearningEvents.path),
      { project_id: projectId },
      {
        status: (raw) => {
          const parsed = learningListItemSchema.safeParse(raw);
          if (!parsed.success) return;
          const known = applyStatus(qc, parsed.data);
          // A new training (another tab or user) or a finished one moves queue positions: reload the pages once.
          if (!known || isTerminalStatus(parsed.data.status)) reloadLists();
        },
        // A training deleted elsewhere leaves the pages (the next one moves up).
        deleted: () => reloadLists(),
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
