/**
 * What the embedded database (PGlite) loads besides PostgreSQL itself: the extensions the migrations create. pg_trgm
 * (migration 0019, the global search's trigram indexes) is needed by every write of `bookings` once those indexes
 * exist, so every PGlite opened on a data folder of ours loads it.
 */
export async function embeddedExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}
