// Server side of the one access policy (packages/domain access/policy.ts). Services call these first:
// a row the actor may not even see answers 404 (existence is not revealed), an action refused on a
// visible row answers 403.
import { can, type Action, type Actor, type ResourceFacts } from '@sightline/domain';
import { AppError } from './app-error';

/** Throws 403 unless the policy allows `action` on the resource. */
export function requireCan(actor: Actor, action: Action, facts: ResourceFacts = {}): void {
  if (!can(actor, action, facts)) throw AppError.forbidden();
}

/** Throws 404 unless `readAction` is allowed (the row is invisible), then 403 unless `action` is. */
export function requireOnVisible(
  actor: Actor,
  readAction: Action,
  action: Action,
  facts: ResourceFacts,
  field?: string,
): void {
  if (!can(actor, readAction, facts)) throw AppError.notFound(field);
  if (action !== readAction && !can(actor, action, facts)) throw AppError.forbidden();
}

/** The signed-in caller as services need it: the policy's Actor plus the name the audit log shows. */
export type Caller = Actor & { username: string };
export const callerOf = (req: { actor: Actor; authUser: { username: string } }): Caller => ({
  ...req.actor,
  username: req.authUser.username,
});
