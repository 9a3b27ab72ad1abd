/**
 * The zod every handler and shared contract uses: `zod/mini` with English messages. Classic zod
 * attaches every method to every schema, so a handler bundle kept ~88 kB of it whatever it used;
 * zod/mini's functions tree-shake to the ~20 kB a handler needs (the 150 kB budget per
 * handler). zod/mini loads no locale by default ("Invalid input" for every problem); English is
 * configured here once, so messages read exactly as with classic zod.
 * Import it as a namespace (`import * as z from '…/shared/zod'`): a named `{ z }` import would
 * keep the whole library, locales included.
 */
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());

export * from 'zod/mini';
