import { useCan } from "./current-user";
/** Small shared pieces of the admin look: buttons, headings, loading / empty / failure states. */

export type ButtonVariant = "primary" | "secondary" | "danger" | "danger-outline" | "ghost" | "accent";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-900 disabled:bg-slate-400",
  accent: "bg-accent-500 text-brand-900 hover:bg-accent-600 disabled:bg-slate-300",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-500",
  "danger-outline": "border border-slate-300 bg-white text-red-700 hover:border-red-300 hover:bg-red-50 disabled:text-slate-500",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400",
  ghost: "text-brand-700 hover:bg-brand-50 disabled:text-slate-500",
};

export function buttonClass(variant: ButtonVariant = "primary", size: "sm" | "md" = "md"): string {
  const pad = size === "sm" ? "min-h-8 px-3 py-1.5 text-sm" : "min-h-10 px-4 py-2 text-sm";
  return `inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed ${pad} ${VARIANTS[variant]}`;
}

export function Spinner({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg
      className={`animate-spin motion-reduce:animate-none ${className}`}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" fill="none" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** The centred "Loading..." state of a screen or of the whole panel. */
export function LoadingState({ label = "Loading..." }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
      <Spinner className="h-6 w-6 text-brand-500" />
      <span>{label}</span>
    </div>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-brand-700">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function EmptyState({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-slate-600">{text}</p>
      {children && <div className="mt-4">{children}</div>}
    </div>
  );
}

export function ErrorState({
  text,
  onRetry,
  retryLabel = "Try Again",
}: {
  text: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-6 py-8 text-center">
      <p className="font-medium text-red-800">{text}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className={`${buttonClass("secondary")} mt-4`}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}

/** "2 Mar 2026", or with the time "2 Mar 2026, 09:30 am", in the browser's zone unless given; "" for none. */
export function formatDate(iso: string | null | undefined, withTime = false, timeZone?: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleString("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    ...(timeZone ? { timeZone } : {}),
    ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
  });
}

/**
 * The add button of a content screen ("+ Add Banner"); for a role that cannot change content (sales), a
 * note that the screen is read-only instead.
 */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  if (!useCan("content")) {
    return (
      <p data-testid="read-only" className="max-w-xs rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
        Read only: changing the catalogue needs the Editor or Owner role.
      </p>
    );
  }
  return (
    <button type="button" className={buttonClass("primary")} onClick={onClick}>
      + {label}
    </button>
  );
}

/**
 * The Edit and Delete buttons of one record; the record's name completes their accessible names. Not shown
 * to a role that cannot change content.
 */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  if (!useCan("content")) return null;
  return (
    <>
      <button type="button" className={buttonClass("secondary", "sm")} onClick={onEdit}>
        Edit<span className="sr-only"> {name}</span>
      </button>
      <button type="button" className={buttonClass("danger-outline", "sm")} onClick={onDelete}>
        Delete<span className="sr-only"> {name}</span>
      </button>
    </>
  );
}

/** What a row's action button says, and while it works. */
const ROW_ACTIONS = {
  remove: { label: "Remove", busyLabel: "Removing...", variant: "danger-outline" },
  restore: { label: "Restore", busyLabel: "Working...", variant: "secondary" },
  purge: { label: "Delete forever", busyLabel: "Delete forever", variant: "danger-outline" },
} as const satisfies Record<string, { label: string; busyLabel: string; variant: ButtonVariant }>;

/**
 * A small button acting on one row of a list (Remove, Restore): disabled while any row is being changed
 * (`busy` holds that row's id), saying so while its own row is; `target` ends its accessible name.
 */
export function RowActionButton<Row extends { _id: string }>({
  action,
  row,
  busy,
  target,
  onClick,
}: {
  action: keyof typeof ROW_ACTIONS;
  row: Row;
  busy: string | null;
  target: string;
  onClick: (row: Row) => void;
}) {
  const { label, busyLabel, variant } = ROW_ACTIONS[action];
  return (
    <button type="button" className={buttonClass(variant, "sm")} disabled={busy !== null} onClick={() => onClick(row)}>
      {busy === row._id ? busyLabel : label}
      <span className="sr-only"> {target}</span>
    </button>
  );
}
