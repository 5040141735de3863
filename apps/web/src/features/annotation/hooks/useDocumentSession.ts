// One image at a time in the canvas: load its document (a queued local copy wins over the server's),
// save it through the queue 600 ms after each change, and at once before the image changes.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnnotationDocument, DatasetImage } from '@sightline/domain';
import { flash } from '../../../components/flash';
import i18n from '../../../i18n';
import type { AnnotationCanvas } from '../canvas/canvas';
import { fetchDocument } from '../api/workspace.api';
import { fetchStoredMasks } from '../api/stored-masks';
import { documentToShapes, shapesToDocument, type StoredMask } from '../utils/document-mapping';
import type { SaveQueue } from '../utils/save-queue';

const SAVE_DELAY_MS = 600;

interface Loaded {
  imageId: string;
  rev: number;
  label: AnnotationDocument['label'];
  stored: Map<string, StoredMask>;
}

export function useDocumentSession(
  canvas: AnnotationCanvas | null,
  datasetId: number | null,
  image: DatasetImage | null,
  queue: SaveQueue | null,
  readOnly: boolean,
) {
  const loaded = useRef<Loaded | null>(null);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [ready, setReady] = useState(false);

  const saveNow = useCallback(
    async (confirmed?: boolean) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const l = loaded.current;
      if (!canvas || !queue || !l || readOnly || (!dirty.current && confirmed == null)) return;
      dirty.current = false;
      await queue.save({
        imageId: l.imageId,
        rev: l.rev,
        document: shapesToDocument(canvas.shapes(), { label: l.label }, l.stored),
        ...(confirmed != null ? { confirmed } : {}),
      });
    },
    [canvas, queue, readOnly],
  );

  useEffect(() => {
    if (!canvas) return;
    return canvas.on('change', () => {
      // Staged in local storage at once (a reload or a lost connection keeps it), sent shortly after.
      const l = loaded.current;
      if (l && queue && !readOnly)
        queue.stage({
          imageId: l.imageId,
          rev: l.rev,
          document: shapesToDocument(canvas.shapes(), { label: l.label }, l.stored),
        });
      dirty.current = true;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveNow(), SAVE_DELAY_MS);
    });
  }, [canvas, saveNow, queue, readOnly]);

  useEffect(() => {
    if (!canvas || !image || datasetId == null || !queue) return;
    let gone = false;
    setReady(false);
    const queued = queue.queuedFor(image.id);
    Promise.all([canvas.setImage(image.original_url), queued ? null : fetchDocument(datasetId, image.id)])
      .then(async ([, fetched]) => {
        if (gone) return;
        const doc = queued?.document ?? fetched!.document;
        const pixels = await fetchStoredMasks(datasetId, image.id, doc);
        if (gone) return;
        const { shapes, stored } = documentToShapes(doc, pixels);
        loaded.current = {
          imageId: image.id,
          rev: queued?.rev ?? fetched!.view.rev,
          label: doc.label,
          stored,
        };
        dirty.current = false;
        canvas.setShapes(shapes);
        setReady(true);
      })
      .catch((err: unknown) => {
        if (!gone)
          flash(
            'error',
            err instanceof Error && err.message ? err.message : i18n.t('annotation:errors.imageLoad'),
          );
      });
    return () => {
      gone = true;
      void saveNow();
    };
  }, [canvas, image, datasetId, queue, saveNow]);

  return { ready, saveNow };
}
