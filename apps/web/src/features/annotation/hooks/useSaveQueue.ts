// One SaveQueue per dataset (localStorage first, then PUT), flushed when the browser comes back online.
import { useEffect, useMemo, useState } from 'react';
import { putDocument } from '../api/workspace.api';
import { SaveQueue, type SaveStatus } from '../utils/save-queue';

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export function useSaveQueue(datasetId: number | null | undefined): {
  queue: SaveQueue | null;
  status: SaveStatus;
  online: boolean;
} {
  const online = useOnline();
  const queue = useMemo(
    () =>
      datasetId == null
        ? null
        : new SaveQueue(
            datasetId,
            {
              put: async (s) => {
                const view = await putDocument(s.datasetId, s.imageId, {
                  rev: s.rev,
                  document: s.document,
                  ...(s.confirmed != null ? { confirmed: s.confirmed } : {}),
                });
                return { rev: view.rev };
              },
            },
            window.localStorage,
            () => navigator.onLine,
          ),
    [datasetId],
  );
  const [status, setStatus] = useState<SaveStatus>(queue?.status ?? 'saved');
  useEffect(() => {
    if (!queue) return;
    setStatus(queue.status);
    const off = queue.onStatus(setStatus);
    void queue.flush();
    return off;
  }, [queue]);
  useEffect(() => {
    if (online) void queue?.flush();
  }, [online, queue]);
  return { queue, status, online };
}
