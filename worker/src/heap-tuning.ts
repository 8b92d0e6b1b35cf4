import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past the live heap before its next full collection: 1.25x. V8's own
 * choice (up to 4x on an idle-looking process) let an export's short-lived page data pile up as uncollected old
 * garbage: the live heap stayed at ~46 MB while RSS rose from ~150 MB to ~230 MB over a million rows. At 1.25x the
 * same export peaks at ~165 MB at the same speed (bench/exports.mjs). Set here, before the app allocates, so every
 * way of starting the worker (npm scripts, demo, Docker, tests) gets it.
 */
const HEAP_GROWING_PERCENT = 25;

setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
