// The per-folder image counts of migration 0750 (the image grid's total, issue 14): kept by triggers on
// dataset_images, they stay exact through upload, image deletion, moves between folders, concurrent
// inserts racing folds, processing merge and copy (overwrite), and folder/dataset deletion.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runProcessingWork } from '@sightline/jobs';
import { DatasetRepository } from '../../src/features/dataset/dataset.repository';
import { pngs, zip } from './fixtures';
import { projectWithMember, setupDatasetApp, uploadDataset } from './harness';

const t = setupDatasetApp({ jobs: true });
const en = { 'x-locale': 'en' };
type Member = Awaited<ReturnType<typeof projectWithMember>>;

const api = (h: Record<string, string>, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...h, ...en } });

async function upload(p: Member, name: string, items: { name: string; data: Buffer }[]) {
  return uploadDataset(t, p.headers, { project_id: p.project.id, name, type: 'cf' }, [
    { name: `${name}.zip`, data: await zip(items) },
  ]);
}

/** Every folder in the database: the kept count equals a real count, and nothing is kept for gone folders. */
async function expectCountsExact() {
  const res = await t.db.execute(sql`
    SELECT f.id,
           (SELECT count(*) FROM dataset_images i WHERE i.folder_id = f.id)::int AS real,
           (SELECT coalesce(sum(n), 0) FROM dataset_folder_counts c WHERE c.folder_id = f.id)::int AS kept
    FROM dataset_folders f ORDER BY f.id`);
  const rows = res.rows as { id: number; real: number; kept: number }[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.filter((r) => r.real !== r.kept)).toEqual([]);
  const orphans = await t.db.execute(
    sql`SELECT count(*)::int AS n FROM dataset_folder_counts c WHERE NOT EXISTS (SELECT 1 FROM dataset_folders f WHERE f.id = c.folder_id)`,
  );
  expect((orphans.rows[0] as { n: number }).n).toBe(0);
}

/** The grid's total per folder and for the dataset, as the API answers it, against real counts. */
async function expectGridTotals(h: Record<string, string>, datasetId: number) {
  const detail = (await api(h, 'GET', `/api/v2/datasets/${datasetId}`)).json().data as {
    folders: { id: number; image_count: number }[];
  };
  const real = await t.db.execute(
    sql`SELECT folder_id, count(*)::int AS n FROM dataset_images WHERE dataset_id = ${datasetId} GROUP BY folder_id`,
  );
  const byFolder = new Map((real.rows as { folder_id: number; n: number }[]).map((r) => [r.folder_id, r.n]));
  let all = 0;
  for (const f of detail.folders) {
    const n = byFolder.get(f.id) ?? 0;
    all += n;
    expect(f.image_count).toBe(n);
    const page = await api(h, 'GET', `/api/v2/datasets/${datasetId}/images?folder_id=${f.id}&perPage=1`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.total).toBe(n);
  }
  const whole = await api(h, 'GET', `/api/v2/datasets/${datasetId}/images?filter=all&perPage=1`);
  expect(whole.json().data.total).toBe(all);
  return all;
}

describe('per-folder image counts (migration 0750)', () => {
  it('stay exact through upload, deletion, moves, merge, copy and folder/dataset deletion', async () => {
    const p = await projectWithMember(t);
    const h = p.headers;
    const imgs = await pngs(40, 52_000);
    const a = await upload(
      p,
      'counts_a',
      imgs
        .slice(0, 24)
        .map((data, i) => ({ name: `${i % 2 ? 'f1' : 'f2'}/${i < 12 ? 'ok' : 'ng'}/a${i}.png`, data })),
    );
    const b = await upload(
      p,
      'counts_b',
      imgs.slice(24, 32).map((data, i) => ({ name: `${i < 4 ? 'ok' : 'ng'}/b${i}.png`, data })),
    );
    await expectCountsExact();
    expect(await expectGridTotals(h, a)).toBe(24);
    expect(await expectGridTotals(h, b)).toBe(8);

    // Image deletion through the API.
    const ids = (await api(h, 'GET', `/api/v2/datasets/${a}/images?perPage=3`))
      .json()
      .data.data.map((i: { id: string }) => i.id);
    const del = await api(h, 'DELETE', `/api/v2/datasets/${a}/images`, { image_ids: ids });
    expect(del.json().data).toEqual({ deleted: 3 });
    await expectCountsExact();
    expect(await expectGridTotals(h, a)).toBe(21);

    // A move between folders (and one into another dataset's folder).
    const folders = await t.db.execute(
      sql`SELECT id, dataset_id FROM dataset_folders WHERE dataset_id IN (${a}, ${b}) ORDER BY dataset_id, name`,
    );
    const [fa1, fa2] = (folders.rows as { id: number; dataset_id: number }[]).filter(
      (f) => f.dataset_id === a,
    );
    const fb = (folders.rows as { id: number; dataset_id: number }[]).find((f) => f.dataset_id === b)!;
    await t.db.execute(sql`
      UPDATE dataset_images SET folder_id = ${fa2!.id}
      WHERE id IN (SELECT id FROM dataset_images WHERE folder_id = ${fa1!.id} ORDER BY file_name LIMIT 4)`);
    await t.db.execute(sql`
      UPDATE dataset_images SET folder_id = ${fb.id}, dataset_id = ${b}, class_id = NULL
      WHERE id IN (SELECT id FROM dataset_images WHERE folder_id = ${fa2!.id} ORDER BY file_name LIMIT 1)`);
    // Updates of other columns leave the counts alone.
    await t.db.execute(
      sql`UPDATE dataset_images SET confirmed = true, edited = true WHERE dataset_id = ${a}`,
    );
    await expectCountsExact();
    expect(await expectGridTotals(h, a)).toBe(20);
    expect(await expectGridTotals(h, b)).toBe(9);

    // Processing merge and copy (overwrite) fill new datasets; run in process, like the worker does.
    const runWork = async (body: object) => {
      const res = await api(h, 'POST', '/api/v2/processing', { project_id: p.project.id, ...body });
      expect(res.statusCode, res.body).toBe(201);
      const workId = res.json().data.id as number;
      await runProcessingWork({ db: t.db, storage: t.storage, workId, progress: async () => undefined });
      const row = await t.db.execute(
        sql`SELECT result_dataset_id AS id FROM processing_works WHERE id = ${workId}`,
      );
      return (row.rows[0] as { id: number }).id;
    };
    const merged = await runWork({
      kind: 'merge',
      name: 'Counts merged',
      save_dir: 'cmerged',
      dataset_ids: [a, b],
    });
    await expectCountsExact();
    expect(await expectGridTotals(h, merged)).toBe(29);
    const copied = await runWork({
      kind: 'copy',
      name: 'Counts copied',
      save_dir: 'ccopied',
      dataset_ids: [a, b],
      all: 'overwrite',
    });
    await expectCountsExact();
    expect(await expectGridTotals(h, copied)).toBe(29);

    // Folder and dataset deletion (cascades) take their counts with them.
    const inFa1 = await realCount(fa1!.id);
    expect(inFa1).toBeGreaterThan(0);
    await t.db.execute(sql`DELETE FROM dataset_folders WHERE id = ${fa1!.id}`);
    await expectCountsExact();
    expect(await expectGridTotals(h, a)).toBe(20 - inFa1);
    expect((await api(h, 'DELETE', `/api/v2/datasets/${merged}`)).statusCode).toBe(200);
    await expectCountsExact();
    const left = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM dataset_folder_counts WHERE dataset_id = ${merged}`,
    );
    expect((left.rows[0] as { n: number }).n).toBe(0);
  }, 120_000);

  it('concurrent inserts and deletes into one folder, racing folds, keep the count exact', async () => {
    const p = await projectWithMember(t);
    const d = await upload(p, 'counts_race', [{ name: 'hot/seed.png', data: (await pngs(1, 53_000))[0]! }]);
    const [folder] = (await t.db.execute(sql`SELECT id FROM dataset_folders WHERE dataset_id = ${d}`))
      .rows as { id: number }[];
    const repo = new DatasetRepository(t.db);
    const pool = new pg.Pool({ connectionString: t.url, max: 8 });
    try {
      const insertBatch = async (w: number, k: number) => {
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          await c.query(
            `INSERT INTO dataset_images (id, dataset_id, folder_id, file_name, original_name, sha256, width, height,
                                         channels, format, size_bytes)
             SELECT gen_random_uuid(), $1, $2, n, n, md5(n) || md5(n || 'x'), 8, 8, 1, 'png', 10
             FROM (SELECT 'w' || $3 || '_' || $4 || '_' || g || '.png' AS n FROM generate_series(1, 25) g) s`,
            [d, folder!.id, w, k],
          );
          // Half the batches delete a few of their own rows in the same transaction; some roll back.
          if (k % 2)
            await c.query(
              `DELETE FROM dataset_images WHERE file_name LIKE $1 AND file_name LIKE '%\\_1_.png'`,
              [`w${w}\\_${k}\\_%`],
            );
          await c.query(k % 5 === 4 ? 'ROLLBACK' : 'COMMIT');
        } finally {
          c.release();
        }
      };
      const writers = Array.from({ length: 6 }, async (_, w) => {
        for (let k = 0; k < 8; k++) await insertBatch(w, k);
      });
      const folders = Array.from({ length: 2 }, async () => {
        for (let k = 0; k < 12; k++) {
          await repo.foldImageCounts(d, folder!.id);
          await new Promise((r) => setTimeout(r, 5));
        }
      });
      await Promise.all([...writers, ...folders]);
    } finally {
      await pool.end();
    }
    await expectCountsExact();
    const real = await realCount(folder!.id);
    expect(real).toBeGreaterThan(200);
    expect(await repo.imageTotal(d, folder!.id)).toBe(real);
    expect(await expectGridTotals(p.headers, d)).toBe(real);

    // Many deltas: a read folds them into one row and the total stays.
    for (let i = 0; i < DatasetRepository.COUNT_FOLD_ROWS + 4; i++)
      await t.db.execute(
        sql`DELETE FROM dataset_images WHERE id = (SELECT id FROM dataset_images WHERE folder_id = ${folder!.id} AND file_name <> 'seed.png' LIMIT 1)`,
      );
    const pieces = async () =>
      (
        (
          await t.db.execute(
            sql`SELECT count(*)::int AS n FROM dataset_folder_counts WHERE folder_id = ${folder!.id}`,
          )
        ).rows[0] as { n: number }
      ).n;
    expect(await pieces()).toBeGreaterThan(DatasetRepository.COUNT_FOLD_ROWS);
    expect(await repo.imageTotal(d, folder!.id)).toBe(real - DatasetRepository.COUNT_FOLD_ROWS - 4);
    await repo.foldImageCounts(d, folder!.id); // the read's own fold runs off its path; make it certain
    expect(await pieces()).toBe(1);
    expect(await repo.imageTotal(d, folder!.id)).toBe(real - DatasetRepository.COUNT_FOLD_ROWS - 4);
    await expectCountsExact();
  }, 120_000);
});

async function realCount(folderId: number): Promise<number> {
  const r = await t.db.execute(
    sql`SELECT count(*)::int AS n FROM dataset_images WHERE folder_id = ${folderId}`,
  );
  return (r.rows[0] as { n: number }).n;
}
