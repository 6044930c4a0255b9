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

/**
 * After a first start loaded the demo data into a new embedded folder: this process is replaced by a fresh one of the
 * same program on that folder (`process.execve`: same pid, same arguments and environment), which then starts as every
 * later start does. Loading the data leaves V8's compiler memory for PostgreSQL's WebAssembly in the process's
 * allocator (~110 MB that closing PGlite does not give back; docs/decisions.md, "The embedded database's memory").
 * Answers false, and the caller carries on, where there is nothing to gain or no `execve` (in memory; Windows).
 */
export async function startAfresh(
  database: { embedded?: unknown; close(): Promise<void> },
  config: { DATA_DIR: string },
  banner: string,
): Promise<boolean> {
  const execve = (process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never }).execve;
  // Not under `node --watch` (its child would start a watcher of its own), and once only.
  const watched = process.env.WATCH_REPORT_DEPENDENCIES !== undefined || process.execArgv.some((flag) => flag.startsWith('--watch'));
  if (!database.embedded || config.DATA_DIR === 'memory://' || typeof execve !== 'function' || watched || process.env.PS_STARTED_AFRESH) {
    return false;
  }
  await database.close();
  // The demo's passwords, which the fresh process (finding the data loaded) would not print.
  console.warn(banner);
  console.warn('Demo data loaded: starting again on it.');
  execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, PS_STARTED_AFRESH: '1' });
  return true;
}
