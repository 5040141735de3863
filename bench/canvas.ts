// Canvas bench: `npm run bench -- canvas [--seconds 3]`. Bundles the annotation canvas module
// (apps/web/src/features/annotation/canvas) with esbuild, opens it in Debian's Chromium, and measures
// frames per second while panning and zooming a 2048² image with 1,000 and with 5,000 polygons, and
// the latency from a click to a mask with the click-segmentation decoder (when the default model is
// built: packages/trainer segment export). The last line is one JSON object.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '3' } } });
const seconds = Number(values.seconds);
const root = resolve(import.meta.dirname, '..');

async function bundle(entry: string, globalName: string): Promise<string> {
  const out = await build({
    entryPoints: [resolve(root, entry)],
    bundle: true,
    format: 'iife',
    globalName,
    write: false,
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

const canvasJs = await bundle('apps/web/src/features/annotation/canvas/canvas.ts', 'SLCanvas');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-timer-throttling'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 768 } });
await page.setContent(
  '<html><body style="margin:0"><div id="host" style="width:1000px;height:720px"></div></body></html>',
);
await page.addScriptTag({ content: canvasJs });
await page.addScriptTag({ content: readFileSync(resolve(root, 'bench/lib/canvas-page.js'), 'utf8') });

interface FpsResult {
  fps: number;
  frames: number;
  drawMsP95: number;
  shapeRenders: number;
  renderMsMedian: number;
}

// The in-page measurement, plain JavaScript (tsx would add helpers the page does not have).

async function measure(count: number): Promise<FpsResult> {
  return page.evaluate(
    ([c, s]) =>
      (globalThis as unknown as { __measure(c: number, s: number): Promise<FpsResult> }).__measure(c, s),
    [count, seconds] as const,
  );
}

const r1000 = await measure(1000);
console.log(JSON.stringify({ polygons: 1000, ...r1000 }));
const r5000 = await measure(5000);
console.log(JSON.stringify({ polygons: 5000, ...r5000 }));

// Click → mask with the default click-segmentation decoder (onnxruntime-web in the page).
let clickToMask: number | null = null;
let segmentNote = 'default segmentation model not built (npm run build:segment)';
const segBench = resolve(root, 'bench/lib/segment-click.ts');
if (existsSync(segBench)) {
  const { measureClickToMask } = (await import(segBench)) as {
    measureClickToMask(
      p: typeof page,
      read: typeof readFileSync,
    ): Promise<{ ms: number | null; note: string }>;
  };
  const res = await measureClickToMask(page, readFileSync);
  clickToMask = res.ms;
  segmentNote = res.note;
}
console.log(JSON.stringify({ click_to_mask_ms: clickToMask, note: segmentNote }));
await browser.close();
console.log(
  JSON.stringify({
    fps_1000: r1000.fps,
    fps_5000: r5000.fps,
    draw_ms_p95_1000: r1000.drawMsP95,
    draw_ms_p95_5000: r5000.drawMsP95,
    full_render_ms_1000: r1000.renderMsMedian,
    full_render_ms_5000: r5000.renderMsMedian,
    click_to_mask_ms: clickToMask,
    segment: segmentNote,
  }),
);
