// Mounts the download-request modal of features/download when that feature exists.
// import.meta.glob finds it at build time, so this file needs no edit when the feature lands.
import { Modal } from '@mantine/core';
import { Suspense, lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownloadModal } from './download-modal';

export interface DownloadModalProps {
  opened: boolean;
  onClose(): void;
}

const found = import.meta.glob<{ default: ComponentType<DownloadModalProps> }>(
  '../features/download/components/DownloadRequestModal.tsx',
);
const loader = Object.values(found)[0];
const FeatureModal = loader ? lazy(loader) : null;

export function DownloadModalHost() {
  const { opened, close } = useDownloadModal();
  const { t } = useTranslation();
  if (FeatureModal) {
    return (
      <Suspense fallback={null}>
        <FeatureModal opened={opened} onClose={close} />
      </Suspense>
    );
  }
  return (
    <Modal opened={opened} onClose={close} title={t('common:header.downloads')} centered>
      {t('common:comingSoon.body')}
    </Modal>
  );
}
