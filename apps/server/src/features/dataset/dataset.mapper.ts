// Rows → API shapes of packages/domain/src/dataset/schemas.ts (never send DB rows).
import type { DatasetClass, DatasetImage, DatasetSummary } from '@sightline/domain';
import type { DatasetClassRow, DatasetImageRow, DatasetRow } from '@sightline/db';
import type { DatasetStats } from './dataset.repository';

export const mapDatasetSummary = (d: DatasetRow, s: DatasetStats): DatasetSummary => ({
  id: d.id,
  project_id: d.projectId,
  name: d.name,
  type: d.type,
  purpose: d.purpose,
  image_count: Number(s.imageCount),
  folder_count: Number(s.folderCount),
  class_count: Number(s.classCount),
  locked: Boolean(s.locked),
  created_at: d.createdAt.toISOString(),
  updated_at: d.updatedAt.toISOString(),
});

export const mapClass = (c: DatasetClassRow, imageCount: number): DatasetClass => ({
  id: c.id,
  name: c.name,
  color: c.color,
  is_ok: c.isOk,
  order: c.sortOrder,
  image_count: Number(imageCount),
});

export const mapImage = (i: DatasetImageRow, token: string): DatasetImage => ({
  id: i.id,
  file_name: i.fileName,
  folder_id: i.folderId,
  class_id: i.classId,
  width: i.width,
  height: i.height,
  channels: i.channels,
  format: i.format,
  size: i.sizeBytes,
  hash: i.sha256,
  edited: i.edited,
  confirmed: i.confirmed,
  augmented: i.augmented,
  prediction: i.prediction ?? null,
  verification: i.verification ?? null,
  class_score: i.classScore,
  thumb_url: `/api/v2/images/${i.id}/thumb?t=${token}`,
  original_url: `/api/v2/images/${i.id}/original?t=${token}`,
  created_at: i.createdAt.toISOString(),
});
