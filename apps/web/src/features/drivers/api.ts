import {
  type AdminStatusUpdate,
  type Driver,
  type DriverDocument,
  type DriverRateCreate,
  documentTypeEndpoints,
  driverDocumentEndpoints,
  driverEndpoints,
  driverRateEndpoints,
  type EndpointBodyInput,
  peopleEndpoints,
  sessionEndpoints,
} from '@ps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { createResource } from '../../lib/resource';
import { DEFAULT_DRIVER_SORT, type DriverListSearch } from './search';

/** The company's drivers: `/api/driver/*`, added through `/api/auth/driver/add` (spec 7). */
export const driversResource = createResource({
  key: 'drivers',
  endpoints: driverEndpoints,
  defaultSort: DEFAULT_DRIVER_SORT,
  filters: (search: DriverListSearch) => ({ approve_status: search.approve_status, status: search.status }),
  statusEndpoint: driverEndpoints.updateStatus,
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
      callEndpoint(documentTypeEndpoints.list, { query: { page_size: 1000, status: '1', sort: 'name' }, signal }).then((r) => r.data),
  });
}

export function useDriverDocuments(driverId: number) {
  return useQuery({
    queryKey: documentKeys(driverId),
    queryFn: ({ signal }) => callEndpoint(driverDocumentEndpoints.list, { query: { driver_id: driverId }, signal }).then((r) => r.data),
  });
}

/** The upload's form, its fields in the order the contract names them and the file last. */
function uploadForm(body: EndpointBodyInput<typeof driverDocumentEndpoints.add> & { file: File }): FormData {
  const form = new FormData();
  form.append('driver_id', String(body.driver_id));
  form.append('document_type_id', String(body.document_type_id));
  if (body.expiry_date) form.append('expiry_date', body.expiry_date);
  form.append('file', body.file, body.file.name);
  return form;
}

/** Uploads one file (multipart); the form shows the refusal beside its fields, so the call is silent. */
export function useUploadDocument(driverId: number) {
  const queryClient = useQueryClient();
  const refreshDriver = useRefreshDriver(driverId);
  return useMutation({
    mutationFn: (upload: { documentTypeId: number; expiryDate: string | null; file: File }) => {
      const body = {
        driver_id: driverId,
        document_type_id: upload.documentTypeId,
        expiry_date: upload.expiryDate ?? undefined,
        file: upload.file,
      };
      return callEndpoint(driverDocumentEndpoints.add, { form: uploadForm(body) }).then((r) => r.data);
    },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: documentKeys(driverId) }), refreshDriver()]),
    meta: { silent: true },
  });
}

export function useDeleteDocument(driverId: number) {
  const queryClient = useQueryClient();
  const refreshDriver = useRefreshDriver(driverId);
  return useMutation({
    mutationFn: (documentId: number) =>
      callEndpoint(driverDocumentEndpoints.delete, { params: { driver_id: driverId, document_id: documentId } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: documentKeys(driverId) }), refreshDriver()]),
  });
}

/** The file itself, fetched with the session (a plain link cannot carry it) and handed to the browser to save. */
export async function downloadDocument(driverId: number, document: DriverDocument): Promise<void> {
  const { data } = await callEndpoint(driverDocumentEndpoints.file, {
    params: { driver_id: driverId, document_id: document.id },
    blob: true,
  });
  // `blob: true` reads the answer's bytes as a Blob.
  if (!(data instanceof Blob)) throw new Error('The document did not come as a file');
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
    queryFn: ({ signal }) => callEndpoint(driverRateEndpoints.list, { query: { driver_id: driverId }, signal }).then((r) => r.data),
  });
}

export function useAddRate(driverId: number) {
  const queryClient = useQueryClient();
  const refreshDriver = useRefreshDriver(driverId);
  return useMutation({
    mutationFn: (body: DriverRateCreate) => callEndpoint(driverRateEndpoints.add, { body }).then((r) => r.data),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: rateKeys(driverId) }), refreshDriver()]),
    meta: { silent: true },
  });
}

/** Lets the driver sign in, or not (their sessions end at once). */
export function useSetSignIn(driver: Driver) {
  const refreshDriver = useRefreshDriver(driver.id);
  return useMutation({
    mutationFn: (body: AdminStatusUpdate) =>
      callEndpoint(peopleEndpoints.setSignIn, { params: { id: driver.user_id }, body }).then((r) => r.data),
    onSuccess: refreshDriver,
  });
}

/** Signs the driver out everywhere (every open session ends); they can sign in again. */
export function useEndDriverSessions(driver: Driver) {
  return useMutation({
    mutationFn: () => callEndpoint(sessionEndpoints.endUsers, { params: { id: driver.user_id } }).then((answer) => answer.data),
  });
}
