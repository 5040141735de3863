// The prediction-image drawer: a child process at nice 19 that draws what the server process would
// (same pixels), started on first use and again after it dies; the renderer stores its drawings.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, readBuffer } from '@sightline/storage';
import { DrawerProcess, drawerEntry } from '../../src/features/monitoring/drawer-process';
import { predictionImage } from '../../src/features/monitoring/prediction-image';
import { PredictionRenderer } from '../../src/features/monitoring/prediction-renderer';

const verdict = {
  judgement: 'NG' as const,
  className: 'scratch',
  score: 0.91,
  result: { boxes: [{ x1: 4, y1: 6, x2: 40, y2: 30, class_name: 'scratch', score: 0.91 }] },
};
let original: Buffer;
let dir: string;
let drawer: DrawerProcess;

/** A process's nice value (field 19 of /proc/PID/stat). */
const niceOf = (pid: number) => {
  const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[16]);
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-drawer-test-'));
  original = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
  const entry = drawerEntry();
  expect(entry).not.toBeNull();
  drawer = new DrawerProcess(entry!);
});

afterAll(async () => {
  await drawer.close();
  await rm(dir, { recursive: true, force: true });
});

describe('prediction drawer process', () => {
  it('draws the same image as the server process would, at nice 19', async () => {
    const jpeg = await drawer.draw(original, verdict);
    expect(jpeg.equals(await predictionImage(original, verdict))).toBe(true);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(niceOf(drawer.pid!)).toBe(19);
  }, 60_000);

  it('rejects what it cannot draw and keeps drawing', async () => {
    await expect(drawer.draw(Buffer.from('not an image'), verdict)).rejects.toThrow();
    expect((await drawer.draw(original, verdict)).length).toBeGreaterThan(100);
  }, 60_000);

  it('starts again after it was killed', async () => {
    const first = drawer.pid!;
    process.kill(first, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    const jpeg = await drawer.draw(original, verdict);
    expect(drawer.pid).not.toBe(first);
    expect(jpeg.length).toBeGreaterThan(100);
  }, 60_000);

  it('the renderer stores what the drawer draws', async () => {
    const storage = new LocalStorage(join(dir, 'storage'));
    const renderer = new PredictionRenderer(storage, drawer);
    const row = { ...verdict, originalKey: 'o/1', predictionKey: 'p/1.jpg' };
    renderer.later(row, original);
    await renderer.idle();
    const stored = await readBuffer(storage, 'p/1.jpg');
    expect(stored?.equals(await predictionImage(original, verdict))).toBe(true);
  }, 60_000);
});
