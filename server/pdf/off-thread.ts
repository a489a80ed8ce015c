import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { SiteSettings } from "../../shared/content/settings";
import type { Quotation } from "../../shared/sales/quotation";
import type { DatasheetInput } from "../content/datasheet";
import { inTurn } from "./in-turn";

/**
 * PDFs are made on a thread of their own (issue 44): laying out a 45-page quotation is about a second of
 * CPU, and on the server's one thread twelve clients on one link made the home page wait 1.5–2.7 s. One
 * worker, started on the first PDF and stopped after a minute without one (it holds fonts and PDFKit:
 * about 40 MB). At most two PDFs are in the making at a time; the rest wait their turn.
 *
 * The worker is server/pdf-worker.ts: bundled beside the server as build/server/pdf-worker.js by
 * `npm run build`, and compiled by tsx when the server runs from source (dev, tests).
 */

export type PdfJob =
  | { kind: "quotation"; input: { quotation: Quotation; settings: SiteSettings } }
  | { kind: "datasheet"; input: DatasheetInput };
export type PdfResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

const IDLE_MS = 60_000;
const here = fileURLToPath(import.meta.url);
const fromSource = here.endsWith(".ts");

function startWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: 160 } };
  // Bundled, this module sits in build/server/ or a chunk of it (build/server/assets/…).
  if (!fromSource)
    return new Worker(
      path.join(here.slice(0, here.lastIndexOf(`${path.sep}server${path.sep}`)), "server", "pdf-worker.js"),
      options,
    );
  // The API tests have just made the build current (tests/support/global-setup.ts) and name its worker: loading it
  // spares each test process compiling the entry with tsx (about a second of CPU).
  if (process.env.PNEUMA_PDF_WORKER) return new Worker(process.env.PNEUMA_PDF_WORKER, options);
  // From source: tsx (a dependency) loads the TypeScript entry inside the new thread.
  const entry = path.join(path.dirname(path.dirname(here)), "pdf-worker.ts");
  return new Worker(path.join(path.dirname(here), "worker-from-source.mjs"), { ...options, workerData: { entry } });
}

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (pdf: Buffer) => void; reject: (err: Error) => void }>();

function theWorker(): Worker {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (worker) return worker;
  const started = startWorker();
  // Neither a test nor a command-line tool waits for this thread to end; the server's own socket keeps it running.
  started.unref();
  started.on("message", (result: PdfResult) => {
    const waiting = pending.get(result.id);
    if (!waiting) return;
    pending.delete(result.id);
    if ("pdf" in result) waiting.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
    else waiting.reject(new Error(`the PDF could not be made: ${result.error}`));
    if (pending.size === 0) idleTimer = setTimeout(stopWorker, IDLE_MS).unref();
  });
  // A crash (out of memory, a bug) fails what it was making; the next PDF starts a new thread.
  const failAll = (err: Error) => {
    if (worker !== started) return;
    worker = null;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(err);
    }
  };
  started.on("error", failAll);
  started.on("exit", (code) => failAll(new Error(`the PDF thread stopped (exit code ${code})`)));
  worker = started;
  return started;
}

function stopWorker(): void {
  const idle = worker;
  worker = null;
  idleTimer = null;
  void idle?.terminate();
}

const inTurnOfTwo = inTurn(2);

/** The PDF `job` describes, made on the PDF thread. */
export function renderPdf(job: PdfJob): Promise<Buffer> {
  return inTurnOfTwo(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        theWorker().postMessage({ id, job });
      }),
  );
}
