/** Spec 9: a code chunk that has not arrived after 120000 ms fails, and the error is shown. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor() {
    super(`A part of the application did not load within ${CHUNK_TIMEOUT_MS} ms`);
    this.name = 'ChunkTimeoutError';
  }
}

export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

/**
 * One lazy chunk per part of the signed-in application: the shell (frame, navigation, data client), then one
 * per feature. A new feature adds its loader here and its routes in router.tsx.
 */
export const loadShell = withTimeout(() => import('./shell/layouts'));
export const loadAirports = withTimeout(() => import('../features/airports'));
export const loadAccount = withTimeout(() => import('../features/account'));
export const loadSettings = withTimeout(() => import('../features/settings'));
export const loadPeople = withTimeout(() => import('../features/people'));
export const loadRoles = withTimeout(() => import('../features/roles'));
export const loadCompanies = withTimeout(() => import('../features/companies'));
export const loadLocations = withTimeout(() => import('../features/locations'));
export const loadYards = withTimeout(() => import('../features/yards'));
export const loadDocumentTypes = withTimeout(() => import('../features/document-types'));
export const loadCountries = withTimeout(() => import('../features/countries'));
export const loadBands = withTimeout(() => import('../features/bands'));
export const loadPackages = withTimeout(() => import('../features/packages'));
export const loadAdditionalServices = withTimeout(() => import('../features/additional-services'));
export const loadVouchers = withTimeout(() => import('../features/vouchers'));
export const loadAgencies = withTimeout(() => import('../features/agencies'));
export const loadBlog = withTimeout(() => import('../features/blog'));
export const loadPrices = withTimeout(() => import('../features/prices'));
export const loadQuote = withTimeout(() => import('../features/quote'));
export const loadBookings = withTimeout(() => import('../features/bookings'));
export const loadDashboard = withTimeout(() => import('../features/dashboard'));
export const loadOutbox = withTimeout(() => import('../features/outbox'));
export const loadAudit = withTimeout(() => import('../features/audit'));
export const loadDrivers = withTimeout(() => import('../features/drivers'));
export const loadDispatch = withTimeout(() => import('../features/dispatch'));
