// Stand-in for pages whose feature is not built yet: says so plainly, inside the real layout.
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRouteMeta } from '../app/route-meta';
import { StatePanel } from './StatePanel';

export default function ComingSoonPage() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const navigate = useNavigate();
  return (
    <StatePanel
      testId="coming-soon"
      icon={<IconTools size={32} stroke={1.5} />}
      title={
        <>
          {meta ? `${t(meta.title)} · ` : ''}
          {t('common:comingSoon.title')}
        </>
      }
      body={t('common:comingSoon.body')}
      action={{
        label: t('common:comingSoon.back'),
        onClick: () => void (window.history.length > 1 ? navigate(-1) : navigate('/')),
      }}
    />
  );
}
