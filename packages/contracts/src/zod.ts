// Every schema file takes `z` from here, so this runs before the first schema is built. zod v4
// probes `new Function` when it builds an object schema; in a browser our CSP refuses eval and
// reports the refused probe as a violation, so there zod parses without compiling. Node (the API)
// has no CSP and keeps zod's compiled parsers.
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
