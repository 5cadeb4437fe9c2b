// Made at build time from the contracts by scripts/contractSchemasPlugin.ts.
declare module 'virtual:contract-schemas' {
  const contractSchemas: { $defs: Record<string, import('@cfworker/json-schema').Schema> };
  export default contractSchemas;
}
