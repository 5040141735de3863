// A small image of an inspection (original or prediction) that links to its detail page.
import { Image } from '@mantine/core';
import { Link } from 'react-router-dom';
import { imageUrl } from '../api/monitoring.api';

export function InspectionThumb({ id, src, size = 56 }: { id: string; src: string; size?: number }) {
  return (
    <Link to={`/monitoring/inspection/${id}`}>
      <Image src={imageUrl(src)} w={size} h={size} fit="contain" radius="sm" bg="gray.1" alt="" />
    </Link>
  );
}
