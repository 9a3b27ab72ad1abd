import { PLAN_CODE_SUFFIX_BY_STAGE } from '../lib/config';

/**
 * The local runtime sells the dev stage's plans (`_dev` plan codes): the handlers, the web app's
 * config.json and the demo seed all take the suffix from here.
 */
export const LOCAL_PLAN_CODE_SUFFIX = PLAN_CODE_SUFFIX_BY_STAGE.dev;
