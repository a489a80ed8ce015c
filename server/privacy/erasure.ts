import type { Database } from "../db/client";

/** What an erasure did, in words for the person and for staff (PLACEHOLDER: a helper is writing it). */
export interface ErasureReport {
  /** What was erased or anonymised ("3 enquiries", "your name in 2 notes"). */
  erased: string[];
  /** What the law makes the company keep, each with why ("Quotation QT/2026-27/0004 you accepted: tax law, 8 years"). */
  kept: string[];
}

/** The records a retention pass erases (their personal details; the records stay, anonymous). */
export interface ErasureTargets {
  contactIds: string[];
  dealIds: string[];
  quotationIds: string[];
}

/** Erases one person (by e-mail address) everywhere the site keeps them, in one transaction. */
export async function erasePerson(_db: Database, _email: string): Promise<ErasureReport> {
  return { erased: [], kept: [] };
}

/** Erases the personal details of these records (and what hangs off them: notes, e-mails, versions), in one transaction. */
export async function eraseRecords(_db: Database, _targets: ErasureTargets): Promise<ErasureReport> {
  return { erased: [], kept: [] };
}
