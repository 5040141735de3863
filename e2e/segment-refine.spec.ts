// Refining click segmentation on a project's masks (issue 16), in the sg workspace: an sg dataset of 100
// images with their masks (a dark ellipse at a different place in each) gives the project its masked
// images; the workspace's model box refines the default pair on them (the segment.refine job in the
// server's worker, 180 s by default; SEGMENT_REFINE_SECONDS=90 gave held-out IoU 0.50 -> 0.71), shows the
// progress and the held-out IoU, the 'sam' tool then loads the project's refined decoder, and "back to the default"
// reverts it. Screenshots (1280×768): e2e/screenshots/segment-refine-*.png.
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
const ellipse = (i: number) => ({ cx: 90 + ((i * 37) % 140), cy: 70 + ((i * 53) % 100), rx: 50, ry: 30 });

async function sample(i: number): Promise<[Buffer, Buffer]> {
  const e = ellipse(i);
  const px = Buffer.alloc(W * H);
  const mask = Buffer.alloc(W * H);
  let s = 4321 + i * 7919;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      s = (s * 16807) % 2147483647;
      const inside = ((x + 0.5 - e.cx) / e.rx) ** 2 + ((y + 0.5 - e.cy) / e.ry) ** 2 <= 1;
      px[y * W + x] = (inside ? 95 : 150) + (s % 21) - 10;
      mask[y * W + x] = inside ? 255 : 0;
    }
  const png = (b: Buffer) =>
    sharp(b, { raw: { width: W, height: H, channels: 1 } })
      .png()
      .toBuffer();
  return [await png(px), await png(mask)];
}

let api: APIRequestContext;
let headers: Record<string, string>;
let projectId = 0;
let workId = 0;
const shot = screenshots('segment-refine-');
const modelUrl = () => `/api/v2/projects/${projectId}/segment-model`;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 768 } });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(300_000);
  const session = await apiSession(playwright, 'demo-user', test.info().project.use.baseURL ?? E2E_BASE_URL);
  ({ api, headers, projectId } = session);
  const suffix = Date.now().toString(36);
  const files: ZipEntry[] = [];
  for (let i = 0; i < 100; i++) {
    const [img, mask] = await sample(i);
    const stem = `ell_${String(i).padStart(3, '0')}`;
    files.push([`images/${stem}.png`, img], [`masks/defect/${stem}.png`, mask]);
  }
  const datasetId = await uploadDataset(session, {
    name: `segref_${suffix}`,
    type: 'sg',
    purpose: 'preprocessing',
    zip: await zipOf(files),
  });
  const w = await json<{ id: number }>(
    await api.post('/api/v2/processing', {
      headers,
      data: {
        project_id: projectId,
        kind: 'new',
        dataset_id: datasetId,
        task: 'sg',
        name: `segref_${suffix}`,
        save_dir: `segref_work_${suffix}`,
      },
    }),
    'create sg work',
  );
  for (let i = 0; i < 240; i++) {
    const cur = await json<{ status: string; result_dataset_id: number | null }>(
      await api.get(`/api/v2/processing/${w.id}`, { headers }),
      'work',
    );
    if (cur.status === 'done' && cur.result_dataset_id) break;
    expect(cur.status).not.toBe('error');
    await new Promise((r) => setTimeout(r, 500));
  }
  workId = w.id;
});

test.afterAll(async () => {
  // Other specs click-segment in the same project: leave it on the default pair.
  await api.delete(modelUrl(), { headers });
  await api.dispose();
});

async function at(page: Page, x: number, y: number) {
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

test('the sg workspace refines click segmentation on the project masks, uses it, and reverts', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await api.delete(modelUrl(), { headers }); // a refined pair left by an earlier run
  await login(page, 'demo-user');
  await page.goto(`/train/processing/${workId}/sg`);
  await expect(page.getByTestId('workspace-sg')).toBeVisible({ timeout: 20_000 });
  const panel = page.getByTestId('segment-model-panel');
  await expect(panel).toHaveAttribute('data-active', 'default', { timeout: 15_000 });
  await expect(page.getByTestId('segment-refine')).toBeEnabled();

  await page.getByTestId('segment-refine').click();
  await expect(page.getByTestId('segment-refine-progress')).toBeVisible({ timeout: 15_000 });
  await expect(panel).toContainText('IoU', { timeout: 120_000 }); // the trainer's first steps
  await shot(page, 'running');
  await expect(panel).toHaveAttribute('data-active', 'refined', { timeout: 360_000 });
  const state = await json<{ refined: { id: string; iou_before: number; iou_after: number } }>(
    await api.get(modelUrl(), { headers }),
    'segment model',
  );
  console.log(`held-out IoU default ${state.refined.iou_before} -> refined ${state.refined.iou_after}`);
  await expect(page.getByTestId('segment-refined-iou')).toContainText('→');

  // The 'sam' tool now loads the project's refined decoder and keeps a mask from three clicks.
  const decoder = page.waitForRequest((r) =>
    r.url().includes(`/segment/models/${state.refined.id}/decoder.onnx`),
  );
  await expect(page.getByTestId('annotation-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 20_000,
  });
  const before = Number(await page.getByTestId('object-count').textContent());
  await page.keyboard.press('s');
  const e = ellipse(0);
  for (const [x, y, button] of [
    [e.cx - 15, e.cy, 'left'],
    [e.cx + 20, e.cy + 5, 'left'],
    [15, 15, 'right'],
  ] as const) {
    const p = await at(page, x, y);
    await page.mouse.click(p.x, p.y, { button });
  }
  await decoder;
  await page.waitForTimeout(800);
  await shot(page, 'refined');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('object-count')).toHaveText(String(before + 1), { timeout: 15_000 });

  await page.getByTestId('segment-revert').click();
  await expect(panel).toHaveAttribute('data-active', 'default', { timeout: 15_000 });
  await expect(page.getByTestId('segment-revert')).toHaveCount(0);
});
