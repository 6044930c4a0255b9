import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run new:resource` never rots: it runs on a copy of the project (the files git knows, the packages linked), and the
 * resource it makes type-checks on both sides, passes lint, migrates and passes the kit's whole API suite there.
 */
const project = resolve(import.meta.dirname, '../../..');
const bin = (name: string) => join(project, 'node_modules/.bin', name);

/** A copy of the project's own files, its packages linked from the real install (the workspaces to the copy's own). */
function copyOfProject(): string {
  const copy = mkdtempSync(join(tmpdir(), 'ps-new-resource-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: project, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && existsSync(join(project, file)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(project, file), join(copy, file));
  }
  mkdirSync(join(copy, 'node_modules/@ps'), { recursive: true });
  for (const entry of readdirSync(join(project, 'node_modules'))) {
    if (entry !== '@ps') symlinkSync(join(project, 'node_modules', entry), join(copy, 'node_modules', entry));
  }
  symlinkSync('../../packages/contracts', join(copy, 'node_modules/@ps/contracts'));
  symlinkSync('../../apps/api', join(copy, 'node_modules/@ps/api'));
  symlinkSync('../../apps/web', join(copy, 'node_modules/@ps/web'));
  // A repository of its own, so the test sees what the generator changed (and Biome reads .gitignore as in the project).
  const git = (...args: string[]) => execFileSync('git', args, { cwd: copy, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=test', '-c', 'user.email=test@example.com', 'commit', '-qm', 'the project as it is');
  return copy;
}

// One run on the embedded database is enough (it makes a whole project's copy).
describe.runIf(process.env.TEST_DB !== 'postgres')('npm run new:resource', () => {
  const copy = copyOfProject();
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: copy, encoding: 'utf8', stdio: 'pipe' });

  it('scaffolds a resource that compiles, passes lint, migrates and passes the API suite, touching only the lists', {
    timeout: 600_000,
  }, () => {
    const before = run('git', ['status', '--porcelain']);
    const output = run(bin('node'), [
      join(copy, 'scripts/new-resource.ts'),
      'parking-zones',
      '--one',
      'parking zone',
      '--ta-one',
      'நிறுத்த மண்டலம்',
      '--ta-many',
      'நிறுத்த மண்டலங்கள்',
    ]);
    expect(output).toContain('apps/api/src/modules/parking-zones/parking-zones.module.ts');

    // Its own new files, and one line in each list that names every resource: nothing else changed.
    const changed = run('git', ['status', '--porcelain', '--untracked-files=all'])
      .split('\n')
      .filter((line) => line && !before.includes(line))
      .map((line) => line.slice(3))
      .sort();
    // The migration's snapshot is drizzle-kit's own, beside the migration.
    expect(changed.filter((path) => /migrations\/meta\/\d+_snapshot\.json$/.test(path))).toHaveLength(1);
    expect(changed.filter((path) => !path.includes('parking') && !/_snapshot\.json$/.test(path))).toEqual([
      'apps/api/src/db/migrations/meta/_journal.json',
      'apps/api/src/modules/index.ts',
      'apps/web/src/app/features.ts',
      'apps/web/src/features/roles/locales/en.json',
      'apps/web/src/features/roles/locales/ta.json',
      'packages/contracts/src/audit.ts',
      'packages/contracts/src/locales/audit.en.json',
      'packages/contracts/src/locales/audit.ta.json',
      'packages/contracts/src/permissions.ts',
    ]);
    const migrations = readdirSync(join(copy, 'apps/api/src/db/migrations')).filter((name) => name.includes('parking_zones'));
    expect(migrations).toHaveLength(1);
    expect(readFileSync(join(copy, 'apps/api/src/db/migrations', migrations[0] ?? ''), 'utf8')).toContain('CREATE TABLE "parking_zones"');

    for (const project of ['packages/contracts', 'apps/api', 'apps/web', 'apps/web/tsconfig.e2e.json'])
      run(bin('tsc'), ['-p', project, '--noEmit']);
    run(bin('biome'), ['check', '.']);
    const tests = run(bin('vitest'), [
      'run',
      '--project',
      'api:pglite',
      'apps/api/src/modules/parking-zones',
      'apps/api/src/modules/manifests.test.ts',
      'apps/api/test/route-table.test.ts',
    ]);
    const summary = stripVTControlCharacters(tests);
    expect(summary).toContain('parking-zones.test.ts');
    expect(summary).toMatch(/Tests\s+\d+ passed \(\d+\)/);
    run(bin('vitest'), ['run', '--project', 'unit', 'apps/web/src/app/features.test.ts', 'apps/web/src/features/roles']);
  });
});
