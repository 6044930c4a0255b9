import type {
  AdminStatusUpdate,
  CompanyPerson,
  DocumentType,
  Driver,
  DriverAddBody,
  DriverDocument,
  DriverRate,
  DriverRateCreate,
  DriverUpdate,
  SessionsEnded,
} from '@ps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { createResource } from '../../lib/resource';
import { DEFAULT_DRIVER_SORT, type DriverListSearch } from './search';

/** The company's drivers: `/api/driver/*`, added through `/api/auth/driver/add` (spec 7). */
export const driversResource = createResource<Driver, DriverAddBody, DriverUpdate, DriverListSearch>({
  key: 'drivers',
  path: 'driver',
  defaultSort: DEFAULT_DRIVER_SORT,
  filters: (search) => ({ approve_status: search.approve_status, status: search.status }),
  addPath: '/auth/driver/add',
  statusPath: (id) => `/driver/update/status/${id}`,
});

const documentKeys = (driverId: number) => ['drivers', 'documents', driverId] as const;
const rateKeys = (driverId: number) => ['drivers', 'rates', driverId] as const;

/** A change to a driver's documents or rates changes their eligibility and rate: the driver is read again. */
function useRefreshDriver(driverId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: driversResource.keys.detail(driverId) }),
      queryClient.invalidateQueries({ queryKey: driversResource.keys.lists() }),
    ]);
}

/** The company's document types (active ones first in the API's order), for the upload's type choice. */
export function useDocumentTypes() {
  return useQuery({
    queryKey: ['document-types', 'list', { page_size: 1000, status: 1 }],
    queryFn: ({ signal }) =>
      apiRequest<DocumentType[]>('/document/list', { query: { page_size: 1000, status: 1, sort: 'name' }, signal }).then((r) => r.data),
  });
}

export function useDriverDocuments(driverId: number) {
  return useQuery({
    queryKey: documentKeys(driverId),
    queryFn: ({ signal }) =>
      apiRequest<DriverDocument[]>('/driver/documents/list', { query: { driver_id: driverId }, signal }).then((r) => r.data),
  });
}

/** Uploads one file (multipart); the form shows the refusal beside its fields, so the call is silent. */
export function useUploadDocument(driverId: number) {
  const queryClient = useQueryClient();
  const refreshDriver = useRefreshDriver(driverId);
  return useMutation({
    mutationFn: (upload: { documentTypeId: number; expiryDate: string | null; file: File }) => {
      const form = new FormData();
      form.append('driver_id', String(driverId));
      form.append('document_type_id', String(upload.documentTypeId));
      if (upload.expiryDate) form.append('expiry_date', upload.expiryDate);
      form.append('file', upload.file, upload.file.name);
      return apiRequest<DriverDocument>('/driver/documents/add', { method: 'POST', body: form }).then((r) => r.data);
    },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: documentKeys(driverId) }), refreshDriver()]),
    meta: { silent: true },
  });
}

export function useDeleteDocument(driverId: number) {
  const queryClient = useQueryClient();
  const refreshDriver = useRefreshDriver(driverId);
  return useMutation({
    mutationFn: (documentId: number) => apiRequest<unknown>(`/driver/documents/delete/${driverId}/${documentId}`, { method: 'DELETE' }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: documentKeys(driverId) }), refreshDriver()]),
  });
}

/** The file itself, fetched with the session (a plain link cannot carry it) and handed to the browser to save. */
export async function downloadDocument(driverId: number, document: DriverDocument): Promise<void> {
  const { data } = await apiRequest<Blob>(`/driver/documents/file/${driverId}/${document.id}`, { blob: true });
  const url = URL.createObjectURL(data);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = document.file_name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDriverRates(driverId: number) {
  return useQuery({
    queryKey: rateKeys(driverId),
    queryFn: ({ signal }) =>
      apiRequest<DriverRate[]>('/driver/price_per_hour/list', { query: { driver_id: driverId }, signal }).then((r) => r.data),
  });
}

export function useAddRate(driverId: number) {
  const queryClient = useQueryClient();
  const refreshDriver = useRefreshDriver(driverId);
  return useMutation({
    mutationFn: (body: DriverRateCreate) =>
      apiRequest<DriverRate>('/driver/price_per_hour/add', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: rateKeys(driverId) }), refreshDriver()]),
    meta: { silent: true },
  });
}

/** Lets the driver sign in, or not (their sessions end at once). */
export function useSetSignIn(driver: Driver) {
  const refreshDriver = useRefreshDriver(driver.id);
  return useMutation({
    mutationFn: (body: AdminStatusUpdate) =>
      apiRequest<CompanyPerson>(`/company/driver/admin-status/update/${driver.user_id}`, { method: 'PATCH', body }).then((r) => r.data),
    onSuccess: refreshDriver,
  });
}

/** Signs the driver out everywhere (every open session ends); they can sign in again. */
export function useEndDriverSessions(driver: Driver) {
  return useMutation({
    mutationFn: () => apiRequest<SessionsEnded>(`/user/sessions/end/${driver.user_id}`, { method: 'POST' }).then((answer) => answer.data),
  });
}
