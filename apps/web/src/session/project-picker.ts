// The current-project rule of SPEC §4, kept pure so it is unit-tested without a browser.
import type { ProjectLine, UserInfo, UserProject } from './types';

export interface Picked {
  project: UserProject | null;
  line: ProjectLine | null;
}

/**
 * Keeps the remembered project when the user still has it (and its line when still there);
 * otherwise the first project, then the default project, each with its first line.
 */
export function pickCurrent(
  user: Pick<UserInfo, 'projects' | 'default_project'>,
  savedProjectId?: number | null,
  savedLineId?: number | null,
): Picked {
  const kept = savedProjectId != null ? user.projects.find((p) => p.id === savedProjectId) : undefined;
  if (kept) {
    const line = kept.lines.find((l) => l.id === savedLineId) ?? kept.lines[0] ?? null;
    return { project: kept, line };
  }
  const project = user.projects[0] ?? user.default_project ?? null;
  return { project, line: project?.lines[0] ?? null };
}

/** An end date strictly before today (local calendar day) means the project can no longer be opened. */
export function isExpired(endDate: string | null | undefined, today: Date = new Date()): boolean {
  if (!endDate) return false;
  const end = endDate.slice(0, 10);
  const t = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return end < t;
}
