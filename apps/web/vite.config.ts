import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/vite/precompress.ts';

/**
 * The messages of the default language (English, what a first visit shows) are fetched with the entry
 * instead of after it: `<link rel="modulepreload">` for their chunks saves the sign-in page a round trip.
 * Tamil visitors fetch these few kB for nothing and load theirs on start (lib/i18n.ts).
 */
function preloadDefaultLanguage(): Plugin {
  return {
    name: 'ps-preload-default-language',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          // The app-wide messages only: a feature's own (features/*/locales) come with its chunk.
          (output) => output.type === 'chunk' && /[\\/]src[\\/]locales[\\/]en\.json$/.test(output.facadeModuleId ?? ''),
        );
        return chunks.map((chunk) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${chunk.fileName}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

/**
 * `dist/preload.json`: the files the signed-in shell needs (its chunk, the chunks it imports, its styles) and each
 * feature's (`features/<name>/index.ts` and what it imports), without those the entry loads already. The server adds
 * them to index.html as `<link rel="modulepreload">` for a signed-in path (plugins/web-app.ts), so a cold load fetches
 * them beside the entry instead of after the entry has run (issue 20, section 7).
 */
function preloadManifest(): Plugin {
  return {
    name: 'ps-preload-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, into = new Set<string>()): Set<string> => {
        const chunk = byFile.get(fileName);
        if (!chunk || into.has(fileName)) return into;
        into.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const imported of chunk.imports) closure(imported, into);
        return into;
      };
      const entry = new Set<string>();
      for (const chunk of chunks.filter((candidate) => candidate.isEntry)) closure(chunk.fileName, entry);
      // Its messages in the default language too, which it imports on start (a Tamil visitor's come after, as on sign-in).
      const englishMessages = (fileName: string) =>
        (byFile.get(fileName)?.dynamicImports ?? []).filter((file) =>
          /[\\/]locales[\\/]en\.json$/.test(byFile.get(file)?.facadeModuleId ?? ''),
        );
      const files = (chunk: { fileName: string }) => {
        const own = closure(chunk.fileName);
        for (const file of [...own]) for (const messages of englishMessages(file)) closure(messages, own);
        return [...own].filter((file) => !entry.has(file));
      };
      const shell = chunks.find((chunk) => /[\\/]src[\\/]app[\\/]shell[\\/]layouts\.tsx$/.test(chunk.facadeModuleId ?? ''));
      const features: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const feature = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]index\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1];
        if (feature) features[feature] = files(chunk);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'preload.json',
        source: JSON.stringify({ shell: shell ? files(shell) : [], features }),
      });
    },
  };
}

const inPackage = (...names: string[]) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);

/**
 * Our modules the sign-in page loads that the signed-in chunks use too (the budget, docs/decisions.md "Sign-in
 * bundle budget (issue 5)"). A module missing here still works: it lands in a small shared chunk of its own.
 */
const SIGN_IN_MODULES = [
  'apps/web/src/app/(lazy|theme)',
  'apps/web/src/app/components/(NotFoundPanel|RouteStates)',
  'apps/web/src/features/auth/\\w+',
  'apps/web/src/lib/(toast|session|api|i18n|forms|pageTitle)',
  'apps/web/src/components/LanguageSelect',
  'packages/contracts/src/(auth\\.fields|auth\\.forms|common/(validation|languages))',
];
const signInModule = new RegExp(`[\\\\/](${SIGN_IN_MODULES.map((path) => path.replaceAll('/', '[\\\\/]')).join('|')})\\.tsx?$`);

/**
 * Chunks that keep their name: the groups of `codeSplitting.groups` below (what the budget check lists for the
 * sign-in page), the languages' messages and font (performance.spec.ts checks which language a visitor loads) and
 * the signed-in shell (auth.spec.ts delays and fails it).
 */
const NAMED_CHUNKS = new Set(['react', 'router', 'zod', 'i18n', 'forms', 'signin', 'en', 'ta', 'tamilFont', 'layouts']);

export default defineConfig({
  plugins: [react(), preloadDefaultLanguage(), preloadManifest(), precompress()],
  server: {
    // In development the API runs separately; in production it serves this build on the same origin.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the sign-in bundle.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Named chunks (NAMED_CHUNKS) keep their names; every other chunk is named by its hash alone. The sign-in page carries
        // the file name of every lazy chunk (the preload lists of its dynamic imports): the names cost it 0.5 kB gzipped.
        chunkFileNames: (chunk) => (NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
        // Libraries that change less often than our code get their own long-cached chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: inPackage('react', 'react-dom', 'scheduler'), priority: 30 },
            {
              name: 'router',
              test: inPackage(
                '@tanstack/react-router',
                '@tanstack/router-core',
                '@tanstack/history',
                '@tanstack/store',
                '@tanstack/react-store',
              ),
              priority: 20,
            },
            // The sign-in forms check with the contracts' zod-free rules: zod comes with the signed-in screens only.
            { name: 'zod', test: inPackage('zod'), priority: 10 },
            { name: 'i18n', test: inPackage('i18next', 'react-i18next'), priority: 10 },
            { name: 'forms', test: inPackage('react-hook-form', '@hookform/resolvers'), priority: 10 },
            // Our own modules on the sign-in page that signed-in chunks share too: one chunk instead of
            // several small ones (each costs its own compression and import overhead on the first visit).
            { name: 'signin', test: signInModule, priority: 5 },
          ],
        },
      },
    },
  },
});
