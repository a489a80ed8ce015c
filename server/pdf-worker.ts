import { parentPort } from "node:worker_threads";
import { renderDatasheet } from "./content/datasheet";
import type { PdfJob, PdfResult } from "./pdf/off-thread";
import { renderQuotationPdf } from "./sales/quotation-pdf";

/**
 * The thread that makes PDFs (server/pdf/off-thread.ts starts it): laying out a 45-page quotation takes
 * about a second of CPU, which on the server's own thread would hold every other request that long.
 * An entry point like main.ts, so it may import what each kind of PDF needs.
 */
const RENDER: { [K in PdfJob["kind"]]: (input: Extract<PdfJob, { kind: K }>["input"]) => Promise<Buffer> } = {
  quotation: ({ quotation, settings }) => renderQuotationPdf(quotation, settings),
  datasheet: renderDatasheet,
};

parentPort?.on("message", async ({ id, job }: { id: number; job: PdfJob }) => {
  let answer: PdfResult;
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the kind and its input were checked together by PdfJob
    const pdf = await RENDER[job.kind](job.input as any);
    answer = { id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
  } catch (err) {
    answer = { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  parentPort?.postMessage(answer);
});
