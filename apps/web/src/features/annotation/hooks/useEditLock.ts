// The work's edit lock while a workspace is open for editing: taken on entry, renewed every 4 minutes
// (it lives 10), given back on leave. Someone else's lock turns the workspace read only.
import { useEffect, useState } from 'react';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/api-error';

const RENEW_MS = 4 * 60_000;

export function useEditLock(workId: number, wanted: boolean): { held: boolean; lockedBy: string | null } {
  const [state, setState] = useState<{ held: boolean; lockedBy: string | null }>({
    held: false,
    lockedBy: null,
  });
  useEffect(() => {
    if (!wanted) return;
    let alive = true;
    const take = () =>
      api
        .post(`/api/v2/processing/${workId}/lock`)
        .then(() => alive && setState({ held: true, lockedBy: null }))
        .catch((err: unknown) => {
          if (!alive) return;
          if (err instanceof ApiError && err.code === 'WORK_IN_USE')
            setState({
              held: false,
              lockedBy: String((err.details as { name?: string } | undefined)?.name ?? ''),
            });
        });
    void take();
    const timer = setInterval(() => void take(), RENEW_MS);
    return () => {
      alive = false;
      clearInterval(timer);
      void api.delete(`/api/v2/processing/${workId}/lock`).catch(() => undefined);
    };
  }, [workId, wanted]);
  return state;
}
