// React view of the canvas store: re-renders only when the selected slice changes.
import { useCallback, useSyncExternalStore } from 'react';
import type { AnnotationCanvas, EditorState } from '../canvas/canvas';
import { initialEditorState } from '../canvas/store';

const fallback = initialEditorState();

export function useEditorState<T>(canvas: AnnotationCanvas | null, select: (s: EditorState) => T): T {
  const subscribe = useCallback(
    (fn: () => void) => (canvas ? canvas.store.subscribe(fn) : () => {}),
    [canvas],
  );
  return useSyncExternalStore(subscribe, () => select(canvas ? canvas.store.get() : fallback));
}
