// Listing image files in a folder, sorted so datasets read the same way everywhere.
import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';

export const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.bmp', '.tif', '.tiff', '.webp']);

export async function listImages(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => IMAGE_EXTENSIONS.has(extname(n).toLowerCase()))
    .sort()
    .map((n) => join(dir, n));
}

export async function listDirs(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).sort();
  const out: string[] = [];
  for (const n of names) if (!n.startsWith('.') && (await stat(join(dir, n))).isDirectory()) out.push(n);
  return out;
}

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

export function stem(path: string): string {
  const base = path.split('/').pop()!;
  return base.slice(0, base.length - extname(base).length);
}
