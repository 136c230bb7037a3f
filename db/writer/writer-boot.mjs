// Entry of the writer thread. A plain .mjs file loaded by path at run time (never bundled by Next), which
// registers TypeScript support (tsx, a runtime dependency) and then loads the writer from the sources, so
// the same apply code the tests exercise runs in the production server's writer thread.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
