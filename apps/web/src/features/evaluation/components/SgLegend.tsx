// The class colours of the sg mask overlays (the job paints class i in SG_MASK_PALETTE[i % 8]), so a
// reader can tell the classes apart on the predicted and the true masks alike.
import { Group, Text } from '@mantine/core';
import { SG_MASK_PALETTE } from '@sightline/domain';

export const maskColor = (classIndex: number) => {
  const [r, g, b] = SG_MASK_PALETTE[classIndex % SG_MASK_PALETTE.length]!;
  return `rgb(${r}, ${g}, ${b})`;
};

export function SgLegend({ classNames }: { classNames: string[] }) {
  return (
    <Group gap={10} data-testid="sg-legend">
      {classNames.map((name, i) => (
        <Group key={i} gap={4} wrap="nowrap" data-testid="sg-legend-item">
          <span
            style={{
              width: 12,
              height: 12,
              borderRadius: 3,
              background: maskColor(i),
              opacity: 0.75,
              display: 'inline-block',
            }}
          />
          <Text size="xs">{name}</Text>
        </Group>
      ))}
    </Group>
  );
}
