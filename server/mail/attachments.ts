import type { Database } from "../db/client";
import type { MailAttachment } from "./transport";

/** A file an outbox e-mail carries, named by what it is made from: it is made again at each try. */
export type OutboxAttachment = { kind: "quotation-pdf"; quotationId: string };

/** Makes the files of one e-mail; throws when one cannot be made (the outbox then retries). */
export type AttachmentMaker = (db: Database, list: OutboxAttachment[]) => Promise<MailAttachment[]>;
