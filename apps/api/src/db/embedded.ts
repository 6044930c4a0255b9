/**
 * What the embedded database (PGlite) loads besides PostgreSQL itself: the extensions the migrations create. pg_trgm
 * (migration 0019, the global search's trigram indexes) is needed by every write of `bookings` once those indexes
 * exist, so every PGlite opened on a data folder of ours loads it.
 */
export async function embeddedExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

/**
 * PostgreSQL settings of the embedded database that differ from PGlite's (issue 24, section 4; measurements in
 * docs/decisions.md, "The embedded database's memory"). PGlite keeps PostgreSQL's 128 MB of shared buffers inside its
 * WebAssembly memory, which never shrinks: every page read once stays resident. The data folder's files are read
 * through the operating system's page cache anyway, so a smaller pool costs a copy per page missed, not a disk read.
 */
export const EMBEDDED_SETTINGS = {
  shared_buffers: '32MB',
} as const;

/** PGlite's own start parameters (single-user mode, no parallel workers ...) with `EMBEDDED_SETTINGS` added. */
export function embeddedStartParams(pgliteDefaults: readonly string[]): string[] {
  return [...pgliteDefaults, ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}
