// One thumbnail of the grid: selection checkbox, class colour and edited/augmented marks; a click opens the viewer.
import { memo } from 'react';
import { AspectRatio, Badge, Box, Checkbox, Group, Paper, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DatasetClass, DatasetImage } from '@sightline/domain';

interface Props {
  image: DatasetImage;
  cls: DatasetClass | undefined;
  selected: boolean;
  compact: boolean;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
}

export const ImageCard = memo(function ImageCard({ image, cls, selected, compact, onToggle, onOpen }: Props) {
  const { t } = useTranslation('dataset');
  return (
    <Paper
      withBorder
      radius="sm"
      p={2}
      data-testid="image-card"
      data-file-name={image.file_name}
      style={{
        position: 'relative',
        borderColor: selected ? 'var(--mantine-color-crimson-6)' : cls?.color,
        borderWidth: selected || cls ? 2 : 1,
      }}
    >
      <AspectRatio ratio={1}>
        <Box
          component="button"
          type="button"
          onClick={() => onOpen(image.id)}
          aria-label={image.file_name}
          style={{ border: 0, padding: 0, cursor: 'zoom-in', background: 'var(--mantine-color-gray-1)' }}
        >
          <img
            src={image.thumb_url}
            alt={image.file_name}
            loading="lazy"
            style={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        </Box>
      </AspectRatio>
      <Checkbox
        size="xs"
        checked={selected}
        onChange={() => onToggle(image.id)}
        aria-label={image.file_name}
        style={{ position: 'absolute', top: 6, left: 6 }}
        data-testid="image-select"
      />
      {(image.edited || image.augmented) && (
        <Group gap={2} style={{ position: 'absolute', top: 4, right: 4 }}>
          {image.edited && (
            <Badge size="xs" color="blue" variant="filled">
              {t('grid.edited')}
            </Badge>
          )}
          {image.augmented && (
            <Badge size="xs" color="grape" variant="filled">
              {t('grid.augmented')}
            </Badge>
          )}
        </Group>
      )}
      {!compact && (
        <Tooltip label={cls ? `${image.file_name} · ${cls.name}` : image.file_name} openDelay={500}>
          <Text size="xs" truncate px={2} pt={2}>
            {image.file_name}
          </Text>
        </Tooltip>
      )}
    </Paper>
  );
});
