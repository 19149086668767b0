// How `npm start`'s supervisor starts the server process, for its memory (docs/benchmarks.md, "List
// endpoints and memory"): one PGlite process with the demo data stays within 512 MB idle and under load.
// Each allocator setting gives way to the same one set by whoever starts `npm start`.

/**
 * glibc's allocator: freed blocks of 128 KB and more go back to the system at once (its default threshold
 * rises to the largest block freed, so the 19 MiB of every password hash and the buffers of large
 * answers stayed in the process for good), and two arenas instead of eight per core, so memory freed by
 * one thread is reused by the others. Without these a start that seeded the demo workspace idled at
 * 458–926 MB; with them at about 415 MB. Other C libraries ignore them.
 */
const ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_ARENA_MAX: "2" };

/** The server process's environment: ours under the caller's. */
export const serverEnv = (env) => ({ ...ALLOCATOR_ENV, ...env });

/**
 * Node flags for the server process. V8 grows the old generation by at most 40 % of what a full
 * collection kept: under 50 connections on a list endpoint the heap otherwise swelled to four times its
 * live set (about 60 MB live, 250 MB used) before collecting, for ~5 % more CPU per request. (Node
 * refuses this flag in NODE_OPTIONS, so it is given here, on the command line.)
 */
export const SERVER_NODE_FLAGS = ["--heap-growing-percent=40"];
