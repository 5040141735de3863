// Open/close state of the download-request modal. The header button opens it; the modal itself is
// built in features/download (components/DownloadRequestModal.tsx) and mounted by DownloadModalHost.
import { useSyncExternalStore } from 'react';

let opened = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function openDownloadModal(): void {
  opened = true;
  emit();
}
export function closeDownloadModal(): void {
  opened = false;
  emit();
}

export function useDownloadModal(): { opened: boolean; open(): void; close(): void } {
  const value = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => opened,
    () => opened,
  );
  return { opened: value, open: openDownloadModal, close: closeDownloadModal };
}
