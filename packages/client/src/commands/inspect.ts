// `sightline inspect` and `sightline simulate`: the camera side of the live inspection API. They need no
// user account, only the line's API key (--key or SIGHTLINE_LINE_KEY) and SIGHTLINE_URL.
//   inspect --line CODE --serial SN FILE...      one request (several files = one small batch)
//   simulate --line CODE --dir DIR --rate N      replays a folder at N images/s (open loop), prints counts,
//                                                 achieved rate and p50/p99 latency (--raw: each image as
//                                                 a raw body with ?serial=, not multipart)
import { readdir, readFile } from 'node:fs/promises';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { extname, join } from 'node:path';
import { CliError, usage } from '../errors';

const IMAGE_EXT = new Set(['.jpg', '.jpeg', '.png', '.bmp', '.tif', '.tiff', '.webp']);
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.webp': 'image/webp',
};

export interface LineTarget {
  url: string;
  line: string;
  key: string;
}

export function lineTarget(env: NodeJS.ProcessEnv, o: { line?: string; key?: string }): LineTarget {
  const url = env.SIGHTLINE_URL?.trim().replace(/\/+$/, '');
  if (!url) throw new CliError('CONFIG', 'SIGHTLINE_URL is not set (e.g. http://localhost:3000)');
  if (!o.line) throw usage('--line CODE is required');
  const key = o.key ?? env.SIGHTLINE_LINE_KEY;
  if (!key) throw usage('--key KEY (or SIGHTLINE_LINE_KEY) is required');
  return { url, line: o.line, key };
}

export interface InspectAnswer {
  id: string;
  serial_number: string;
  judgement: 'OK' | 'NG';
  class_name: string | null;
  score: number;
  latency_ms: number;
}

/** One POST of up to 16 images; rejects with the API's error. */
export async function postInspection(
  t: LineTarget,
  images: { name: string; data: Buffer; serial: string; requestId?: string }[],
  opts: { raw?: boolean } = {},
): Promise<InspectAnswer[]> {
  const url = new URL(`${t.url}/api/v2/lines/${encodeURIComponent(t.line)}/inspect`);
  // One image as the raw body with ?serial= (what most cameras send; no multipart to build or parse).
  if (opts.raw && images.length === 1) {
    const im = images[0]!;
    url.searchParams.set('serial', im.serial);
    if (im.requestId) url.searchParams.set('request_id', im.requestId);
    return sendRaw(t, url, TYPES[extname(im.name).toLowerCase()] ?? 'application/octet-stream', im.data);
  }
  const form = new FormData();
  for (const im of images) {
    form.append('serial', im.serial);
    if (im.requestId) form.append('request_id', im.requestId);
    form.append(
      'image',
      new Blob([new Uint8Array(im.data)], {
        type: TYPES[extname(im.name).toLowerCase()] ?? 'application/octet-stream',
      }),
      im.name,
    );
  }
  return send(t, url, { body: form });
}

// Raw requests go over node:http with kept-alive connections: fetch (undici) costs the camera side about
// three times the CPU per request, which on one machine (the simulator next to the server, the bench)
// is taken from the server.
const agents = {
  http: new HttpAgent({ keepAlive: true, maxSockets: 256 }),
  https: new HttpsAgent({ keepAlive: true, maxSockets: 256 }),
};

function sendRaw(t: LineTarget, url: URL, contentType: string, data: Buffer): Promise<InspectAnswer[]> {
  const https = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (https ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        agent: https ? agents.https : agents.http,
        headers: { 'x-line-key': t.key, 'content-type': contentType, 'content-length': data.length },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => reject(new CliError('NETWORK', `Cannot reach ${t.url}: ${e.message}`)));
        res.on('end', () => {
          try {
            resolve(answerOf(res.statusCode ?? 0, res.statusMessage ?? '', Buffer.concat(chunks).toString()));
          } catch (e) {
            reject(e);
          }
        });
      },
    );
    req.on('error', (e) => reject(new CliError('NETWORK', `Cannot reach ${t.url}: ${e.message}`)));
    req.end(data);
  });
}

type ApiBody = { data?: InspectAnswer[]; error?: { code: string; message: string } } | null;

function answerOf(status: number, statusText: string, text: string): InspectAnswer[] {
  let body: ApiBody;
  try {
    body = JSON.parse(text) as ApiBody;
  } catch {
    body = null;
  }
  if (status < 200 || status >= 300 || !body?.data)
    throw new CliError(body?.error?.code ?? `HTTP_${status}`, body?.error?.message ?? statusText, status);
  return body.data;
}

async function send(t: LineTarget, url: URL, o: { body: FormData }): Promise<InspectAnswer[]> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'x-line-key': t.key },
      body: o.body,
    });
  } catch (e) {
    throw new CliError('NETWORK', `Cannot reach ${t.url}: ${(e as Error).cause ?? (e as Error).message}`);
  }
  return answerOf(res.status, res.statusText, await res.text().catch(() => ''));
}

export async function inspectCommand(
  env: NodeJS.ProcessEnv,
  o: { line?: string; key?: string; serial?: string | string[] },
  files: string[],
) {
  const t = lineTarget(env, o);
  if (!files.length) throw usage('Give at least one image file');
  const serials = [o.serial ?? []].flat();
  if (serials.length !== 1 && serials.length !== files.length)
    throw usage('--serial SN is required (one, or one per file)');
  const images = await Promise.all(
    files.map(async (f, i) => ({
      name: f,
      data: await readFile(f),
      serial: serials.length === 1 && files.length > 1 ? `${serials[0]}-${i + 1}` : serials[i]!,
    })),
  );
  const data = await postInspection(t, images);
  return { line: t.line, results: data };
}

export async function listImages(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => {
      throw usage(`Cannot read the folder ${d}`);
    })) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (IMAGE_EXT.has(extname(e.name).toLowerCase())) out.push(p);
    }
  };
  await walk(dir);
  return out.sort();
}

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

export interface SimulateOptions {
  line?: string;
  key?: string;
  dir?: string;
  rate?: string;
  count?: string;
  prefix?: string;
  concurrency?: string;
  /** Each image as a raw body with ?serial= instead of a one-image multipart request. */
  raw?: boolean;
}

/**
 * Replays the folder's images at `rate` per second (a send every 1/rate s whatever the answers do, at
 * most `concurrency` in flight), `count` images (default: the folder once). Serial numbers are
 * `<prefix>-<n>`. Answers counts, the achieved rate and client-side latency quantiles.
 */
export async function simulateCommand(
  env: NodeJS.ProcessEnv,
  o: SimulateOptions,
  progress: (l: string) => void = () => {},
) {
  const t = lineTarget(env, o);
  if (!o.dir) throw usage('--dir DIR is required');
  const rate = Number(o.rate ?? 10);
  if (!(rate > 0)) throw usage('--rate must be a positive number of images per second');
  const files = await listImages(o.dir);
  if (!files.length) throw usage(`No images in ${o.dir}`);
  const count = o.count ? Number(o.count) : files.length;
  if (!Number.isInteger(count) || count < 1) throw usage('--count must be a positive whole number');
  const maxInFlight = Number(o.concurrency ?? 64);
  const prefix = o.prefix ?? `SIM-${Date.now().toString(36).toUpperCase()}`;
  const cache = new Map<string, Buffer>();
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let ok = 0;
  let ng = 0;
  let inFlight = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    while (inFlight >= maxInFlight) await Promise.race(pending);
    const file = files[i % files.length]!;
    let data = cache.get(file);
    if (!data) cache.set(file, (data = await readFile(file)));
    const serial = `${prefix}-${String(i + 1).padStart(6, '0')}`;
    inFlight++;
    const t0 = performance.now();
    const p: Promise<void> = postInspection(t, [{ name: file, data, serial }], { raw: o.raw })
      .then(([r]) => {
        latencies.push(performance.now() - t0);
        if (r!.judgement === 'NG') ng++;
        else ok++;
      })
      .catch((e: CliError) => {
        errors[e.code] = (errors[e.code] ?? 0) + 1;
      })
      .finally(() => {
        inFlight--;
        pending.splice(pending.indexOf(p), 1);
      });
    pending.push(p);
    if ((i + 1) % 100 === 0) progress(`${i + 1}/${count} sent`);
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  return {
    line: t.line,
    prefix,
    sent: count,
    answered: ok + ng,
    ok,
    ng,
    errors,
    seconds: Math.round(seconds * 100) / 100,
    rate_target: rate,
    rate_achieved: Math.round(((ok + ng) / seconds) * 10) / 10,
    p50_ms: Math.round(quantile(latencies, 0.5) * 10) / 10,
    p99_ms: Math.round(quantile(latencies, 0.99) * 10) / 10,
  };
}
