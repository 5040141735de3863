// The line a monitoring page shows: the session's current line (the header dropdown), else the project's
// first line; a page may switch it locally with its own selector (the on-premise theme has no dropdown).
import { useEffect, useState } from 'react';
import { useSession } from '../../../session/store';
import type { ProjectLine } from '../../../session/types';

export function useMonitoringLine() {
  const project = useSession((s) => s.currentProject);
  const current = useSession((s) => s.currentLine);
  const lines = project?.lines ?? [];
  const fallback = current ?? lines[0] ?? null;
  const [line, setLine] = useState<ProjectLine | null>(fallback);
  useEffect(() => {
    setLine(current ?? project?.lines[0] ?? null);
  }, [current, project]);
  return { project, lines, line, setLine };
}

export const lineLabel = (l: ProjectLine) => l.name ?? l.title ?? l.code ?? String(l.id);
