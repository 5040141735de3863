// cf folders: DIR/<class>/*.png|jpg|bmp. A class named ok/good/normal/pass is the OK class unless
// DIR/classes.json ([{name, ok}]) says otherwise.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { VisionError } from '../errors';
import { exists, listDirs, listImages } from './files';
import type { VisionDataset } from './types';

const OK_NAMES = /^(ok|good|normal|pass|정상|양품)$/i;
const classesFile = z.array(z.object({ name: z.string(), ok: z.boolean() }));

export async function readClassificationDir(dir: string): Promise<VisionDataset> {
  let classes = (await listDirs(dir)).map((name) => ({ name, ok: OK_NAMES.test(name) }));
  if (await exists(join(dir, 'classes.json'))) {
    classes = classesFile.parse(JSON.parse(await readFile(join(dir, 'classes.json'), 'utf8')));
  }
  if (classes.length === 0) throw new VisionError('DATA_EMPTY', `No class folders in ${dir}`);
  const items = [];
  for (const [label, c] of classes.entries()) {
    for (const path of await listImages(join(dir, c.name))) items.push({ path, label });
  }
  return { task: 'cf', classes, items };
}
