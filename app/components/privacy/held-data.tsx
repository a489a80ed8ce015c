import { CONSENT_LABEL, CONSENT_PURPOSES } from "../../../shared/privacy/consent";
import type { PersonalData } from "../../../shared/privacy/personal-data";
import { PRIVACY_REQUEST_KIND_LABEL, type PrivacyRequestKind } from "../../../shared/privacy/request";

/** The personal data held for one address, as the person sees it on /privacy/request (a summary, readable on a phone). */

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const day = (isoDay: string) =>
  new Date(`${isoDay}T00:00:00+05:30`).toLocaleDateString("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

function Fields({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
      {rows
        .filter(([, value]) => value !== "")
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-900">{label}</dt>
            <dd className="break-words whitespace-pre-line text-slate-700">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function Group({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  return (
    <section className="mt-6">
      <h3 className="text-lg font-semibold text-brand-900">{title}</h3>
      {empty ? <p className="mt-2 text-sm text-slate-600">None.</p> : <ul className="mt-2 space-y-3">{children}</ul>}
    </section>
  );
}

const card = "rounded-md border border-slate-200 bg-white p-3 sm:p-4";

export function HeldData({ data }: { data: PersonalData }) {
  return (
    <div>
      <Group title="Your enquiries" empty={data.enquiries.length === 0}>
        {data.enquiries.map((e) => (
          <li key={e.reference} className={card}>
            <p className="mb-2 font-semibold text-slate-900">
              {e.kind} {e.reference} · {when(e.date)}
            </p>
            <Fields
              rows={[
                ["Name", e.name],
                ["E-mail", e.email],
                ["Phone", e.phone],
                ["Company", e.company],
                ["Subject", e.subject],
                ["Message", e.message],
                ["Products", e.products.map((p) => `${p.name} × ${p.quantity}`).join(", ")],
                [
                  "Came from",
                  e.source === "indiamart" ? "IndiaMART" : e.source === "manual" ? "Our staff (phone, visit)" : "Our website",
                ],
                ["Privacy notice", e.noticeVersion ? `Version ${e.noticeVersion}, shown with the form` : ""],
                [
                  "Optional consents",
                  CONSENT_PURPOSES.filter((p) => e.consents[p])
                    .map((p) => CONSENT_LABEL[p])
                    .join("; ") || "None given",
                ],
              ]}
            />
          </li>
        ))}
      </Group>
      <Group title="Customer records that list you" empty={data.customers.length === 0}>
        {data.customers.map((c) => (
          <li key={`${c.company}-${c.you.email}`} className={card}>
            <Fields
              rows={[
                ["Company", c.company],
                ["GSTIN", c.gstin],
                ["City", c.city],
                ["Your name", c.you.name],
                ["Your phone", c.you.phone],
                ["Your e-mail", c.you.email],
              ]}
            />
          </li>
        ))}
      </Group>
      <Group title="Quotations" empty={data.quotations.length === 0}>
        {data.quotations.map((q) => (
          <li key={`${q.number}-${q.version}`} className={card}>
            <Fields
              rows={[
                ["Quotation", q.version > 1 ? `${q.number} (revision ${q.version})` : q.number],
                ["Dated", day(q.date)],
                ["Valid until", day(q.validUntil)],
                ["Status", q.status],
                ["Total", q.total],
              ]}
            />
          </li>
        ))}
      </Group>
      <Group title="Your privacy requests" empty={data.requests.length === 0}>
        {data.requests.map((r) => (
          <li key={`${r.kind}-${r.date}`} className={card}>
            <Fields
              rows={[
                ["Request", PRIVACY_REQUEST_KIND_LABEL[r.kind as PrivacyRequestKind] ?? r.kind],
                ["When", when(r.date)],
                ["Status", r.status],
                ["What was done", r.outcome],
              ]}
            />
          </li>
        ))}
      </Group>
    </div>
  );
}
