import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the server keeps on disk (the embedded database with its write-ahead log, which holds the token-signing secret
 * and password hashes; uploads; audit archives; backups) belongs to the server's user alone: folders 0700, files 0600.
 * Two halves: the process's umask keeps every new file and folder so, whoever writes it (PGlite's new relation files
 * too); and a folder as it is already (a data folder from before this rule, or one PGlite has just unpacked with its
 * files 0666) is tightened at start.
 */

/** From here on, nothing this process creates is readable or writable by another user (umask 077). */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * Takes every permission of group and others off `dir` and everything under it (files and folders; symbolic links are
 * left alone, never followed). Returns how many entries changed. A folder that does not exist changes nothing.
 */
export async function tightenFolder(dir: string): Promise<number> {
  let changed = 0;
  const tighten = async (path: string): Promise<void> => {
    const stats = await lstat(path).catch(() => undefined);
    if (!stats || stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) {
      await chmod(path, stats.mode & 0o700);
      changed++;
    }
    if (!stats.isDirectory()) return;
    for (const name of await readdir(path)) await tighten(join(path, name));
  };
  await tighten(dir);
  return changed;
}
