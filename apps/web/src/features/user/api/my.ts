// The signed-in user's own default project (any role); the session is reloaded so the header follows.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { loadUser } from '../../../session/session-actions';

export function useSetMyDefaultProject() {
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (projectId: number | null) => api.put<unknown>('/api/my/default-project', { projectId }),
    onSuccess: () => loadUser(),
  });
}
