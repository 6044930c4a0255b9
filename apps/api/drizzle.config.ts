import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table file (a new resource's too, with no list to edit); index.ts only re-exports them.
  schema: ['./src/db/schema/*.ts', '!./src/db/schema/index.ts'],
  out: './src/db/migrations',
});
