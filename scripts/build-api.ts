// Builds the API for `npm start`: our TypeScript (the API and @ps/contracts) into one ES module,
// apps/api/dist/server.js, beside a copy of the migrations. Packages stay external (installed in
// node_modules). Why: Node runs .ts files by stripping their types in a WebAssembly compiler it keeps in
// memory for the process's life; the built file needs none of it and loads one module instead of ~160.
// The server idles at about 150 MB instead of 200 (bench/README.md "issue 7", memory). Tests still run
// the sources. Usage: node scripts/build-api.ts (part of `npm run build`).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
export const API_DIST_DIR = resolve(root, 'apps/api/dist');

/** Every package the API depends on except our own workspaces, which are TypeScript and go in the bundle. */
function externalPackages(): string[] {
  const manifest = JSON.parse(readFileSync(resolve(root, 'apps/api/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  return [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)].filter((name) => !name.startsWith('@ps/'));
}

/**
 * Bundles `entry` into `outfile` (under apps/api/dist, so `import.meta.dirname` finds the web app two folders
 * up as from apps/api/src, and the migrations beside it). The bench builds its own server entry with it.
 */
export async function buildApiBundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: externalPackages(),
    sourcemap: true,
    logLevel: 'warning',
  });
  const migrations = resolve(dirname(outfile), 'migrations');
  rmSync(migrations, { recursive: true, force: true });
  cpSync(resolve(root, 'apps/api/src/db/migrations'), migrations, { recursive: true });
}

if (import.meta.main) {
  await buildApiBundle(resolve(root, 'apps/api/src/server.ts'), resolve(API_DIST_DIR, 'server.js'));
  console.log(`API built: ${resolve(API_DIST_DIR, 'server.js')}`);
}
