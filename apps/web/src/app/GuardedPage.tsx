// Applies the route guards to one page and renders it (lazily) when allowed.
import { IconFolderOff, IconLock } from '@tabler/icons-react';
import { Suspense, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import NotFoundPage from '../components/NotFoundPage';
import { Spinner } from '../components/Spinner';
import { StatePanel } from '../components/StatePanel';
import { flash } from '../components/flash';
import { useAppConfig } from '../config/AppConfigContext';
import { useSession } from '../session/store';
import { decide } from './guard';
import type { RouteMeta } from './route-meta';

export function GuardedPage({ meta, page: Page }: { meta: RouteMeta; page: ComponentType }) {
  const { t } = useTranslation();
  const session = useSession();
  const { productName } = useAppConfig();
  const { pathname } = useLocation();
  const decision = decide(meta, pathname, session, productName);
  const flashKey = decision.kind === 'redirect' ? decision.flash : undefined;

  useEffect(() => {
    document.title = `${t(meta.title)} · ${t('common:brand')}`;
  }, [meta.title, t]);

  useEffect(() => {
    if (flashKey) flash(flashKey.endsWith('forcedChange') ? 'warning' : 'error', t(flashKey));
  }, [flashKey, pathname, t]);

  switch (decision.kind) {
    case 'wait':
      return <Spinner />;
    case 'redirect':
      return <Navigate to={decision.to} replace state={flashKey ? { notice: flashKey } : undefined} />;
    case 'notFound':
      return <NotFoundPage />;
    case 'noProject':
      return (
        <StatePanel
          testId="no-project"
          icon={<IconFolderOff size={32} stroke={1.5} />}
          title={t('common:session.noProject')}
        />
      );
    case 'noPermission':
      return (
        <StatePanel
          testId="no-permission"
          icon={<IconLock size={32} stroke={1.5} />}
          title={t('common:session.noPermission')}
        />
      );
    default:
      return (
        <Suspense fallback={<Spinner />}>
          <Page />
        </Suspense>
      );
  }
}
