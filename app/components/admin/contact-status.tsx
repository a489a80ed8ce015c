import { useId } from "react";
import {
  CONTACT_STATUSES,
  CONTACT_TYPE_LABEL,
  type ContactType,
  LEAD_SOURCE_LABEL,
  type LeadSource,
} from "../../../shared/schemas/enquiry-values";

const BADGE: Record<string, string> = {
  new: "bg-brand-100 text-brand-900",
  "in-progress": "bg-amber-100 text-amber-900",
  resolved: "bg-green-100 text-green-900",
};

const STATUS_LABEL: Record<string, string> = { new: "New", "in-progress": "In progress", resolved: "Resolved" };

/** Known statuses in colour; anything else in grey (SPEC §4). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE[status] ?? "bg-slate-200 text-slate-700"}`}
    >
      {STATUS_LABEL[status] ?? status}
    </span>
  );
}

const KIND: Record<ContactType, string> = {
  message: "bg-slate-100 text-slate-800",
  quote: "bg-orange-100 text-orange-900",
  service: "bg-sky-100 text-sky-900",
};

/** The kind of an enquiry: Message, Quote request or Service request. */
export function KindBadge({ type }: { type: ContactType }) {
  return (
    <span
      data-kind={type}
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${KIND[type] ?? KIND.message}`}
    >
      {CONTACT_TYPE_LABEL[type] ?? type}
    </span>
  );
}

const SOURCE: Record<LeadSource, string> = {
  website: "border-slate-300 text-slate-700",
  manual: "border-violet-300 text-violet-900",
  indiamart: "border-rose-300 text-rose-900",
};

/** Where a lead came from: Website, Manual (typed in by staff) or IndiaMART; outlined, beside the kind's filled badge. */
export function SourceBadge({ source }: { source: LeadSource }) {
  return (
    <span
      data-source={source}
      className={`inline-block rounded-full border bg-white px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${SOURCE[source] ?? SOURCE.website}`}
    >
      <span className="sr-only">Source: </span>
      {LEAD_SOURCE_LABEL[source] ?? source}
    </span>
  );
}

/** An enquiry that arrived past the hourly cap and has not been released: no acknowledgement went out. */
export function HeldBadge() {
  return (
    <span
      data-held
      title="Arrived past the hourly cap: no acknowledgement was sent"
      className="inline-block rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-red-900"
    >
      Held
    </span>
  );
}

/** The status dropdown (any status can be set from any other); `data-status` tells the value it shows. */
export function StatusSelect({
  value,
  label,
  onChange,
  disabled,
  visibleLabel,
}: {
  value: string;
  label: string;
  onChange: (status: string) => void;
  disabled?: boolean;
  visibleLabel?: boolean;
}) {
  const id = useId();
  const known = (CONTACT_STATUSES as readonly string[]).includes(value);
  return (
    <div className={visibleLabel ? "" : "inline-block"} data-status={value}>
      <label htmlFor={id} className={visibleLabel ? "mb-1 block text-sm font-semibold text-slate-800" : "sr-only"}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className={`min-h-9 rounded-md border border-slate-400 px-2 py-1 text-sm font-medium ${BADGE[value] ?? "bg-slate-200 text-slate-700"}`}
      >
        {!known && <option value={value}>{value}</option>}
        {CONTACT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABEL[s]}
          </option>
        ))}
      </select>
    </div>
  );
}
