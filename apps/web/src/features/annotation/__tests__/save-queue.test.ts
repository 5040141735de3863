import { describe, expect, it } from 'vitest';
import { annotationDocumentSchema, emptyAnnotationDocument } from '@sightline/domain';
import { SaveQueue, type KeyValue, type QueuedSave } from '../utils/save-queue';
import { documentToShapes, shapesToDocument } from '../utils/document-mapping';
import type { Shape } from '../canvas/types';

const memory = (): KeyValue & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
};

describe('SaveQueue', () => {
  it('keeps saves while offline and flushes them in order when back online', async () => {
    let online = false;
    const sent: QueuedSave[] = [];
    const kv = memory();
    const q = new SaveQueue(7, { put: async (s) => (sent.push(s), { rev: s.rev + 1 }) }, kv, () => online);
    await q.save({ imageId: 'a', rev: 0, document: emptyAnnotationDocument() });
    await q.save({ imageId: 'b', rev: 3, document: emptyAnnotationDocument() });
    await q.save({ imageId: 'a', rev: 0, document: { ...emptyAnnotationDocument(), label: 5 } });
    expect(q.status).toBe('queued');
    expect(sent).toHaveLength(0);
    // A reload: a new queue over the same storage still has both.
    const again = new SaveQueue(
      7,
      { put: async (s) => (sent.push(s), { rev: s.rev + 1 }) },
      kv,
      () => online,
    );
    expect(again.pending().map((p) => p.imageId)).toEqual(['b', 'a']);
    expect(again.queuedFor('a')!.document.label).toBe(5);
    online = true;
    await again.flush();
    expect(sent.map((s) => [s.imageId, s.rev])).toEqual([
      ['b', 3],
      ['a', 0],
    ]);
    expect(again.status).toBe('saved');
    expect(kv.data.size).toBe(0);
    await again.save({ imageId: 'a', rev: 0, document: emptyAnnotationDocument() });
    expect(sent[2]!.rev).toBe(1);
  });

  it('keeps a save that failed with a network error', async () => {
    let fail = true;
    const q = new SaveQueue(
      1,
      {
        put: async () => {
          if (fail) throw new TypeError('Failed to fetch');
          return { rev: 1 };
        },
      },
      memory(),
    );
    await q.save({ imageId: 'x', rev: 0, document: emptyAnnotationDocument() });
    expect(q.status).toBe('queued');
    expect(q.pending()).toHaveLength(1);
    fail = false;
    await q.flush();
    expect(q.pending()).toHaveLength(0);
  });
});

describe('document mapping', () => {
  it('round-trips shapes through a valid document', () => {
    const shapes: Shape[] = [
      {
        id: 'r',
        type: 'rectangle',
        classId: '3',
        points: [
          { x: 40, y: 30 },
          { x: 10, y: 5 },
        ],
      },
      {
        id: 'p',
        type: 'polygon',
        classId: '4',
        points: [
          { x: 1, y: 1 },
          { x: 9, y: 1 },
          { x: 5, y: 8 },
        ],
      },
      {
        id: 'c',
        type: 'circle',
        classId: '3',
        points: [
          { x: 50, y: 50 },
          { x: 10, y: 10 },
        ],
      },
      {
        id: 'b',
        type: 'path',
        classId: '3',
        points: [
          { x: 1, y: 1 },
          { x: 30, y: 30 },
        ],
        width: 6,
      },
      {
        id: 'g',
        type: 'region',
        classId: '',
        points: [
          { x: 0, y: 0 },
          { x: 20, y: 20 },
        ],
      },
      {
        id: 'm',
        type: 'mask',
        classId: '4',
        points: [],
        mask: { rect: { x: 10, y: 10, w: 2, h: 2 }, bits: new Uint8Array([1, 1, 1, 1]) },
      },
    ];
    const doc = annotationDocumentSchema.parse(shapesToDocument(shapes, { label: null }));
    expect(doc.objects.map((o) => o.type)).toEqual(['rectangle', 'polygon', 'polygon', 'path', 'polygon']);
    expect(doc.objects[0]).toMatchObject({ x1: 10, y1: 5, x2: 40, y2: 30, classId: 3 });
    expect(doc.regions).toEqual([{ id: 'g', x1: 0, y1: 0, x2: 20, y2: 20 }]);
    const back = documentToShapes(doc).shapes;
    expect(back.map((s) => s.type)).toEqual(['rectangle', 'polygon', 'polygon', 'path', 'polygon', 'region']);
    expect(back[4]!.points).toHaveLength(4);
  });
});
