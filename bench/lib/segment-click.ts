// click_to_mask_ms for bench/canvas.ts: the server's half (the image embedding, onnxruntime-node on the
// default encoder) is computed here once; the browser's half is timed in Chromium: onnxruntime-web runs
// the default decoder for a click and the logits become an image mask (maskFromLogits), as the
// workspace does after the embedding is cached. The image is a real NEU steel defect when /work/data is
// there, else a generated one.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { Page } from 'playwright-core';

const root = resolve(import.meta.dirname, '../..');
const modelDir = join(root, 'apps/web/public/models/segment');
const ortDir = join(root, 'node_modules/onnxruntime-web/dist');

async function testImage(): Promise<{ png: Buffer; name: string }> {
  const dir = '/work/data/neu_cls/test/patches';
  if (existsSync(dir)) {
    const f = readdirSync(dir).sort()[0]!;
    return { png: await sharp(join(dir, f)).png().toBuffer(), name: `neu patches/${f}` };
  }
  const px = Buffer.alloc(200 * 200, 170);
  for (let y = 0; y < 200; y++)
    for (let x = 0; x < 200; x++) if ((x - 100) ** 2 / 1600 + (y - 90) ** 2 / 900 <= 1) px[y * 200 + x] = 60;
  return {
    png: await sharp(px, { raw: { width: 200, height: 200, channels: 1 } })
      .png()
      .toBuffer(),
    name: 'generated',
  };
}

export async function measureClickToMask(page: Page): Promise<{ ms: number | null; note: string }> {
  if (!existsSync(join(modelDir, 'decoder.onnx')))
    return { ms: null, note: 'default segmentation model missing' };
  const meta = JSON.parse(readFileSync(join(modelDir, 'segment.json'), 'utf8')) as { input_size: number };
  const { png, name } = await testImage();
  const s = meta.input_size;
  const raw = await sharp(png)
    .removeAlpha()
    .toColourspace('srgb')
    .resize(s, s, { fit: 'fill' })
    .raw()
    .toBuffer();
  const chw = new Float32Array(3 * s * s);
  for (let i = 0; i < s * s; i++) for (let c = 0; c < 3; c++) chw[c * s * s + i] = raw[i * 3 + c]! / 255;
  const enc = await ort.InferenceSession.create(join(modelDir, 'encoder.onnx'));
  const t0 = performance.now();
  const out = await enc.run({ [enc.inputNames[0]!]: new ort.Tensor('float32', chw, [1, 3, s, s]) });
  const embedMs = performance.now() - t0;
  const emb = out[enc.outputNames[0]!]!;
  const { width = 200, height = 200 } = await sharp(png).metadata();

  const maskJs = (
    await build({
      entryPoints: [join(root, 'apps/web/src/features/annotation/segment/mask-from-logits.ts')],
      bundle: true,
      format: 'iife',
      globalName: 'SLMask',
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
  const files: Record<string, Buffer | string> = {
    '/': '<html><body></body></html>',
    '/mask.js': maskJs,
    '/decoder.onnx': readFileSync(join(modelDir, 'decoder.onnx')),
  };
  const server = createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0]!;
    const body = url.startsWith('/ort/') ? readFileSync(join(ortDir, url.slice(5))) : files[url];
    if (body === undefined) return void res.writeHead(404).end();
    const types: Record<string, string> = {
      '.mjs': 'text/javascript',
      '.js': 'text/javascript',
      '.wasm': 'application/wasm',
    };
    res.writeHead(200, { 'Content-Type': types[extname(url)] ?? 'text/html' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.addScriptTag({ url: '/mask.js' });
    const result = await page.evaluate(
      `(async () => {
        const ort = await import('/ort/ort.wasm.min.mjs');
        ort.env.wasm.wasmPaths = '/ort/';
        ort.env.wasm.numThreads = 1;
        const session = await ort.InferenceSession.create('/decoder.onnx', { executionProviders: ['wasm'] });
        const emb = new ort.Tensor('float32', new Float32Array(${JSON.stringify(Array.from(emb.data as Float32Array))}), ${JSON.stringify(emb.dims)});
        const W = ${width}, H = ${height};
        const clicks = [];
        const times = [];
        let area = 0;
        const pts = [[0.5, 0.45, 1], [0.55, 0.5, 1], [0.1, 0.1, 0], [0.45, 0.4, 1], [0.9, 0.9, 0], [0.6, 0.55, 1]];
        for (let k = 0; k < 12; k++) {
          const [x, y, type] = pts[k % pts.length];
          const cs = [...clicks, { x: x * W, y: y * H, type }].slice(-3);
          const t0 = performance.now();
          const coords = new Float32Array(cs.flatMap((c) => [c.x / W, c.y / H]));
          const labels = new Float32Array(cs.map((c) => c.type));
          const out = await session.run({
            [session.inputNames[0]]: emb,
            [session.inputNames[1]]: new ort.Tensor('float32', coords, [1, cs.length, 2]),
            [session.inputNames[2]]: new ort.Tensor('float32', labels, [1, cs.length]),
          });
          const m = out[session.outputNames[0]];
          const mask = SLMask.maskFromLogits(m.data, m.dims[3], W, H, cs);
          times.push(performance.now() - t0);
          area = mask ? mask.bits.reduce((a, b) => a + b, 0) : 0;
          clicks.push(cs[cs.length - 1]);
        }
        times.sort((a, b) => a - b);
        return { median: times[Math.floor(times.length / 2)], max: times[times.length - 1], first: times[0], area };
      })()`,
    );
    const r = result as { median: number; max: number; area: number };
    return {
      ms: Math.round(r.median * 10) / 10,
      note: `${name}: decoder + mask median of 12 clicks (max ${Math.round(r.max)} ms, last mask ${r.area} px); embedding once on the server ${Math.round(embedMs)} ms`,
    };
  } finally {
    server.close();
  }
}
