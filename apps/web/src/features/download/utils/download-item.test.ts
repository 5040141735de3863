import { describe, expect, it } from 'vitest';
import {
  clampProgress,
  downloadFileUrl,
  downloadRowState,
  initialDownloadTab,
  removalDays,
} from './download-item';

describe('download item rules', () => {
  it('maps statuses to the three row states', () => {
    expect(downloadRowState('success')).toBe('success');
    expect(downloadRowState('error')).toBe('error');
    expect(downloadRowState('progress')).toBe('progress');
    expect(downloadRowState('waiting')).toBe('progress');
  });

  it('counts removal days from the expiry date, rounded up, never below 0', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(removalDays({ expired_date: '2026-01-13T12:00:00Z' }, now)).toBe(3);
    expect(removalDays({ expired_date: '2026-01-12T00:00:00Z' }, now)).toBe(2);
    expect(removalDays({ expired_date: '2026-01-04T00:00:00Z' }, now)).toBe(0);
  });

  it('clamps progress', () => {
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(140)).toBe(100);
    expect(clampProgress(null)).toBe(0);
    expect(clampProgress(42.4)).toBe(42);
  });

  it('builds the file link from image base, project code, username, job id and file name', () => {
    const item = { project_code: 'PRJ-1', job_id: 'j17', file_name: 'set a.zip' };
    expect(downloadFileUrl('/images/', item, 'kim')).toBe('/images/PRJ-1/download/kim/j17/set%20a.zip');
    expect(
      downloadFileUrl('/images', { ...item, download_path: '/PRJ-1/download/kim/j17/a.zip?t=x' }, 'kim'),
    ).toBe('/images/PRJ-1/download/kim/j17/a.zip?t=x');
  });

  it('opens on Result only under processing routes', () => {
    expect(initialDownloadTab('/train/processing/:id/cf /train/processing/4/cf')).toBe('result');
    expect(initialDownloadTab('/train/dataset/:id /train/dataset/3')).toBe('dataset');
  });
});
