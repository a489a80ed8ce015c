import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in of IndiaMART Lead Manager's CRM API v2, answering as its documentation describes:
 * GET …/crmListing/v2/?glusr_crm_key=…&start_time=DD-Mon-YYYY HH:MM:SS&end_time=… (India time, at most 7 days
 * apart), one call per interval per key (else CODE 429), and the envelope CODE, STATUS, MESSAGE, TOTAL_RECORDS,
 * RESPONSE with the leads whose QUERY_TIME falls in the window (CODE 204 when none).
 */

/** One lead as RESPONSE lists it: every field is there, "" when IndiaMART has nothing for it. */
export interface StandInLead {
  UNIQUE_QUERY_ID: string;
  /** "W" a direct enquiry, "B" a bought buy-lead, "P" a phone call (PNS), "BIZ" a catalogue view. */
  QUERY_TYPE: string;
  /** "2026-11-28 09:03:11", India time. */
  QUERY_TIME: string;
  SENDER_NAME: string;
  SENDER_MOBILE: string;
  SENDER_EMAIL: string;
  SUBJECT: string;
  SENDER_COMPANY: string;
  SENDER_ADDRESS: string;
  SENDER_CITY: string;
  SENDER_STATE: string;
  SENDER_PINCODE: string;
  /** "IN" for India. */
  SENDER_COUNTRY_ISO: string;
  QUERY_PRODUCT_NAME: string;
  /** The buyer's message; IndiaMART writes its line breaks as <br>. */
  QUERY_MESSAGE: string;
  /** IndiaMART's own category of the product asked about. */
  QUERY_MCAT_NAME: string;
  /** A phone call's length in seconds (QUERY_TYPE "P"); "" otherwise. */
  CALL_DURATION: string;
  /** The seller's number the buyer called (QUERY_TYPE "P"). */
  RECEIVER_MOBILE: string;
}

export interface IndiamartStandIn {
  url: string;
  leads: StandInLead[];
  /** Every call's parameters, in order. */
  calls: { key: string; start: string; end: string; code: number }[];
  /** The next call answers this CODE and MESSAGE instead. */
  failNext(code: number, message: string): void;
  /** The next call is answered by `respond` (a hostile or broken IndiaMART: any body, any size). */
  answerNext(respond: (res: ServerResponse) => void): void;
  close(): Promise<void>;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const TIME = /^(\d{2})-([A-Z][a-z]{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;

/** "28-Nov-2026 09:05:00" (India time) as a moment, or null. */
export function timeOf(text: string): Date | null {
  const m = TIME.exec(text);
  const month = m ? MONTHS.indexOf(m[2]!) : -1;
  if (!m || month < 0) return null;
  return new Date(`${m[3]}-${String(month + 1).padStart(2, "0")}-${m[1]}T${m[4]}:${m[5]}:${m[6]}+05:30`);
}

/** India's time of a moment as QUERY_TIME writes it. */
export function queryTimeOf(date: Date): string {
  return new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace("T", " ");
}

export async function startIndiamartStandIn(key: string, intervalMs: number): Promise<IndiamartStandIn> {
  const leads: StandInLead[] = [];
  const calls: IndiamartStandIn["calls"] = [];
  let failure: { code: number; message: string } | null = null;
  let custom: ((res: ServerResponse) => void) | null = null;
  let lastCall = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const answer = (code: number, message: string, response: StandInLead[] = []) => {
      calls.push({
        key: url.searchParams.get("glusr_crm_key") ?? "",
        start: url.searchParams.get("start_time") ?? "",
        end: url.searchParams.get("end_time") ?? "",
        code,
      });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          CODE: code,
          STATUS: code === 200 ? "SUCCESS" : "FAILURE",
          MESSAGE: message,
          TOTAL_RECORDS: response.length,
          RESPONSE: response,
        }),
      );
    };
    if (req.method !== "GET" || !url.pathname.endsWith("/crmListing/v2/")) return answer(404, "Not found");
    if (url.searchParams.get("glusr_crm_key") !== key)
      return answer(401, "Key is expired or incorrect. Please generate a new key.");
    const now = Date.now();
    if (now - lastCall < intervalMs) {
      return answer(
        429,
        "It is advised to hit this API once in every 5 minutes, but it seems that you have crossed this limit. Please try again after 5 minutes.",
      );
    }
    lastCall = now;
    if (custom) {
      const respond = custom;
      custom = null;
      calls.push({
        key: url.searchParams.get("glusr_crm_key") ?? "",
        start: url.searchParams.get("start_time") ?? "",
        end: url.searchParams.get("end_time") ?? "",
        code: 200,
      });
      return respond(res);
    }
    if (failure) {
      const f = failure;
      failure = null;
      return answer(f.code, f.message);
    }
    const start = timeOf(url.searchParams.get("start_time") ?? "");
    const end = timeOf(url.searchParams.get("end_time") ?? "");
    if (!start || !end) return answer(400, "Invalid date format. Please use DD-Mon-YYYY HH:MM:SS.");
    if (end < start || end.getTime() - start.getTime() > 7 * 24 * 3600_000)
      return answer(400, "The time range must be at most 7 days.");
    const within = leads.filter((l) => {
      const at = new Date(`${l.QUERY_TIME.replace(" ", "T")}+05:30`);
      return at >= start && at <= end;
    });
    if (within.length === 0)
      return answer(204, "There are no leads in the given time duration. Please try for a different duration.");
    return answer(200, "", within);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/wservce/crm/crmListing/v2/`,
    leads,
    calls,
    failNext(code, message) {
      failure = { code, message };
    },
    answerNext(respond) {
      custom = respond;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
