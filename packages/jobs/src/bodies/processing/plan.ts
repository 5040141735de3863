// Pure planning of a processing work's result (no I/O): which classes the result has and where each
// source class goes, and which source images are copied, skipped or overwrite an earlier one.
export interface SourceClass {
  id: number;
  name: string;
  color: string;
  isOk: boolean;
  sortOrder: number;
}

export interface PlannedClass {
  name: string;
  color: string;
  isOk: boolean;
  sortOrder: number;
}

export interface ClassPlan {
  classes: PlannedClass[];
  /** Source class id → index into `classes`; null = the class is removed (images → Unclassified). */
  target: Map<number, number | null>;
}

export type WorkOptions =
  | { kind: 'class_merge'; classIds: number[]; resultName: string; isOk?: boolean }
  | { kind: 'class_remove'; classIds: number[] }
  | { kind: 'new' | 'merge' | 'copy' };

/** Classes of the result: the union of the sources' by name (first wins), then the merge or removal. */
export function planClasses(sources: readonly SourceClass[][], opts: WorkOptions): ClassPlan {
  const classes: PlannedClass[] = [];
  const byName = new Map<string, number>();
  const target = new Map<number, number | null>();
  for (const list of sources)
    for (const c of [...list].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)) {
      if (opts.kind === 'class_remove' && opts.classIds.includes(c.id)) {
        target.set(c.id, null);
        continue;
      }
      let name = c.name;
      let isOk = c.isOk;
      if (opts.kind === 'class_merge' && opts.classIds.includes(c.id)) {
        name = opts.resultName.trim();
        isOk = opts.isOk ?? isOk;
      }
      const key = name.toLowerCase();
      let idx = byName.get(key);
      if (idx === undefined) {
        idx = classes.length;
        classes.push({ name, color: c.color, isOk, sortOrder: classes.length });
        byName.set(key, idx);
      }
      target.set(c.id, idx);
    }
  return { classes, target };
}

/** An image already in the result, as conflicts see it. */
export interface Present {
  key: string;
  sha256: string;
  fileName: string;
}

export type ImageDecision =
  { action: 'copy' } | { action: 'skip' } | { action: 'overwrite'; replaces: string[] };

/**
 * What to do with a source image given what the result holds: an identical image (same content) is
 * never stored twice; a file of the same name (any folder) is a conflict resolved by the source's
 * resolution (overwrite replaces the earlier image, skip keeps it; without one the earlier wins).
 */
export function decideImage(
  img: { sha256: string; fileName: string },
  bySha: ReadonlyMap<string, string>,
  byName: ReadonlyMap<string, string>,
  resolution: 'overwrite' | 'skip' | null,
): ImageDecision {
  const sameContent = bySha.get(img.sha256);
  const sameName = byName.get(img.fileName.toLowerCase());
  if (!sameContent && !sameName) return { action: 'copy' };
  if (resolution !== 'overwrite') return { action: 'skip' };
  return {
    action: 'overwrite',
    replaces: [...new Set([sameContent, sameName].filter((x): x is string => !!x))],
  };
}
