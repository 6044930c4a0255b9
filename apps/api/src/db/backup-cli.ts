import { loadConfig } from '../config.ts';
import { backup, restore } from './backup.ts';
import { keepNewFilesPrivate } from './private-files.ts';

/** `npm run backup -- <file>` and `npm run restore -- <file>` for the embedded database (docs/operations.md). */
// Backups and a restored data folder are the server's user's alone (db/private-files.ts).
keepNewFilesPrivate();
const [command, file] = process.argv.slice(2);
try {
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new Error('usage: npm run backup -- <file>   |   npm run restore -- <file>');
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: back up and restore a PostgreSQL server with pg_dump and pg_restore (docs/operations.md)');
  }
  if (config.DATA_DIR === 'memory://') throw new Error('DATA_DIR=memory:// keeps nothing to back up or restore');
  if (command === 'backup') {
    const { bytes, from } = await backup(config.DATA_DIR, file);
    console.log(
      `backup of ${config.DATA_DIR} written to ${file} (${bytes} bytes, ${from === 'server' ? 'from the running server' : 'no server running'})`,
    );
  } else {
    const { keptAside } = await restore(config.DATA_DIR, file);
    console.log(`${config.DATA_DIR} restored from ${file}${keptAside ? `; the previous data is kept in ${keptAside}` : ''}`);
  }
} catch (error) {
  console.error(`${command ?? 'backup'} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
