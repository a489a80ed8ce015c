import { CheckIcon } from "../icons";

export interface Feature {
  name: string;
  detail?: string;
}

/** The category page lists its features in two light columns; the product page boxes each one. */
const LOOKS = {
  category: {
    item: "flex gap-3",
    badge: "bg-brand-700 text-white",
    text: "text-sm text-slate-700",
    name: "font-semibold text-slate-900",
    detail: "block",
  },
  product: {
    item: "flex gap-3 rounded-lg border border-slate-200 p-4",
    badge: "bg-accent-500 text-brand-900",
    text: undefined,
    name: "block font-semibold text-slate-900",
    detail: "block text-sm text-slate-600",
  },
} as const;

/** A category's or product's features: each a name, an optional line about it, after a round tick. */
export function FeatureList({
  features,
  look,
  className,
}: {
  features: readonly Feature[];
  look: keyof typeof LOOKS;
  className: string;
}) {
  const classes = LOOKS[look];
  return (
    <ul className={className}>
      {features.map((f) => (
        <li key={`${f.name}-${f.detail ?? ""}`} className={classes.item}>
          <span className={`mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full ${classes.badge}`}>
            <CheckIcon className="h-3.5 w-3.5" />
          </span>
          <span className={classes.text}>
            <span className={classes.name}>{f.name}</span>
            {f.detail && <span className={classes.detail}>{f.detail}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
