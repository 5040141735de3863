// `sightline inspect` / `simulate` against a small stand-in of the inspection API (the server side is
// tested in apps/server/test/monitoring): key header, serial per image, multipart batch, rate and errors.
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/run';

let server: Server;
let url: string;
let dir: string;
const seen: { serials: string[]; images: number }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-client-inspect-'));
  for (let i = 0; i < 3; i++) await writeFile(join(dir, `img${i}.png`), Buffer.from(`png-${i}`));
  await writeFile(join(dir, 'notes.txt'), 'not an image');
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('latin1');
    if (req.headers['x-line-key'] !== 'slk_good') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { code: 'LINE_KEY_INVALID', message: 'The line API key is wrong or has been revoked.' },
        }),
      );
      return;
    }
    // A raw body: one image, its serial in the query.
    const rawSerial = new URL(req.url!, 'http://x').searchParams.get('serial');
    const serials = rawSerial
      ? [rawSerial]
      : [...body.matchAll(/name="serial"\r\n\r\n([^\r]*)/g)].map((m) => m[1]!);
    const images = rawSerial
      ? Number(req.headers['content-type'] === 'image/png' && body.startsWith('png-'))
      : [...body.matchAll(/name="image"/g)].length;
    seen.push({ serials, images });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        data: serials.map((s) => ({
          id: `id-${s}`,
          serial_number: s,
          judgement: Number(s.slice(-1)) % 2 ? 'NG' : 'OK',
          class_name: null,
          score: 0.9,
          latency_ms: 3,
        })),
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

const cli = async (args: string[], env: Record<string, string> = {}) => {
  const out: string[] = [];
  const code = await run(args, {
    env: { SIGHTLINE_URL: url, ...env },
    stdout: (l) => out.push(l),
    stderr: () => {},
  });
  return { code, json: JSON.parse(out.at(-1)!) };
};

describe('sightline inspect / simulate', () => {
  it('inspect posts the images with one serial each and prints the judgements', async () => {
    const r = await cli([
      'inspect',
      '--line',
      'L1',
      '--key',
      'slk_good',
      '--serial',
      'SN',
      join(dir, 'img0.png'),
      join(dir, 'img1.png'),
    ]);
    expect(r.code).toBe(0);
    expect(seen.at(-1)).toEqual({ serials: ['SN-1', 'SN-2'], images: 2 });
    expect(r.json.results.map((x: { judgement: string }) => x.judgement)).toEqual(['NG', 'OK']);
  });

  it('refuses a missing line, key or serial; shows the API error of a wrong key', async () => {
    expect((await cli(['inspect', '--key', 'k', '--serial', 'S', 'f'])).json.error.code).toBe('USAGE');
    expect((await cli(['inspect', '--line', 'L1', '--serial', 'S', 'f'])).json.error.code).toBe('USAGE');
    expect(
      (await cli(['inspect', '--line', 'L1', '--key', 'k', join(dir, 'img0.png')])).json.error.code,
    ).toBe('USAGE');
    const bad = await cli([
      'inspect',
      '--line',
      'L1',
      '--key',
      'slk_bad',
      '--serial',
      'S',
      join(dir, 'img0.png'),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.json.error).toEqual({
      code: 'LINE_KEY_INVALID',
      message: 'The line API key is wrong or has been revoked.',
    });
  });

  it('simulate replays the folder at the rate with numbered serials and counts errors', async () => {
    const before = seen.length;
    const t0 = Date.now();
    const r = await cli(
      ['simulate', '--line', 'L1', '--dir', dir, '--rate', '20', '--count', '10', '--prefix', 'P'],
      {
        SIGHTLINE_LINE_KEY: 'slk_good',
      },
    );
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ sent: 10, answered: 10, ok: 5, ng: 5, errors: {} });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(400); // 10 images at 20/s: the last one leaves at 450 ms
    // Sorted: concurrent requests may reach the server out of order on a loaded machine.
    expect(
      seen
        .slice(before)
        .map((s) => s.serials[0])
        .sort(),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `P-${String(i + 1).padStart(6, '0')}`));
    const bad = await cli([
      'simulate',
      '--line',
      'L1',
      '--dir',
      dir,
      '--rate',
      '50',
      '--count',
      '3',
      '--key',
      'slk_bad',
    ]);
    expect(bad.json).toMatchObject({ sent: 3, answered: 0, errors: { LINE_KEY_INVALID: 3 } });
  });

  it('simulate --raw posts each image as the body with ?serial=', async () => {
    const before = seen.length;
    const r = await cli(
      ['simulate', '--line', 'L1', '--dir', dir, '--rate', '50', '--count', '3', '--prefix', 'R', '--raw'],
      { SIGHTLINE_LINE_KEY: 'slk_good' },
    );
    expect(r.json).toMatchObject({ sent: 3, answered: 3, errors: {} });
    expect([...seen.slice(before)].sort((a, b) => a.serials[0]!.localeCompare(b.serials[0]!))).toEqual(
      ['R-000001', 'R-000002', 'R-000003'].map((s) => ({ serials: [s], images: 1 })),
    );
  });
});
