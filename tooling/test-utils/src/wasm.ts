/**
 * V8 flags for the test processes, which run PGlite: baseline WebAssembly code only. The optimising
 * compiler spends more CPU on PGlite's WebAssembly than a test process lives to win back; what the
 * code does is the same.
 */
export const baselineWasm = ["--liftoff-only"];
