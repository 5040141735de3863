// App-wide modals that live outside any single page.
import { DownloadModalHost } from './DownloadModalHost';
import { PasswordAlarmModal } from './PasswordAlarmModal';

export function GlobalModals() {
  return (
    <>
      <DownloadModalHost />
      <PasswordAlarmModal />
    </>
  );
}
