// Dashboard counts.
import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@sightline/domain';
import { http } from '../../../api/http';
import { tenancyKeys } from '../../../api/tenancy-keys';

export const useDashboard = () =>
  useQuery({
    queryKey: tenancyKeys.dashboard(),
    queryFn: () => http.get<Dashboard>('/api/admin/dashboard'),
    // Running jobs change while the page is open.
    refetchInterval: 15_000,
  });
