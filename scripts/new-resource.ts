// `npm run new:resource -- <name> --one "<English, one>" --ta-one "<Tamil, one>" --ta-many "<Tamil, many>" [--singular <name>]`
//
// Scaffolds a company-scoped resource from the kits, as docs/architecture.md describes it: its contract and endpoints, its
// table and migration, its API module (repository, service, routes, manifest, test), its web feature (api, screens,
// manifest, messages in English and Tamil) and a browser test. <name> is the plural in kebab case (`parking-zones`); the
// resource has a name (unique in the company, whatever its case), notes and a status, the fields every resource has:
// add its own to the contract, the table (then `npm run db:generate`), and the screens' `fields`.
//
// Besides its own new files it adds one line to each list that names every resource: the two manifest arrays
// (apps/api/src/modules/index.ts, apps/web/src/app/features.ts), the built-in Admin role's permissions
// (packages/contracts/src/permissions.ts: who may do what is decided there, in one place), the audited kinds of record
// (packages/contracts/src/audit.ts) with their names on the Audit screen and the role matrix's name of the resource, in
// both languages. It prints every file it wrote or changed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    singular: { type: 'string' },
    one: { type: 'string' },
    'ta-one': { type: 'string' },
    'ta-many': { type: 'string' },
    /** Where the project is (the generator's own test runs it on a copy). */
    root: { type: 'string' },
    /** Leave the migration to `npm run db:generate` (the generator's test makes it itself). */
    'no-migration': { type: 'boolean', default: false },
  },
});

const root = resolve(values.root ?? join(import.meta.dirname, '..'));
const [plural] = positionals;
const usage =
  'usage: npm run new:resource -- <plural-kebab-name> --one "<English, one>" --ta-one "<Tamil, one>" --ta-many "<Tamil, many>" [--singular <kebab-name>]';
if (!plural || !/^[a-z]+(-[a-z]+)*s$/.test(plural)) throw new Error(`${usage}\n<name> is a plural in kebab case, e.g. parking-zones`);
const singular = values.singular ?? plural.replace(/s$/, '');
if (!/^[a-z]+(-[a-z]+)*$/.test(singular)) throw new Error(`--singular must be kebab case, e.g. parking-zone`);
const words = { one: values.one ?? singular.replaceAll('-', ' '), taOne: values['ta-one'], taMany: values['ta-many'] };
if (!words.taOne || !words.taMany) throw new Error(`${usage}\nThe Tamil names are needed: every screen speaks both languages.`);
const englishOne = words.one;
const englishMany = `${englishOne}s`;
const taOne = words.taOne;
const taMany = words.taMany;

const parts = (kebab: string) => kebab.split('-');
const pascal = (kebab: string) =>
  parts(kebab)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
const camel = (kebab: string) => {
  const name = pascal(kebab);
  return name[0]?.toLowerCase() + name.slice(1);
};
const snake = (kebab: string) => parts(kebab).join('_');
const capitalised = (text: string) => text[0]?.toUpperCase() + text.slice(1);

const n = {
  kebabMany: plural, // parking-zones: the web's path and folders, the API module's folder
  kebabOne: singular, // parking-zone: the API's path group
  snakeMany: snake(plural), // parking_zones: the table, the permissions
  snakeOne: snake(singular), // parking_zone: the audit log's kind of record
  camelMany: camel(plural), // parkingZones: the contract's file, the messages' namespace
  camelOne: camel(singular), // parkingZone
  PascalMany: pascal(plural), // ParkingZones
  PascalOne: pascal(singular), // ParkingZone
};

const written: string[] = [];
function write(path: string, text: string): void {
  const file = join(root, path);
  if (existsSync(file)) throw new Error(`${path} exists already: nothing was written for ${plural}`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  written.push(path);
}
const changed: string[] = [];
function change(path: string, edit: (text: string) => string): void {
  const file = join(root, path);
  const before = readFileSync(file, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error(`${path}: the generator found nowhere to add ${plural}`);
  writeFileSync(file, after);
  changed.push(path);
}
/** Inserts `line` before the closing line of the list opened by `opening` (the first line after it that closes it). */
function beforeClosing(text: string, opening: string, closing: string, line: string): string {
  const start = text.indexOf(opening);
  if (start < 0) throw new Error(`no ${opening.trim()}`);
  const end = text.indexOf(closing, start + opening.length);
  return `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}
type Catalogue = { [key: string]: string | Catalogue };
/** The section of a catalogue at `path` (`audit.entities`), where a key is added. */
function section(data: Catalogue, path: string): Catalogue {
  return path.split('.').reduce((node, key) => node[key] as Catalogue, data);
}
function json(path: string, edit: (data: Catalogue) => void): void {
  change(path, (text) => {
    const data = JSON.parse(text);
    edit(data);
    return `${JSON.stringify(data, null, 2)}\n`;
  });
}
const json2 = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const resource = n.snakeMany;
const permissions = ['view', 'create', 'update', 'delete'].map((action) => `${resource}.${action}`);

// ---- packages/contracts ---------------------------------------------------------------------------------------------

write(
  `packages/contracts/src/${n.camelMany}.ts`,
  `import { z } from 'zod';
import { updateSchemaOf } from './common/crud.ts';
import { crudEndpoints } from './common/endpoint.ts';
import { optionalText, recordName } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordStatusQuerySchema, recordStatusSchema } from './common/pagination.ts';

/** A company's ${englishMany}, as every call answers them. */
export const ${n.camelOne}Schema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  notes: z.string().nullable(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ${n.PascalOne} = z.infer<typeof ${n.camelOne}Schema>;

const ${n.camelOne}Fields = {
  name: recordName(),
  notes: optionalText(500),
  status: recordStatusSchema,
};

/** The add's body, and the form's: the name is unique in the company, whatever its case. */
export const ${n.camelOne}CreateSchema = z.strictObject({
  ...${n.camelOne}Fields,
  notes: ${n.camelOne}Fields.notes.optional(),
  status: ${n.camelOne}Fields.status.default(1),
});
export type ${n.PascalOne}CreateInput = z.input<typeof ${n.camelOne}CreateSchema>;
export type ${n.PascalOne}Create = z.output<typeof ${n.camelOne}CreateSchema>;

export const ${n.camelOne}UpdateSchema = updateSchemaOf(${n.camelOne}Fields);
export type ${n.PascalOne}Update = z.output<typeof ${n.camelOne}UpdateSchema>;

export const ${n.camelOne}SortFields = ['name', 'status', 'created_at'] as const;

/** The list: paging, sort, search by name or notes, \`status=1\` for active ones. */
export const ${n.camelOne}ListQuerySchema = listQuerySchema(${n.camelOne}SortFields).extend({
  status: recordStatusQuerySchema.optional(),
});
export type ${n.PascalOne}ListQuery = z.output<typeof ${n.camelOne}ListQuerySchema>;

/** \`${n.kebabOne}/add\`, \`list\`, \`get/{id}\`, \`update/{id}\`, \`delete/{id}\` of the caller's company. */
export const ${n.camelOne}Endpoints = crudEndpoints('/api/${n.kebabOne}', '${resource}', {
  record: ${n.camelOne}Schema,
  create: ${n.camelOne}CreateSchema,
  update: ${n.camelOne}UpdateSchema,
  listQuery: ${n.camelOne}ListQuerySchema,
  idParams: idParamsSchema,
});
`,
);

change('packages/contracts/src/permissions.ts', (text) =>
  beforeClosing(text, '  admin: [', '\n  ],', permissions.map((permission) => `    '${permission}',`).join('\n')),
);
change('packages/contracts/src/audit.ts', (text) =>
  beforeClosing(text, 'export const auditEntities = [', '\n] as const;', `  '${n.snakeOne}',`),
);
for (const [language, label] of [
  ['en', capitalised(englishOne)],
  ['ta', taOne],
] as const) {
  json(`packages/contracts/src/locales/audit.${language}.json`, (data) => {
    section(data, 'audit.entities')[n.snakeOne] = label;
  });
}

// ---- apps/api -----------------------------------------------------------------------------------------------------

write(
  `apps/api/src/db/schema/${n.camelMany}.ts`,
  `import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';

/** A company's ${englishMany}. A name is unique in its company, whatever its case. */
export const ${n.camelMany} = pgTable(
  '${n.snakeMany}',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    notes: text('notes'),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    index('${n.snakeMany}_company_idx').on(table.company_id),
    uniqueIndex('${n.snakeMany}_company_name_unique').on(table.company_id, sql\`lower(\${table.name})\`),
    unique('${n.snakeMany}_company_id_id_unique').on(table.company_id, table.id),
  ],
);
`,
);

const module = `apps/api/src/modules/${n.kebabMany}`;
write(
  `${module}/${n.kebabMany}.repository.ts`,
  `import type { ${n.PascalOne}ListQuery } from '@ps/contracts/${n.camelMany}';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ${n.camelMany} } from '../../db/schema/${n.camelMany}.ts';
import { preparedList } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type ${n.PascalOne}Row = typeof ${n.camelMany}.$inferSelect;

/** The company's ${englishMany}: one page and the count, prepared per shape of query. */
const list${n.PascalMany} = preparedList<${n.PascalOne}ListQuery, ${n.PascalOne}Row>({
  name: '${n.snakeOne}_list',
  select: (db) => db.select().from(${n.camelMany}),
  table: ${n.camelMany},
  scope: (db, companyId) => companyScope(db, ${n.camelMany}, companyId).owned(),
  filters: { status: (status) => eq(${n.camelMany}.status, status) },
  searchColumns: [${n.camelMany}.name, ${n.camelMany}.notes],
  sortColumns: { name: ${n.camelMany}.name, status: ${n.camelMany}.status, created_at: ${n.camelMany}.created_at },
  defaultSort: 'name',
  tieBreaker: ${n.camelMany}.id,
});

/** Reads of one company's ${englishMany}; writes go through the kit (${n.kebabMany}.service.ts). */
export function create${n.PascalMany}Repository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, ${n.camelMany}, companyId);
  return {
    list: (query: ${n.PascalOne}ListQuery) => list${n.PascalMany}(db, companyId, query),
    findById: (id: number) => scope.findById<${n.PascalOne}Row>(id),
  };
}
`,
);
write(
  `${module}/${n.kebabMany}.service.ts`,
  `import type { ${n.PascalOne}, ${n.PascalOne}Create, ${n.PascalOne}ListQuery, ${n.PascalOne}Update } from '@ps/contracts/${n.camelMany}';
import type { Db } from '../../db/client.ts';
import { ${n.camelMany} } from '../../db/schema/${n.camelMany}.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { create${n.PascalMany}Repository, type ${n.PascalOne}Row } from './${n.kebabMany}.repository.ts';

/** A name the company has already (any case) is a 409 on \`name\`; one still in use cannot be deleted (409). */
const ${n.camelOne}Writes = {
  entity: '${n.snakeOne}',
  translate: constraintTranslator({
    table: '${n.snakeMany}',
    unique: { ${n.snakeMany}_company_name_unique: { code: 'name_taken', field: 'name' } },
    inUse: 'in_use',
  }),
} as const;

/** A company's ${englishMany}: reads and audited writes, always within the caller's company. */
export const create${n.PascalMany}Service = (db: Db) =>
  companyCrudService<typeof ${n.camelMany}.$inferInsert, ${n.PascalOne}Row, ${n.PascalOne}, ${n.PascalOne}ListQuery, ${n.PascalOne}Create, ${n.PascalOne}Update>(
    db,
    ${n.camelMany},
    { writes: ${n.camelOne}Writes, reader: create${n.PascalMany}Repository, toRecord: (row) => recordOf(row) },
  );
`,
);
write(
  `${module}/${n.kebabMany}.routes.ts`,
  `import { ${n.camelOne}Endpoints } from '@ps/contracts/${n.camelMany}';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { create${n.PascalMany}Service } from './${n.kebabMany}.service.ts';

/** \`${n.kebabOne}/add\`, \`list\`, \`get/{id}\`, \`update/{id}\`, \`delete/{id}\`. */
export function register${n.PascalOne}Routes(app: FastifyInstance, { db }: ModuleDeps): void {
  registerCrudRoutes(endpointServer(app, '${englishMany}'), {
    endpoints: ${n.camelOne}Endpoints,
    scope: 'company',
    service: create${n.PascalMany}Service(db),
    docs: {
      add: {
        summary: 'Add a ${englishOne}',
        description: 'The name is unique in your company whatever its case (409 \`name_taken\` on \`name\`).',
      },
      list: {
        summary: "Your company's ${englishMany}",
        description: 'Paging, sort (\`name\`, \`status\`, \`created_at\`; \`-\` for descending), search by name or notes, \`status=1\` for active ones.',
      },
    },
  });
}
`,
);
write(
  `${module}/${n.kebabMany}.module.ts`,
  `import type { ApiModule } from '../../kit/modules.ts';
import { register${n.PascalOne}Routes } from './${n.kebabMany}.routes.ts';

export const ${n.camelMany}Module: ApiModule = {
  name: '${n.kebabMany}',
  tags: [{ name: '${englishMany}', description: "A company's ${englishMany}" }],
  errors: ['name_taken', 'in_use'],
  auditEntities: ['${n.snakeOne}'],
  register: register${n.PascalOne}Routes,
};
`,
);
write(
  `${module}/${n.kebabMany}.test.ts`,
  `import { ${n.camelOne}SortFields } from '@ps/contracts/${n.camelMany}';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { uniqueTag } from '../../../test/factories/catalogue.ts';

// The kit's behaviour, proved for this resource: create, read, update and delete with their audit entries, paging,
// sorting, search, field errors in both languages, unknown fields refused, and a second company's admin kept out.
describeCrudResource('${n.kebabMany}', {
  base: '/api/${n.kebabOne}',
  entity: '${n.snakeOne}',
  createBody: () => ({ name: \`${capitalised(englishOne)} \${uniqueTag()}\`, notes: 'By the north gate' }),
  update: { body: { notes: 'By the south gate' }, expect: { notes: 'By the south gate' } },
  invalid: { body: { name: '' }, fields: ['name'] },
  sortFields: ${n.camelOne}SortFields,
  searchTermOf: (record) => String(record.name),
});
`,
);
change('apps/api/src/modules/index.ts', (text) =>
  beforeClosing(
    text.replace(
      "import type { ApiModule } from '../kit/modules.ts';\n",
      `import type { ApiModule } from '../kit/modules.ts';\nimport { ${n.camelMany}Module } from './${n.kebabMany}/${n.kebabMany}.module.ts';\n`,
    ),
    'export const apiModules: readonly ApiModule[] = [',
    '\n];',
    `  ${n.camelMany}Module,`,
  ),
);

// ---- apps/web -------------------------------------------------------------------------------------------------------

const feature = `apps/web/src/features/${n.kebabMany}`;
write(
  `${feature}/api.ts`,
  `import { ${n.camelOne}Endpoints } from '@ps/contracts/${n.camelMany}';
import { statusFilterQuery } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The company's ${englishMany}. */
export const ${n.camelMany}Resource = createResource({
  key: '${n.kebabMany}',
  endpoints: ${n.camelOne}Endpoints,
  defaultSort: 'name',
  filters: statusFilterQuery,
});
`,
);
write(
  `${feature}/screens.tsx`,
  `import { Text, Textarea, TextInput } from '@mantine/core';
import { ${n.camelOne}CreateSchema, ${n.camelOne}SortFields, ${n.camelOne}UpdateSchema } from '@ps/contracts/${n.camelMany}';
import { useTranslation } from 'react-i18next';
import { CrudCreatePage, CrudEditPage, CrudListPage, crudScreens } from '../../components/CrudPages';
import { translateMessage } from '../../lib/i18n';
import { parseStatusListSearch } from '../../lib/listSearch';
import { ${n.camelMany}Resource } from './api';

/** A company's ${englishMany}: a name, notes and a status. */
export const ${n.camelOne}Screens = crudScreens({
  resource: ${n.camelMany}Resource,
  messages: '${n.camelMany}',
  permission: '${resource}',
  scope: 'company',
  path: '/${n.kebabMany}',
  idParam: '${n.camelOne}Id',
  nameOf: (record) => record.name,
  list: {
    validateSearch: (raw) => parseStatusListSearch(raw, ${n.camelOne}SortFields),
    defaultSort: 'name',
    columns: (t) => [
      {
        accessor: 'name',
        title: t('${n.camelMany}.fields.name'),
        sortable: true,
        hideInCard: true,
        render: (record) => (
          <Text fw={600} c="var(--ps-color-bold)">
            {record.name}
          </Text>
        ),
      },
      { accessor: 'notes', title: t('${n.camelMany}.fields.notes'), render: (record) => record.notes ?? '' },
    ],
    csv: (t) => [
      { title: t('${n.camelMany}.fields.name'), value: (record) => record.name },
      { title: t('${n.camelMany}.fields.notes'), value: (record) => record.notes ?? '' },
      { title: t('${n.camelMany}.fields.status'), value: (record) => (record.status === 1 ? t('status.active') : t('status.inactive')) },
    ],
  },
  form: {
    createSchema: ${n.camelOne}CreateSchema,
    updateSchema: ${n.camelOne}UpdateSchema,
    empty: { name: '', notes: '', status: 1 },
    valuesOf: (record) => ({ name: record.name, notes: record.notes ?? '', status: record.status }),
    serverFields: ['name', 'notes', 'status'],
    conflicts: { name_taken: 'name' },
    fields: (form) => <${n.PascalOne}Fields form={form} />,
  },
});

function ${n.PascalOne}Fields({ form }: { form: Parameters<typeof ${n.camelOne}Screens.form.fields>[0] }) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = form;
  const error = (message: unknown) => translateMessage(typeof message === 'string' ? message : undefined);
  return (
    <>
      <TextInput
        label={t('${n.camelMany}.fields.name')}
        description={t('${n.camelMany}.form.nameHint')}
        required
        autoComplete="off"
        error={error(errors.name?.message)}
        {...register('name')}
      />
      <Textarea
        label={t('${n.camelMany}.fields.notes')}
        autosize
        minRows={2}
        maxRows={6}
        error={error(errors.notes?.message)}
        {...register('notes')}
      />
    </>
  );
}

export const ${n.PascalMany}ListPage = () => <CrudListPage screens={${n.camelOne}Screens} />;
export const ${n.PascalOne}CreatePage = () => <CrudCreatePage screens={${n.camelOne}Screens} />;
export const ${n.PascalOne}EditPage = () => <CrudEditPage screens={${n.camelOne}Screens} />;
`,
);
write(
  `${feature}/messages.ts`,
  `import { addFeatureMessages } from '../../lib/i18n';

/** This feature's messages, in the user's language, loaded with its chunk (lib/i18n.ts, addFeatureMessages). */
export const messagesLoaded = addFeatureMessages({
  en: () => import('./locales/en.json'),
  ta: () => import('./locales/ta.json'),
});
`,
);
write(
  `${feature}/index.ts`,
  `/** The ${englishMany} feature's lazy chunk. */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { ${n.PascalOne}CreatePage, ${n.PascalOne}EditPage, ${n.PascalMany}ListPage } from './screens';
`,
);
write(
  `${feature}/manifest.ts`,
  `import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const ${n.camelMany}Feature = defineFeature({
  name: '${n.kebabMany}',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/${n.kebabMany}', page: '${n.PascalMany}ListPage', permission: '${resource}.view' },
    { scope: 'company', path: '/${n.kebabMany}/new', page: '${n.PascalOne}CreatePage', permission: '${resource}.create' },
    { scope: 'company', path: '/${n.kebabMany}/$${n.camelOne}Id/edit', page: '${n.PascalOne}EditPage', permission: '${resource}.update' },
  ],
  nav: [{ scope: 'company', path: '/${n.kebabMany}', title: 'nav.${n.camelMany}', icon: 'mapPin', group: 'places' }],
  navTitles: { en: navEn, ta: navTa },
});
`,
);
write(`${feature}/locales/nav.en.json`, json2({ nav: { [n.camelMany]: capitalised(englishMany) } }));
write(`${feature}/locales/nav.ta.json`, json2({ nav: { [n.camelMany]: taMany } }));
const E1 = capitalised(englishOne);
write(
  `${feature}/locales/en.json`,
  json2({
    [n.camelMany]: {
      title: capitalised(englishMany),
      add: `Add ${englishOne}`,
      search: `Search ${englishMany}`,
      searchPlaceholder: 'Search by name or notes',
      statusFilter: 'Filter by status',
      loadError: `${capitalised(englishMany)} could not be loaded`,
      empty: `No ${englishMany} yet.`,
      emptyFiltered: `No ${englishMany} match your search.`,
      exportFile: n.kebabMany,
      fields: { name: 'Name', notes: 'Notes', status: 'Status', created_at: 'Created' },
      editOne: 'Edit {{name}}',
      deleteOne: 'Delete {{name}}',
      delete: { title: `Delete ${englishOne}` },
      toast: {
        created: `${E1} {{name}} created.`,
        updated: `${E1} {{name}} saved.`,
        deleted: `${E1} {{name}} deleted.`,
        activated: `${E1} {{name}} is now active.`,
        deactivated: `${E1} {{name}} is now inactive.`,
      },
      backToList: `← Back to ${englishMany}`,
      createTitle: `Add ${englishOne}`,
      editTitle: `Edit ${englishOne} {{name}}`,
      editTitleGeneric: `Edit ${englishOne}`,
      notFound: `${E1} not found`,
      form: {
        nameHint: 'Unique in your company',
        active: 'Active',
        activeHint: `Inactive ${englishMany} are not offered for new work.`,
        create: `Create ${englishOne}`,
        save: 'Save changes',
      },
    },
  }),
);
// The Tamil names stand alone (a title, before a colon, at a sentence's start), so no case ending is needed.
write(
  `${feature}/locales/ta.json`,
  json2({
    [n.camelMany]: {
      title: taMany,
      add: `புதிய ${taOne}`,
      search: `${taMany}: தேடல்`,
      searchPlaceholder: 'பெயர் அல்லது குறிப்புகளால் தேடவும்',
      statusFilter: 'நிலையால் வடிகட்டவும்',
      loadError: `${taMany}: ஏற்ற முடியவில்லை`,
      empty: `${taMany}: இன்னும் எதுவும் இல்லை.`,
      emptyFiltered: `${taMany}: உங்கள் தேடலுக்குப் பொருந்துவது எதுவும் இல்லை.`,
      exportFile: n.kebabMany,
      fields: { name: 'பெயர்', notes: 'குறிப்புகள்', status: 'நிலை', created_at: 'உருவாக்கிய தேதி' },
      editOne: 'திருத்து: {{name}}',
      deleteOne: 'நீக்கு: {{name}}',
      delete: { title: `${taOne}: நீக்கவா?` },
      toast: {
        created: `${taOne} {{name}} உருவாக்கப்பட்டது.`,
        updated: `${taOne} {{name}} சேமிக்கப்பட்டது.`,
        deleted: `${taOne} {{name}} நீக்கப்பட்டது.`,
        activated: `${taOne} {{name}} இப்போது செயலில் உள்ளது.`,
        deactivated: `${taOne} {{name}} இப்போது செயலில் இல்லை.`,
      },
      backToList: `← ${taMany}`,
      createTitle: `புதிய ${taOne}`,
      editTitle: `${taOne} {{name}}: திருத்தம்`,
      editTitleGeneric: `${taOne}: திருத்தம்`,
      notFound: `${taOne}: கிடைக்கவில்லை`,
      form: {
        nameHint: 'உங்கள் நிறுவனத்தில் தனித்துவமானது',
        active: 'செயலில்',
        activeHint: 'செயலில் இல்லாதவை புதிய பணிகளுக்கு வழங்கப்படாது.',
        create: `${taOne}: உருவாக்கு`,
        save: 'மாற்றங்களைச் சேமி',
      },
    },
  }),
);
change('apps/web/src/app/features.ts', (text) =>
  beforeClosing(
    text.replace(
      "import type { FeatureManifest } from '../lib/features';\n",
      `import type { FeatureManifest } from '../lib/features';\nimport { ${n.camelMany}Feature } from '../features/${n.kebabMany}/manifest';\n`,
    ),
    'export const webFeatures: readonly FeatureManifest[] = [',
    '\n];',
    `  ${n.camelMany}Feature,`,
  ),
);
for (const [language, label] of [
  ['en', capitalised(englishMany)],
  ['ta', taMany],
] as const) {
  json(`apps/web/src/features/roles/locales/${language}.json`, (data) => {
    section(data, 'roles.resources')[resource] = label;
  });
}

// ---- the browser test --------------------------------------------------------------------------------------------

write(
  `apps/web/e2e/${n.kebabMany}.spec.ts`,
  `import { expect, test } from '@playwright/test';
import { record } from './catalogue';
import { openAsAdmin, seriousViolations, toast } from './support';

/** ${capitalised(englishMany)}: added from the list, found, changed, deleted; the screens pass axe. */
test('adds, finds, changes and deletes a ${englishOne}', async ({ page, request }) => {
  const name = \`${E1} \${Date.now().toString(36)}\`;
  await openAsAdmin(page, request, '/1/${n.kebabMany}');
  await expect(page.getByRole('heading', { level: 1, name: '${capitalised(englishMany)}' })).toBeVisible();
  await page.getByRole('link', { name: 'Add ${englishOne}' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Notes' }).fill('By the north gate');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create ${englishOne}' }).click();
  await expect(toast(page, \`${E1} \${name} created.\`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search ${englishMany}' }).fill(name);
  await expect(record(page, name)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await record(page, name).getByRole('link', { name: \`Edit \${name}\` }).click();
  await page.getByRole('textbox', { name: 'Notes' }).fill('By the south gate');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, \`${E1} \${name} saved.\`)).toBeVisible();

  await record(page, name).getByRole('button', { name: \`Delete \${name}\` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, \`${E1} \${name} deleted.\`)).toBeVisible();
  await expect(record(page, name)).toHaveCount(0);
});
`,
);

// ---- the migration, and the files in the project's style -------------------------------------------------------------

const run = (command: string, args: string[], cwd = root) => execFileSync(command, args, { cwd, stdio: 'inherit' });
if (!values['no-migration']) {
  run(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--name', n.snakeMany], join(root, 'apps/api'));
}
run(join(root, 'node_modules/.bin/biome'), ['check', '--write', ...[...written, ...changed].map((path) => join(root, path))]);

console.log(`\n${plural}: written`);
for (const path of written) console.log(`  + ${path}`);
console.log('changed (one line each in the lists that name every resource):');
for (const path of changed) console.log(`  ~ ${relative(root, join(root, path))}`);
console.log(`\nNext: its own fields in the contract, the table (npm run db:generate), the screens' fields and the texts.`);
