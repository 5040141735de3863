// current_project / current_line are JSON cookies so a new tab reopens the same place (SPEC §4).
import Cookies from 'js-cookie';
import { getAppConfig } from '../config/app-config';
import type { ProjectLine, UserProject } from './types';

const PROJECT = 'current_project';
const LINE = 'current_line';

function readJson<T>(name: string): T | null {
  const raw = Cookies.get(name);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

const opts = () => ({ secure: getAppConfig().ssl, sameSite: 'Lax' as const, path: '/' });

export const savedProjectId = (): number | null => readJson<{ id: number }>(PROJECT)?.id ?? null;
export const savedLineId = (): number | null => readJson<{ id: number }>(LINE)?.id ?? null;

export function saveCurrent(project: UserProject | null, line: ProjectLine | null): void {
  if (project)
    Cookies.set(
      PROJECT,
      JSON.stringify({ id: project.id, code: project.code, title: project.title }),
      opts(),
    );
  else Cookies.remove(PROJECT, { path: '/' });
  if (line) Cookies.set(LINE, JSON.stringify({ id: line.id, code: line.code ?? null }), opts());
  else Cookies.remove(LINE, { path: '/' });
}
