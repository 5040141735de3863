// evaluation.export: the Result-tab download of an evaluation — predictions.csv, predictions.json (metrics,
// classes and one entry per image) and the overlay PNGs (overlays/<file stem>.png), zipped into
// downloads/{job id}.zip like a dataset download.
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { asc, eq } from 'drizzle-orm';
import { evaluationResults, evaluations, type Db } from '@sightline/db';
import { downloadKey, readBuffer, type Storage } from '@sightline/storage';

export interface EvaluationExportInput {
  db: Db;
  storage: Storage;
  jobId: string;
  evaluationId: number;
  progress(pct: number, message?: string): Promise<void>;
  signal?: AbortSignal;
}

const csvCell = (v: unknown) => {
  const s = v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export async function exportEvaluationZip(input: EvaluationExportInput) {
  const { db, storage, jobId, evaluationId } = input;
  const [ev] = await db.select().from(evaluations).where(eq(evaluations.id, evaluationId));
  if (!ev) throw new Error(`evaluation ${evaluationId} no longer exists`);
  const rows = await db
    .select()
    .from(evaluationResults)
    .where(eq(evaluationResults.evaluationId, evaluationId))
    .orderBy(asc(evaluationResults.fileName), asc(evaluationResults.id));
  const className = (i: number | null) =>
    i == null ? '' : ev.task === 'ad' ? (i === 1 ? 'NG' : 'OK') : (ev.classes[i]?.name ?? String(i));
  const header = [
    'file_name',
    'image_id',
    'true_class',
    'predicted_class',
    'score',
    'correct',
    'pred_boxes',
    'true_boxes',
    'overlay',
  ];
  const stem = (f: string) => f.replace(/\.[^.]+$/, '');
  const lines = [header.join(',')];
  for (const r of rows)
    lines.push(
      [
        r.fileName,
        r.imageId,
        className(r.trueClass),
        className(r.predictedClass),
        r.score,
        r.correct,
        r.predBoxes,
        r.trueBoxes,
        r.overlayKey ? `overlays/${stem(r.fileName)}.png` : '',
      ]
        .map(csvCell)
        .join(','),
    );
  const json = {
    evaluation: {
      id: ev.id,
      name: ev.name,
      model: ev.modelName,
      dataset: ev.datasetName,
      task: ev.task,
      threshold: ev.threshold,
      params: ev.params,
    },
    classes: ev.classes,
    metrics: ev.metrics,
    detail: ev.detail,
    images: rows.map((r) => ({
      file_name: r.fileName,
      image_id: r.imageId,
      true_class: r.trueClass,
      predicted_class: r.predictedClass,
      score: r.score,
      correct: r.correct,
      pred_boxes: r.predBoxes,
      true_boxes: r.trueBoxes,
    })),
  };

  const zip = new yazl.ZipFile();
  const tmp = join(tmpdir(), `sightline-eval-export-${jobId}.zip`);
  const out = createWriteStream(tmp);
  const written = pipeline(zip.outputStream, out);
  zip.addBuffer(Buffer.from(lines.join('\n') + '\n'), 'predictions.csv');
  zip.addBuffer(Buffer.from(JSON.stringify(json, null, 2)), 'predictions.json');
  const withOverlay = rows.filter((r) => r.overlayKey);
  let done = 0;
  const used = new Set<string>();
  for (const r of withOverlay) {
    input.signal?.throwIfAborted();
    const overlay = await readBuffer(storage, r.overlayKey!);
    if (overlay) {
      let name = `overlays/${stem(r.fileName)}.png`;
      if (used.has(name)) name = `overlays/${stem(r.fileName)}-${r.id}.png`;
      used.add(name);
      zip.addBuffer(overlay, name, { compress: false });
    }
    done++;
    if (done % 50 === 0)
      await input.progress((done / withOverlay.length) * 90, `${done}/${withOverlay.length}`);
  }
  zip.end();
  await written;
  try {
    const size = (await stat(tmp)).size;
    const key = downloadKey(jobId);
    await storage.put(key, { path: tmp }, { contentType: 'application/zip' });
    await input.progress(100, 'done');
    return { file_name: `${ev.name}.zip`, key, size, images: rows.length };
  } finally {
    await rm(tmp, { force: true });
  }
}
