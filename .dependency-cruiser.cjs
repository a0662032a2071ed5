/** ARCHITECTURE "Import rules", checked in npm run lint. */
const { tableOwners, sharedSchemaFiles, allowed, ownersOf } = require('./module-boundaries.cjs');

const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SCHEMA = 'apps/server/src/db/schema/';
const MODULES = 'apps/server/src/modules/';

/**
 * Issue 17, decision 021: a module imports only the schema files holding its own tables (ownership in
 * module-boundaries.cjs); the exceptions still allowed are listed there, file by file, with reasons.
 * One rule per schema file: from any module that owns no table in it, tests and listed exceptions aside.
 */
const tableRules = Object.keys(tableOwners).map((file) => ({
  name: `module-reads-only-own-tables:${file}`,
  comment: `${SCHEMA}${file} holds tables of ${ownersOf(file).join(', ')}: another module asks them through their services (module-boundaries.cjs).`,
  severity: 'error',
  from: {
    path: `^${MODULES}`,
    pathNot: [
      ...ownersOf(file).map((owner) => `^${MODULES}${escapeRegex(owner)}/`),
      '\\.test\\.ts$',
      ...allowed.filter((a) => a.schema === file).map((a) => `^${escapeRegex(a.from)}$`),
    ],
  },
  to: { path: `^${SCHEMA}${escapeRegex(file)}$` },
}));

module.exports = {
  forbidden: [
    ...tableRules,
    {
      name: 'schema-file-has-an-owner',
      comment: 'A new schema file gets its tables\' owners in module-boundaries.cjs before a module imports it.',
      severity: 'error',
      from: { path: `^${MODULES}` },
      to: { path: `^${SCHEMA}`, pathNot: [...Object.keys(tableOwners), ...sharedSchemaFiles].map((f) => `^${SCHEMA}${escapeRegex(f)}$`) },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles (type-only imports too): a shared type or function moves to a file both import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-only-zod',
      comment: 'packages/domain imports nothing but zod (and itself).',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { pathNot: ['^packages/domain/', 'node_modules/zod/', '^zod$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-feature-not-another-feature',
      comment: 'A web feature does not import another feature: compose them in src/app.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'server-module-not-another-modules-tables',
      comment: 'Server modules call each other only through exported service functions (and a module\'s guard, such as requireStaff).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/([^/]+)/(?!.*\\.(service|guard)\\.ts$)', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'nothing-imports-e2e-or-bench',
      severity: 'error',
      from: { pathNot: ['^e2e/', '^bench/'] },
      to: { path: ['^e2e/', '^bench/'] },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'dist'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
