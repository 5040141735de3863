// Annotation workspaces end to end (issue 16): one 100-image cf dataset (two class folders), three new
// labeling works over it (cf, od, sg). Draw every tool's shape in sg and see them after a reload, edit
// polygon points, erase part of a mask, magic wand and click segmentation on a defect (IoU against the
// drawn defect), target regions up to the limit, classify 20 images with the keyboard in cf, read-only
// result view, and the inactivity warning. Screenshots (1280×768) in e2e/screenshots/annotation-*.png.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  apiSession,
  E2E_BASE_URL,
  json,
  login,
  screenshots,
  uploadDataset,
  zipOf,
  type ZipEntry,
} from './helpers';

const W = 320;
const H = 240;
/** The defect of every image: a dark ellipse (grey 60) on a grainy grey 170 background. */
const DEFECT = { cx: 150, cy: 110, rx: 60, ry: 38 };

async function makeImage(i: number): Promise<Buffer> {
  const px = Buffer.alloc(W * H);
  let s = 1234 + i * 7919;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      s = (s * 16807) % 2147483647;
      const inside = ((x + 0.5 - DEFECT.cx) / DEFECT.rx) ** 2 + ((y + 0.5 - DEFECT.cy) / DEFECT.ry) ** 2 <= 1;
      px[y * W + x] = (inside ? 60 : 170) + (s % 7) - 3;
    }
  return sharp(px, { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();
}

async function buildZip(): Promise<Buffer> {
  const files: ZipEntry[] = [];
  for (let i = 0; i < 100; i++)
    files.push([`${i % 2 ? 'scratch' : 'good'}/img_${String(i).padStart(3, '0')}.png`, await makeImage(i)]);
  return zipOf(files);
}

interface Work {
  id: number;
  status: string;
  result_dataset_id: number | null;
}
interface Doc {
  rev: number;
  document: {
    label: number | null;
    objects: Array<{ id: string; type: string; points?: [number, number][]; x1?: number }>;
    regions: unknown[];
  };
}

let api: APIRequestContext;
let headers: Record<string, string>;
const works: Record<'cf' | 'od' | 'sg', Work> = {} as never;

async function createWork(
  projectId: number,
  datasetId: number,
  task: 'cf' | 'od' | 'sg',
  suffix: string,
): Promise<Work> {
  const w = await json<Work>(
    await api.post('/api/v2/processing', {
      headers,
      data: {
        project_id: projectId,
        kind: 'new',
        dataset_id: datasetId,
        task,
        name: `ann_${task}_${suffix}`,
        save_dir: `ann_${task}_${suffix}`,
      },
    }),
    `create ${task} work`,
  );
  for (let i = 0; i < 240; i++) {
    const cur = await json<Work>(await api.get(`/api/v2/processing/${w.id}`, { headers }), 'work');
    if (cur.status === 'done' && cur.result_dataset_id) return cur;
    expect(cur.status).not.toBe('error');
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`work ${task} did not finish`);
}

async function images(
  datasetId: number,
): Promise<Array<{ id: string; file_name: string; class_id: number | null }>> {
  const page = await json<{ data: Array<{ id: string; file_name: string; class_id: number | null }> }>(
    await api.get(`/api/v2/datasets/${datasetId}/images`, { headers, params: { perPage: 200 } }),
    'images',
  );
  return page.data;
}

async function doc(datasetId: number, imageId: string): Promise<Doc> {
  return json<Doc>(
    await api.get(`/api/v2/datasets/${datasetId}/images/${imageId}/annotation`, { headers }),
    'annotation',
  );
}

const shot = screenshots('annotation-');

/** Screen position of an image pixel in the workspace canvas. */
async function at(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([ix, iy]) => {
      const c = (
        window as unknown as {
          __annotationCanvas: { store: { get(): { viewport: { scale: number; tx: number; ty: number } } } };
        }
      ).__annotationCanvas;
      const v = c.store.get().viewport;
      const r = document.querySelector('[data-testid="annotation-canvas"]')!.getBoundingClientRect();
      return { x: r.left + ix! * v.scale + v.tx, y: r.top + iy! * v.scale + v.ty };
    },
    [x, y],
  );
}

async function drag(page: Page, a: [number, number], b: [number, number]) {
  const p = await at(page, ...a);
  const q = await at(page, ...b);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  await page.mouse.move((p.x + q.x) / 2, (p.y + q.y) / 2, { steps: 3 });
  await page.mouse.move(q.x, q.y, { steps: 3 });
  await page.mouse.up();
}

async function click(page: Page, x: number, y: number, button: 'left' | 'right' = 'left') {
  const p = await at(page, x, y);
  await page.mouse.click(p.x, p.y, { button });
}

const objectCount = (page: Page) => page.getByTestId('object-count');
const saved = (page: Page) =>
  expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });

async function openWorkspace(page: Page, task: 'cf' | 'od' | 'sg', suffix = '') {
  await page.goto(`/train/processing/${works[task].id}/${task}${suffix}`);
  await expect(page.getByTestId(`workspace-${task}`)).toBeVisible({ timeout: 20_000 });
  if (task !== 'cf') {
    await expect(page.getByTestId('current-file')).toBeVisible({ timeout: 20_000 });
    // The image's document is loaded (drawing before that would be replaced by it).
    await expect(page.getByTestId('annotation-canvas')).toHaveAttribute('data-ready', 'true', {
      timeout: 20_000,
    });
  }
}

/** Area of a polygon and its IoU with the defect ellipse, by rasterising both on the pixel grid. */
function iouWithDefect(points: [number, number][]): number {
  const inside = (x: number, y: number) => {
    let c = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i]!;
      const [xj, yj] = points[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
    }
    return c;
  };
  let inter = 0;
  let union = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const a = inside(x + 0.5, y + 0.5);
      const b = ((x + 0.5 - DEFECT.cx) / DEFECT.rx) ** 2 + ((y + 0.5 - DEFECT.cy) / DEFECT.ry) ** 2 <= 1;
      if (a && b) inter++;
      if (a || b) union++;
    }
  return inter / union;
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 768 } });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(300_000);
  const session = await apiSession(playwright, 'demo-user', test.info().project.use.baseURL ?? E2E_BASE_URL);
  ({ api, headers } = session);
  const projectId = session.projectId;
  const suffix = Date.now().toString(36);
  const datasetId = await uploadDataset(
    { api, headers, projectId },
    {
      name: `ann_src_${suffix}`,
      type: 'cf',
      purpose: 'preprocessing',
      fileName: 'ann.zip',
      zip: await buildZip(),
    },
  );
  for (const task of ['cf', 'od', 'sg'] as const)
    works[task] = await createWork(projectId, datasetId, task, suffix);
});

test('sg: every tool draws, survives a reload; polygon points edit; eraser cuts a mask; wand and clicks', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, 'demo-user');
  await openWorkspace(page, 'sg');
  await expect(objectCount(page)).toHaveText('0');

  await page.keyboard.press('r');
  await drag(page, [20, 20], [70, 60]);
  await drag(page, [230, 20], [236, 60]); // under 10 px wide: dropped
  await page.keyboard.press('c');
  await drag(page, [270, 40], [290, 40]);
  await page.keyboard.press('e');
  await drag(page, [270, 200], [300, 215]);
  await page.keyboard.press('p');
  for (const [x, y] of [
    [20, 170],
    [70, 160],
    [80, 220],
    [30, 225],
    [21, 171],
  ] as const)
    await click(page, x, y);
  await page.keyboard.press('b');
  await drag(page, [100, 200], [200, 225]);
  await expect(objectCount(page)).toHaveText('5');

  // Magic wand on the defect (threshold 15 selects the dark ellipse), kept with Enter.
  await page.keyboard.press('w');
  await click(page, DEFECT.cx, DEFECT.cy);
  await expect(page.getByTestId('wand-threshold')).toContainText('15');
  await page.keyboard.press('Enter');
  await expect(objectCount(page)).toHaveText('6');
  await shot(page, 'sg-tools');

  // Eraser: a vertical stroke through the middle of the wand mask cuts it.
  await page.keyboard.press('x');
  await drag(page, [DEFECT.cx, DEFECT.cy - 50], [DEFECT.cx, DEFECT.cy + 50]);
  await saved(page);
  await shot(page, 'sg-erased');

  await page.reload();
  await expect(page.getByTestId('current-file')).toBeVisible({ timeout: 20_000 });
  await expect(objectCount(page)).not.toHaveText('0', { timeout: 15_000 });
  const types = await page
    .getByTestId('data-item')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
  expect(types.slice(0, 5)).toEqual(['rectangle', 'polygon', 'polygon', 'polygon', 'path']);
  // The wand mask came back cut in two (the eraser went through it), as polygons.
  expect(types.length).toBe(7);
  const img = (await images(works.sg.result_dataset_id!)).sort((a, b) =>
    a.file_name.localeCompare(b.file_name),
  )[0]!;
  const before = await doc(works.sg.result_dataset_id!, img.id);
  const cut = before.document.objects.slice(5);
  expect(cut.every((o) => o.type === 'polygon')).toBe(true);
  expect(
    Math.max(...cut.flatMap((o) => o.points!.map(([x]) => x)).filter((x) => x < DEFECT.cx)),
  ).toBeLessThan(DEFECT.cx - 3);

  // Point editing: select the drawn polygon (data list), drag its second vertex.
  await page.keyboard.press('v');
  await page.getByTestId('data-item').nth(3).click();
  await drag(page, [70, 160], [100, 140]);
  await saved(page);
  const after = await doc(works.sg.result_dataset_id!, img.id);
  const poly = after.document.objects[3]!;
  expect(poly.points![1]![0]).toBeGreaterThan(95);
  expect(after.rev).toBeGreaterThan(before.rev);
  await shot(page, 'sg-point-edit');

  // Click segmentation on the next image: two positive clicks and one negative one.
  await page.keyboard.press('d');
  await expect(objectCount(page)).toHaveText('0', { timeout: 15_000 });
  await page.keyboard.press('s');
  const t0 = Date.now();
  await click(page, DEFECT.cx - 20, DEFECT.cy);
  await click(page, DEFECT.cx + 25, DEFECT.cy + 5);
  await click(page, 20, 20, 'right');
  await page.waitForTimeout(800);
  await page.keyboard.press('Enter');
  await expect(objectCount(page)).toHaveText('1', { timeout: 15_000 });
  console.log(`click segmentation: three clicks to a kept mask in ${Date.now() - t0} ms (incl. embedding)`);
  await saved(page);
  await shot(page, 'sg-click-segmentation');
  const second = (await images(works.sg.result_dataset_id!)).sort((a, b) =>
    a.file_name.localeCompare(b.file_name),
  )[1]!;
  const sam = (await doc(works.sg.result_dataset_id!, second.id)).document.objects[0]!;
  expect(sam.type).toBe('sam');
  const iou = iouWithDefect(sam.points!);
  console.log(`click segmentation IoU with the defect: ${iou.toFixed(3)}`);
  expect(iou).toBeGreaterThanOrEqual(0.7);
});

test('od: target regions stop at 10 with the message; help overlay', async ({ page }) => {
  await login(page, 'demo-user');
  await openWorkspace(page, 'od');
  await page.keyboard.press('t');
  for (let i = 0; i < 11; i++)
    await drag(
      page,
      [10 + (i % 6) * 50, 10 + Math.floor(i / 6) * 120],
      [50 + (i % 6) * 50, 90 + Math.floor(i / 6) * 120],
    );
  await expect(page.getByText(/최대 10개|at most 10/)).toBeVisible();
  await expect(objectCount(page)).toHaveText('10');
  await shot(page, 'od-regions');
  // Offline: a new region is kept in the browser (queued) and saved once the connection is back.
  await page.keyboard.press('Delete');
  await expect(objectCount(page)).toHaveText('9');
  await saved(page);
  await page.context().setOffline(true);
  await expect(page.getByTestId('offline-badge')).toBeVisible();
  await drag(page, [260, 130], [300, 200]);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'queued', { timeout: 10_000 });
  await shot(page, 'offline');
  await page.context().setOffline(false);
  await saved(page);
  const first = (await images(works.od.result_dataset_id!)).sort((a, b) =>
    a.file_name.localeCompare(b.file_name),
  )[0]!;
  expect((await doc(works.od.result_dataset_id!, first.id)).document.regions).toHaveLength(10);

  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: /단축키|Keyboard/ })).toBeVisible();
  await shot(page, 'help');
  await page.keyboard.press('Escape');
  await saved(page);
});

test('cf: classify 20 images with the keyboard', async ({ page }) => {
  await login(page, 'demo-user');
  await openWorkspace(page, 'cf');
  await expect(page.getByTestId('strip-image').first()).toBeVisible();
  for (let i = 0; i < 20; i++) await page.keyboard.press('2');
  await saved(page);
  await shot(page, 'cf');
  const ds = works.cf.result_dataset_id!;
  const detail = await json<{ classes: Array<{ id: number; name: string }> }>(
    await api.get(`/api/v2/datasets/${ds}`, { headers }),
    'dataset',
  );
  const second = detail.classes[1]!.id;
  const list = await images(ds);
  const strip = await page
    .getByTestId('strip-image')
    .evaluateAll((els) => els.slice(0, 20).map((e) => e.getAttribute('data-image-id')));
  const byId = new Map(list.map((i) => [i.id, i.class_id]));
  expect(strip.map((id) => byId.get(id!))).toEqual(Array(20).fill(second));
});

test('read-only result view blocks drawing; the inactivity warning offers an extension', async ({ page }) => {
  await login(page, 'demo-user');
  await openWorkspace(page, 'od', '/result');
  await expect(page.getByTestId('read-only-badge')).toBeVisible();
  const first = (await images(works.od.result_dataset_id!)).sort((a, b) =>
    a.file_name.localeCompare(b.file_name),
  )[0]!;
  const stored = (await doc(works.od.result_dataset_id!, first.id)).document;
  const count = String(stored.objects.length + stored.regions.length);
  await expect(objectCount(page)).toHaveText(count);
  await expect(page.getByTestId('tool-rectangle')).toBeDisabled();
  await page.keyboard.press('r');
  await drag(page, [100, 100], [200, 200]);
  await expect(objectCount(page)).toHaveText(count);
  await shot(page, 'read-only');

  await page.clock.install();
  await openWorkspace(page, 'od');
  await page.clock.fastForward('09:01');
  const warning = page.getByRole('dialog', { name: /편집 세션|editing session/ });
  await expect(warning).toBeVisible();
  await shot(page, 'inactivity-warning');
  await page.getByTestId('edit-session-extend').click();
  await expect(warning).toBeHidden();
});

test('sg: an imported PNG mask (a ring with a hole) is drawn in the workspace', async ({ page }) => {
  test.setTimeout(180_000);
  // Images with the defect and its mask: white on the ellipse except a hole in the middle.
  const ring = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const d = ((x + 0.5 - DEFECT.cx) / DEFECT.rx) ** 2 + ((y + 0.5 - DEFECT.cy) / DEFECT.ry) ** 2;
      ring[y * W + x] = d <= 1 && d > 0.25 ? 255 : 0;
    }
  const maskPng = await sharp(ring, { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();
  const suffix = Date.now().toString(36);
  const projectId = (
    await json<{ id: number }[]>(await api.get('/api/projects', { headers }), 'projects')
  )[0]!.id;
  const datasetId = await uploadDataset(
    { api, headers, projectId },
    {
      name: `ann_sgmask_${suffix}`,
      type: 'sg',
      purpose: 'preprocessing',
      // A new labeling needs 100 images: every one has the same ring mask.
      zip: await zipOf(
        (
          await Promise.all(
            Array.from({ length: 100 }, async (_, i): Promise<ZipEntry[]> => {
              const stem = `ring_${String(i).padStart(3, '0')}`;
              return [
                [`images/${stem}.png`, await makeImage(i)],
                [`masks/scratch/${stem}.png`, maskPng],
              ];
            }),
          )
        ).flat(),
      ),
    },
  );
  const work = await createWork(projectId, datasetId, 'sg', `m${suffix}`);
  await login(page, 'demo-user');
  await page.goto(`/train/processing/${work.id}/sg`);
  await expect(page.getByTestId('workspace-sg')).toBeVisible({ timeout: 20_000 });
  await expect(objectCount(page)).toHaveText('1', { timeout: 15_000 });
  // The mask is drawn: a ring pixel is tinted by the class colour, the hole shows the image.
  const pixel = async (x: number, y: number) => {
    const p = await at(page, x, y);
    return page.evaluate(
      ([px, py]) => {
        const c = document.querySelector('canvas[data-layer="image"]') as HTMLCanvasElement;
        const r = c.getBoundingClientRect();
        const k = c.width / r.width;
        const d = c
          .getContext('2d')!
          .getImageData(Math.round((px! - r.left) * k), Math.round((py! - r.top) * k), 1, 1).data;
        return [d[0]!, d[1]!, d[2]!];
      },
      [p.x, p.y],
    );
  };
  await expect
    .poll(async () => {
      const [r, g, b] = await pixel(DEFECT.cx - DEFECT.rx + 8, DEFECT.cy);
      return Math.max(r, g, b) - Math.min(r, g, b);
    })
    .toBeGreaterThan(25);
  const [hr, hg, hb] = await pixel(DEFECT.cx, DEFECT.cy);
  expect(Math.max(hr, hg, hb) - Math.min(hr, hg, hb)).toBeLessThan(10);
  await shot(page, 'sg-imported-mask');
});

test('admin: a SAM-compatible encoder/decoder pair is uploaded, checked and used; a broken one is refused', async ({
  page,
}) => {
  const fixtures = new URL('../apps/server/test/segment/fixtures/', import.meta.url).pathname;
  await login(page, 'admin');
  await page.goto('/admin/algorithm/segment-model');
  const current = page.getByTestId('segment-model-current');
  await expect(current).toContainText(/기본 모델|Default model/);
  await expect(current).toContainText('128 × 128');

  // A broken encoder: the §8 onnx load error, nothing changes.
  const chooserBad = page.waitForEvent('filechooser');
  await page.getByTestId('segment-model-encoder').click();
  await (
    await chooserBad
  ).setFiles({ name: 'encoder.onnx', mimeType: 'application/octet-stream', buffer: Buffer.from('not onnx') });
  const chooserDec = page.waitForEvent('filechooser');
  await page.getByTestId('segment-model-decoder').click();
  await (await chooserDec).setFiles(`${fixtures}tiny-decoder.onnx`);
  await page.getByTestId('segment-model-upload').click();
  await expect(page.getByText(/onnx 파일을 불러오지 못했습니다|onnx file could not be loaded/)).toBeVisible();
  await expect(current).toContainText('128 × 128');
  await shot(page, 'segment-model-error');

  // The tiny pair: stored and reported with its sizes, then used for embeddings.
  const chooserEnc = page.waitForEvent('filechooser');
  await page.getByTestId('segment-model-encoder').click();
  await (await chooserEnc).setFiles(`${fixtures}tiny-encoder.onnx`);
  await page.getByTestId('segment-model-name').fill('tiny-sam');
  await page.getByTestId('segment-model-upload').click();
  await expect(current).toContainText(/업로드한 모델|Uploaded model/);
  await expect(current).toContainText('32 × 32');
  await expect(current).toContainText('[1, 4, 8, 8]');
  await shot(page, 'segment-model-uploaded');
  const info = await json<{ source: string; decoder_url: string }>(
    await api.get('/api/v2/segment/model', { headers }),
    'segment model',
  );
  expect(info.source).toBe('uploaded');
  expect((await api.get(info.decoder_url)).ok()).toBe(true);

  await page.getByRole('button', { name: /기본 모델로 되돌리기|Back to the default model/ }).click();
  await expect(current).toContainText('128 × 128');
});
