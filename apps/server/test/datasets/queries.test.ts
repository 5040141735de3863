// Generated SQL of the dataset repository, checked in next to it (STYLE.md §2) so a change in a query
// shows up in review. Update with `npx vitest run --project server -u test/datasets/queries.test.ts`.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { schema } from '@sightline/db';
import { DatasetRepository } from '../../src/features/dataset/dataset.repository';

// toSQL() never connects: an unused pool is enough.
const repo = new DatasetRepository(drizzle(new pg.Pool(), { schema }));

const show = (title: string, q: { toSQL(): { sql: string; params: unknown[] } }) => {
  const { sql, params } = q.toSQL();
  return `-- ${title}\n${sql};\n-- params: ${JSON.stringify(params)}\n`;
};

describe('generated SQL', () => {
  it('dataset list and image grid', async () => {
    const text = [
      show(
        'datasets of a project, searched, page 2',
        repo.listQuery(3, { search: 'bolt', purpose: 'preprocessing', page: 2, perPage: 10 }),
      ),
      show(
        'image grid: folder, unconfirmed',
        repo.imagesQuery(5, { folderId: 8, filter: 'unconfirmed', page: 1, perPage: 30 }),
      ),
      show(
        'image grid: unclassified, edited',
        repo.imagesQuery(5, { classId: 'none', filter: 'edited', page: 3, perPage: 30 }),
      ),
      show('folders with counts', repo.folders(5)),
      show('classes with counts', repo.classes(5)),
    ].join('\n');
    await expect(text).toMatchFileSnapshot('../../src/features/dataset/queries/dataset.repository.sql');
  });
});
