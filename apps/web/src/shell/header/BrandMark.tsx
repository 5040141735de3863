// The product mark: a crimson lens.
export function BrandMark({ size = 28, inverted = false }: { size?: number; inverted?: boolean }) {
  const bg = inverted ? '#fff' : 'var(--mantine-color-crimson-7)';
  const fg = inverted ? 'var(--mantine-color-crimson-7)' : '#fff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill={bg} />
      <circle cx="16" cy="16" r="8" fill="none" stroke={fg} strokeWidth="3" />
      <circle cx="16" cy="16" r="3" fill={fg} />
    </svg>
  );
}
