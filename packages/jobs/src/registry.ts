// Maps job kinds to handlers; refuses to start when a kind has no handler or two (STYLE.md §4).
import { JOB_KINDS, type JobKind } from '@sightline/domain';
import type { JobHandler } from './handler';

// JobHandler<any>: a handler of one kind is not a JobHandler of the whole union (its ctx is narrower).
export function buildRegistry(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  list: readonly JobHandler<any>[],
  kinds: readonly string[] = JOB_KINDS,
): Map<JobKind, JobHandler> {
  const map = new Map<JobKind, JobHandler>();
  const problems: string[] = [];
  for (const h of list) {
    if (!kinds.includes(h.kind)) problems.push(`handler for unknown job kind '${h.kind}'`);
    else if (map.has(h.kind)) problems.push(`two handlers for '${h.kind}'`);
    else map.set(h.kind, h);
  }
  for (const k of kinds) if (!map.has(k as JobKind)) problems.push(`no handler for '${k}'`);
  if (problems.length) throw new Error(`job handler registry: ${problems.join('; ')}`);
  return map;
}
