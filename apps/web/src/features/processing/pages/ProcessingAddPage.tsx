// /train/processing/add: choose the kind of processing work. New labeling, augmentation and AI labeling
// have their own pages; merge, copy, class merge and class remove open their dialogs; external
// labeling opens its upload dialog.
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PageFrame } from '../../../components/PageFrame';
import { ClassWorkDialog } from '../components/ClassWorkDialog';
import { CopyLabelingDialog } from '../components/CopyLabelingDialog';
import { MergeLabelingDialog } from '../components/MergeLabelingDialog';
import { ExternalLabelingButton } from '../data-works/components/ExternalLabelingButton';

type Dialog = 'merge' | 'copy' | 'class_merge' | 'class_remove' | null;

function KindCard({
  title,
  text,
  action,
  testId,
}: {
  title: string;
  text: string;
  action: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={4}>
          <Title order={4}>{title}</Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
        {action}
      </Stack>
    </Card>
  );
}

export default function ProcessingAddPage() {
  const { t } = useTranslation('processing');
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const toList = () => void navigate('/train/processing');
  const open = (d: Exclude<Dialog, null>) => (
    <Button variant="light" onClick={() => setDialog(d)} data-testid={`add-${d}`}>
      {t('addPage.start')}
    </Button>
  );
  const link = (to: string, id: string) => (
    <Button variant="light" component={Link} to={to} data-testid={`add-${id}`}>
      {t('addPage.start')}
    </Button>
  );
  return (
    <PageFrame
      title={t('addPage.title')}
      back={{ to: '/train/processing', label: t('addPage.back') }}
      testId="processing-add-page"
    >
      <SimpleGrid cols={3} spacing="md">
        <KindCard
          testId="kind-new"
          title={t('kinds.new')}
          text={t('addPage.newText')}
          action={link('/train/processing/add/new', 'new')}
        />
        <KindCard
          testId="kind-merge"
          title={t('kinds.merge')}
          text={t('addPage.mergeText')}
          action={open('merge')}
        />
        <KindCard
          testId="kind-copy"
          title={t('kinds.copy')}
          text={t('addPage.copyText')}
          action={open('copy')}
        />
        <KindCard
          testId="kind-class-merge"
          title={t('kinds.class_merge')}
          text={t('addPage.classMergeText')}
          action={open('class_merge')}
        />
        <KindCard
          testId="kind-class-remove"
          title={t('kinds.class_remove')}
          text={t('addPage.classRemoveText')}
          action={open('class_remove')}
        />
        <KindCard
          testId="kind-augmentation"
          title={t('kinds.augmentation')}
          text={t('addPage.augmentationText')}
          action={link('/train/processing/add/augmentation', 'augmentation')}
        />
        <KindCard
          testId="kind-ai"
          title={`${t('kinds.ai_supervised')} / ${t('kinds.ai_unsupervised')}`}
          text={t('addPage.aiText')}
          action={link('/train/processing/add/ai', 'ai')}
        />
        <KindCard
          testId="kind-external"
          title={t('kinds.external')}
          text="YOLO · Pascal VOC · COCO"
          action={<ExternalLabelingButton onDone={toList} />}
        />
      </SimpleGrid>
      <MergeLabelingDialog opened={dialog === 'merge'} onClose={close} />
      <CopyLabelingDialog opened={dialog === 'copy'} onClose={close} />
      <ClassWorkDialog kind="class_merge" opened={dialog === 'class_merge'} onClose={close} />
      <ClassWorkDialog kind="class_remove" opened={dialog === 'class_remove'} onClose={close} />
    </PageFrame>
  );
}
