// The two download-request lists of SPEC §7, polled every 3000 ms only while the modal is open (SPEC §4).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DOWNLOAD_LIST, type DownloadItem } from '@sightline/domain';
import { api, type Paged } from '../../../api/client';
import type { DownloadTab } from '../utils/download-item';

export type DownloadRequestItem = DownloadItem;

export type DownloadRequestPage = Paged<DownloadRequestItem>;

const PATHS: Record<DownloadTab, string> = {
  dataset: '/api/v2/download/request',
  result: '/api/v2/output/download/request',
};

export const downloadRequestKeys = {
  all: ['download-requests'] as const,
  list: (tab: DownloadTab, projectId: number, page: number) =>
    ['download-requests', tab, projectId, page] as const,
};

export function useDownloadRequests(
  tab: DownloadTab,
  projectId: number | undefined,
  page: number,
  opened: boolean,
) {
  return useQuery({
    queryKey: downloadRequestKeys.list(tab, projectId ?? 0, page),
    queryFn: () =>
      api.get<DownloadRequestPage>(PATHS[tab], {
        query: { project_id: projectId, page, perPage: DOWNLOAD_LIST.perPage },
      }),
    enabled: opened && projectId != null,
    // Polling stops by itself when the modal hides, because the query is disabled then.
    refetchInterval: opened ? DOWNLOAD_LIST.refreshMs : false,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    // A failed load only stops the spinner (SPEC §8): no flash.
    meta: { silent: true },
  });
}
