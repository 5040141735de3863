// Company calls: list (server-sorted and paged), detail, create, rename.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { tenancyKeys } from '../../../api/tenancy-keys';
import type { CompanyRecord, CompanyInput, PageOf } from '@sightline/domain';

const BASE = '/api/admin/companies';

export const useCompanyList = (query: Record<string, string>) =>
  useQuery({
    queryKey: tenancyKeys.companyList(query),
    queryFn: () => http.get<PageOf<CompanyRecord>>(BASE, query),
    placeholderData: keepPreviousData,
  });

export const useCompany = (id: number, enabled = true) =>
  useQuery({
    queryKey: tenancyKeys.company(id),
    queryFn: () => http.get<CompanyRecord>(`${BASE}/${id}`),
    enabled,
  });

export function useCreateCompany() {
  const qc = useQueryClient();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (body: CompanyInput) => http.post<CompanyRecord>(BASE, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: tenancyKeys.companies() }),
  });
}

export function useRenameCompany(id: number) {
  const qc = useQueryClient();
  return useMutation({
    // Forms show these errors next to their fields (showServerError), not as a second flash.
    meta: { silent: true },
    mutationFn: (body: CompanyInput) => http.patch<CompanyRecord>(`${BASE}/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: tenancyKeys.companies() }),
  });
}

/** Every company the user may see, for dropdowns (a tenancy has tens of companies, not thousands). */
export const useCompanyOptions = () =>
  useQuery({
    queryKey: tenancyKeys.companyList({ options: true }),
    queryFn: () =>
      http.get<PageOf<CompanyRecord>>(BASE, { page: 1, perPage: 100, sort: 'name', order: 'asc' }),
    select: (p) => p.data,
    staleTime: 60_000,
  });
