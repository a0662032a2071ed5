/** ARCHITECTURE "Import rules", checked in npm run lint. */
module.exports = {
  forbidden: [
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
