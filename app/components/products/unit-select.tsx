import { DEFAULT_FINDER_UNITS, FINDER_UNITS, type FinderUnits } from "../../../shared/content/product-finder";
import { unitsOf } from "../../../shared/lib/units";

const LABELS: Record<keyof FinderUnits, string> = { flow: "Flow in", pressure: "Pressure in", power: "Power in" };

/**
 * The unit a visitor reads one quantity in (the finder and compare pages): a select named `flowUnit`,
 * `pressureUnit` or `powerUnit`, as the URL carries it. `data-default` lets the finder leave it out of
 * the URL when it is the default.
 */
export function UnitSelect({ quantity, value }: { quantity: keyof FinderUnits; value: string }) {
  const offered = FINDER_UNITS[quantity] as readonly string[];
  return (
    <label className="block text-sm">
      <span className="font-semibold text-slate-800">{LABELS[quantity]}</span>
      <select
        name={`${quantity}Unit`}
        defaultValue={value}
        data-default={DEFAULT_FINDER_UNITS[quantity]}
        className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2"
      >
        {unitsOf(quantity)
          .filter((u) => offered.includes(u.value))
          .map((u) => (
            <option key={u.value} value={u.value}>
              {u.label}
            </option>
          ))}
      </select>
    </label>
  );
}
