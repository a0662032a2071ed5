/** What global-setup.ts provides to every server test file (vitest's inject('testTemplates')). */
declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: { kind: 'pglite' | 'postgres'; migrated: string; demo: string };
  }
}

export {};
