// The domain policy, asked with the signed-in user: pages hide what the server would refuse.
import { useMemo } from 'react';
import { can, type Action, type Actor, type ResourceFacts } from '@sightline/domain';
import { useSession } from '../session/store';
import type { UserInfo } from '../session/types';

export function actorOf(user: UserInfo): Actor {
  const projectPermissions: Actor['projectPermissions'] = {};
  for (const p of user.projects) projectPermissions[p.id] = p.permissions;
  return { id: user.id, roleId: user.role_id, companyId: user.company?.id ?? null, projectPermissions };
}

export function useActor(): Actor | null {
  const user = useSession((s) => s.user);
  return useMemo(() => (user ? actorOf(user) : null), [user]);
}

export function useCan() {
  const actor = useActor();
  return (action: Action, facts?: ResourceFacts) => (actor ? can(actor, action, facts) : false);
}
