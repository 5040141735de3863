// sightline-vision train|eval|predict|export|group|check over dataset folders. Progress goes to
// stderr; the result is one JSON object on the last stdout line.
import { parseArgs } from 'node:util';
import { VISION_TASKS, type VisionTask } from '@sightline/domain';
import { exportModel } from './artifact/export';
import { checkParity } from './artifact/parity';
import { readDataset } from './dataset/read';
import { listImages } from './dataset/files';
import type { Region } from './dataset/types';
import { VisionError } from './errors';
import { evaluate } from './evaluate';
import { group } from './group';
import { loadModel } from './infer/model';
import { checkTrainer } from './trainer/driver';
import { train } from './train';

const USAGE = `usage:
  sightline-vision train   --task cf|od|sg|ad --data DIR --out MODEL_DIR [--param key=value ...] [--algorithm ID]
                           [--regions x,y,w,h;...] [--init-from MODEL_DIR] [--init-weights FILE.pt] [--no-resume]
  sightline-vision eval    --model MODEL_DIR --data DIR [--param key=value ...]
  sightline-vision predict --model MODEL_DIR IMAGE... [--param key=value ...]
  sightline-vision export  --model MODEL_DIR --out DIR [--full]
  sightline-vision group   --data IMAGE_DIR --param k=N
  sightline-vision check   [--model MODEL_DIR]`;

function parseParams(list: string[] = []): Record<string, number> {
  const out: Record<string, number> = {};
  for (const kv of list) {
    const [k, v] = kv.split('=');
    if (!k || v === undefined || !Number.isFinite(Number(v)))
      throw new VisionError('PARAM_INVALID', `--param expects key=number, got ${kv}`);
    out[k] = Number(v);
  }
  return out;
}

function parseRegions(s?: string): Region[] | undefined {
  if (!s) return undefined;
  return s.split(';').map((r) => {
    const [x, y, width, height] = r.split(',').map(Number);
    return { x: x!, y: y!, width: width!, height: height! };
  });
}

const log = (s: string) => process.stderr.write(s + '\n');

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      task: { type: 'string' },
      data: { type: 'string' },
      out: { type: 'string' },
      model: { type: 'string' },
      param: { type: 'string', multiple: true },
      algorithm: { type: 'string' },
      regions: { type: 'string' },
      'init-from': { type: 'string' },
      'init-weights': { type: 'string' },
      'no-resume': { type: 'boolean' },
      full: { type: 'boolean' },
    },
  });
  const params = parseParams(values.param);
  const need = (v: string | undefined, name: string) => {
    if (!v) throw new VisionError('USAGE', `--${name} is required\n${USAGE}`);
    return v;
  };
  switch (command) {
    case 'train': {
      const task = need(values.task, 'task') as VisionTask;
      if (!VISION_TASKS.includes(task))
        throw new VisionError('USAGE', `--task must be one of ${VISION_TASKS.join(', ')}`);
      const data = await readDataset(task, need(values.data, 'data'), 'train');
      data.regions = parseRegions(values.regions);
      const ac = new AbortController();
      process.once('SIGINT', () => ac.abort());
      process.once('SIGTERM', () => ac.abort());
      const res = await train(data, params, {
        outDir: need(values.out, 'out'),
        algorithmId: values.algorithm,
        initFrom: values['init-from'],
        initWeights: values['init-weights'],
        resume: !values['no-resume'],
        signal: ac.signal,
        onProgress: (p) =>
          log(
            `[${p.phase}] ${p.percent.toFixed(1)}%${p.epoch ? ` epoch ${p.epoch}/${p.epochs}` : ''}${p.loss != null ? ` loss ${p.loss.toFixed(4)}` : ''}${p.metrics ? ` ${JSON.stringify(p.metrics)}` : ''}`,
          ),
      });
      return {
        modelDir: res.modelDir,
        task,
        metrics: res.manifest.metrics,
        epochs: res.manifest.history.length,
        seconds: res.manifest.trainer.seconds,
        warnings: res.manifest.warnings ?? [],
      };
    }
    case 'eval': {
      const model = await loadModel(need(values.model, 'model'));
      const data = await readDataset(model.manifest.task, need(values.data, 'data'), 'eval');
      const res = await evaluate(model, data, { params, onProgress: (d, t) => log(`evaluated ${d}/${t}`) });
      await model.close();
      return { images: res.images.length, seconds: res.seconds, ...res.metrics };
    }
    case 'predict': {
      const model = await loadModel(need(values.model, 'model'));
      const images =
        positionals.length === 1 && !/\.\w+$/.test(positionals[0]!)
          ? await listImages(positionals[0]!)
          : positionals;
      const preds = await model.predict(images, { params });
      await model.close();
      return preds.map((p, i) => {
        const image = images[i];
        if (p.task === 'sg') return { image, task: 'sg', regions: p.regions };
        if (p.task === 'ad')
          return { image, task: 'ad', score: p.score, anomalous: p.anomalous, threshold: p.threshold };
        return { image, ...p };
      });
    }
    case 'export':
      return {
        files: await exportModel(need(values.model, 'model'), need(values.out, 'out'), { full: values.full }),
      };
    case 'group': {
      const images = await listImages(need(values.data, 'data'));
      return group(images, { params });
    }
    case 'check': {
      const trainer = await checkTrainer();
      if (!values.model) return { trainer };
      const model = await loadModel(values.model);
      const parity = await checkParity(model);
      await model.close();
      return { trainer, parity };
    }
    default:
      throw new VisionError('USAGE', USAGE);
  }
}

main(process.argv.slice(2)).then(
  (result) => {
    process.stdout.write(JSON.stringify(result) + '\n');
  },
  (err: unknown) => {
    const e =
      err instanceof VisionError ? err : new VisionError('INTERNAL', (err as Error).stack ?? String(err));
    process.stdout.write(JSON.stringify({ error: { code: e.code, message: e.message } }) + '\n');
    process.exitCode = e.code === 'USAGE' ? 64 : 1;
  },
);
