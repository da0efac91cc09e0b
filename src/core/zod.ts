// zod for the whole app, set to run without `new Function`: zod's JIT (and even its probe for
// whether eval is allowed) breaks the Content-Security-Policy (script-src 'self', no eval). The
// setting is read when a schema is built, so every module takes z from here, never from 'zod'.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
