// Starts the PDF thread from source (dev, tests): tsx compiles server/pdf-worker.ts inside the new thread.
// The bundled server starts build/server/pdf-worker.js instead (server/pdf/off-thread.ts).
import { workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

await tsImport(workerData.entry, import.meta.url);
