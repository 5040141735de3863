// Entry point mounted by the shell's DownloadModalHost: reads the current project, user and route
// and hands them to the dialog.
import { useLocation } from 'react-router-dom';
import { useRouteMeta } from '../../../app/route-meta';
import { useSession } from '../../../session/store';
import { useImageBase } from '../api/image-base.api';
import { DownloadRequestDialog } from './DownloadRequestDialog';

export default function DownloadRequestModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const project = useSession((s) => s.currentProject);
  const username = useSession((s) => s.user?.username ?? '');
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const imageBase = useImageBase();
  return (
    <DownloadRequestDialog
      opened={opened}
      onClose={onClose}
      routeName={`${meta?.path ?? ''} ${pathname}`}
      projectId={project?.id}
      projectCode={project?.code ?? ''}
      username={username}
      imageBase={imageBase}
    />
  );
}
