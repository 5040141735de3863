// Where the labels of an annotated zip are: which zips carry labels, the folder they start in (a zip
// may wrap everything in one top folder), and which entries are label files rather than images.
// Pure: works on entry paths only.
import { isImageFileName, type DatasetType } from '@sightline/domain';
import { isJunkPath } from '../upload-plan';

export type AnnotatedType = 'od' | 'sg' | 'ad';

const OD_LABEL = /\.(txt|xml|json|names|ya?ml)$/i;
/** Notes that MVTec-like archives ship beside the images (license.txt, readme.txt). */
const AD_NOTE = /\.(txt|md)$/i;
const OD_MARKERS = new Set(['images', 'labels', 'annotations']);

/** The paths below `root` (root itself removed), junk skipped. */
export function under(paths: readonly string[], root: string): string[] {
  return paths.filter((p) => !isJunkPath(p) && p.startsWith(root)).map((p) => p.slice(root.length));
}

/** The one top folder every entry is in, or null. */
function wrapper(paths: readonly string[]): string | null {
  const tops = new Set(
    paths.filter((p) => !isJunkPath(p)).map((p) => (p.includes('/') ? p.split('/')[0]! : '')),
  );
  const [only] = tops;
  return tops.size === 1 && only ? `${only}/` : null;
}

const hasDir = (rel: string[], dir: string) => rel.some((p) => p.toLowerCase().startsWith(`${dir}/`));

/**
 * For a dataset type and the entry paths of one zip: the label root ('' or 'top/') when the zip carries
 * labels in a layout this type reads, else null (a plain image upload).
 */
export function annotationRoot(type: DatasetType, paths: readonly string[]): string | null {
  if (type !== 'od' && type !== 'sg' && type !== 'ad') return null;
  const w = wrapper(paths);
  if (type === 'od') {
    // A wrapper folder is the root unless it is itself the images/labels folder.
    const root = w && !OD_MARKERS.has(w.slice(0, -1).toLowerCase()) ? w : '';
    return under(paths, root).some((p) => OD_LABEL.test(p)) ? root : null;
  }
  const roots = w ? [w, ''] : [''];
  if (type === 'sg') return roots.find((root) => hasDir(under(paths, root), 'masks')) ?? null;
  // ad: MVTec (train/, test/, ground_truth/), else class folders (good/, defect/) from the zip root.
  return (
    roots.find((root) => ['train', 'test', 'ground_truth'].some((d) => hasDir(under(paths, root), d))) ?? ''
  );
}

/** ad: whether an entry below the root is a note to skip, a ground-truth mask, or an image. */
export function adEntryRole(rel: string): 'note' | 'mask' | 'image' | 'other' {
  if (rel.toLowerCase().startsWith('ground_truth/')) return isImageFileName(rel) ? 'mask' : 'other';
  if (!rel.includes('/') && AD_NOTE.test(rel)) return 'note';
  return isImageFileName(rel) ? 'image' : 'other';
}

/** od: whether an entry below the root is a label file the readers use. */
export const isOdLabelFile = (rel: string) => OD_LABEL.test(rel);

export const AD_OK_CLASS = /^(ok|good|normal|pass)$/i;

/** A class name from a label file made to follow the class name rules ('traffic light' → 'traffic_light'). */
export function cleanClassName(name: string): string {
  return name
    .trim()
    .replace(/[^0-9A-Za-z_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
}
