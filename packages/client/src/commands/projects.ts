// `sightline projects` and `sightline algorithms [--task cf|od|sg|ad] [--project CODE]`.
import {
  algorithmRecordSchema,
  dataOf,
  defaultAlgorithmFor,
  listOf,
  userProjectSchema,
  VISION_TASKS,
  type AlgorithmRecord,
  type UserProject,
  type VisionTask,
} from '@sightline/domain';
import { z } from 'zod';
import type { ApiClient } from '../api';
import type { Ctx } from '../context';
import { CliError, usage } from '../errors';

export const listProjects = (api: ApiClient) =>
  api.json('GET', '/api/projects', dataOf(z.array(userProjectSchema)));

export async function projectsCommand(ctx: Ctx) {
  const { data } = await listProjects(ctx.api);
  return { projects: data.map((p) => ({ id: p.id, code: p.code, title: p.title })) };
}

/** The project with this code (or id), or the first project when none is given. */
export async function findProject(api: ApiClient, codeOrId?: string): Promise<UserProject> {
  const { data } = await listProjects(api);
  const p = codeOrId ? data.find((x) => x.code === codeOrId || String(x.id) === codeOrId) : data[0];
  if (!p)
    throw new CliError(
      'PROJECT_NOT_FOUND',
      codeOrId ? `No project with code ${codeOrId}` : 'You have no project',
    );
  return p;
}

export function parseTask(v: string | undefined): VisionTask | undefined {
  if (v === undefined) return undefined;
  if (!(VISION_TASKS as readonly string[]).includes(v))
    throw usage(`--task must be one of ${VISION_TASKS.join(', ')}`);
  return v as VisionTask;
}

/** Training algorithms of the project (admin rows, scoped to it), optionally of one task. */
export async function trainingAlgorithms(
  api: ApiClient,
  projectId: number,
  task?: VisionTask,
): Promise<AlgorithmRecord[]> {
  const { data } = await api.json('GET', '/api/algorithms', listOf(algorithmRecordSchema), {
    query: { projectId, kind: 'training', workType: task, perPage: 100 },
  });
  return data.data;
}

/** The task's default: the row running the engine's default algorithm, else the first row of the task. */
export function pickDefault(rows: readonly AlgorithmRecord[], task: VisionTask): AlgorithmRecord | undefined {
  const key = defaultAlgorithmFor(task).id;
  const ofTask = rows.filter((r) => r.workType === task);
  return ofTask.find((r) => r.engineKey === key) ?? ofTask[0];
}

export async function algorithmsCommand(ctx: Ctx, o: { task?: string; project?: string }) {
  const task = parseTask(o.task);
  const project = await findProject(ctx.api, o.project);
  const rows = await trainingAlgorithms(ctx.api, project.id, task);
  const defaults = new Set(VISION_TASKS.map((t) => pickDefault(rows, t)?.id));
  return {
    project: { id: project.id, code: project.code },
    algorithms: rows.map((r) => ({
      id: r.id,
      engine_key: r.engineKey,
      task: r.workType,
      name: r.name.en,
      default: defaults.has(r.id),
      train_params: (r.trainParams as { key: string; default: number; min: number; max: number }[]).map(
        ({ key, default: d, min, max }) => ({ key, default: d, min, max }),
      ),
    })),
  };
}
