// The image server base (SPEC §3 "image URL"): `image_base` of GET /api/config, empty = same origin.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export function useImageBase(): string {
  const q = useQuery({
    queryKey: ['download', 'image-base'],
    queryFn: async () => (await api.get<{ image_base?: string | null }>('/api/config')).image_base ?? '',
    staleTime: Infinity,
    meta: { silent: true },
  });
  return q.data ?? '';
}
