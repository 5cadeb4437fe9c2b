// Every schema file takes `z` from here: the one place to set zod up for the whole contract.
// zod runs only where the schemas are built (the API, the build, the tests); the browser checks
// answers against JSON Schema made from them at build time (docs/adr/015-browser-checks-json-schema.md).
import { z } from 'zod';

export { z };
