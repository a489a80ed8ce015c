import { useCallback, useEffect, useState } from "react";
import type { OldAddress, SluggedKind } from "../../../shared/schemas/redirects";
import { api, errorMessage } from "../../lib/api-client";
import { useCan } from "./current-user";
import { RowActionButton } from "./screen-parts";

/**
 * In a product's, category's or service's dialog: the addresses the record had before its slug changed,
 * which now redirect to its page (docs/decisions/025). Staff may remove one (it then answers "Page not
 * found"). Nothing for a new record, one without old addresses, or a role that cannot change content.
 */
export function OldAddresses({ kind, recordId }: { kind: SluggedKind; recordId: string | null | undefined }) {
  const canChange = useCan("content");
  const [addresses, setAddresses] = useState<OldAddress[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!recordId || !canChange) return;
    try {
      setAddresses(await api<OldAddress[]>("/api/old-addresses", { query: { kind, id: recordId } }));
    } catch (err) {
      setError(errorMessage(err, "Failed to fetch the old addresses."));
    }
  }, [kind, recordId, canChange]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (address: OldAddress) => {
    setBusy(address._id);
    setError(null);
    try {
      await api(`/api/old-addresses/${address._id}`, { method: "DELETE" });
      setAddresses((list) => list.filter((a) => a._id !== address._id));
    } catch (err) {
      setError(errorMessage(err, "Failed to remove the old address."));
    } finally {
      setBusy(null);
    }
  };

  if (!recordId || !canChange || (addresses.length === 0 && !error)) return null;
  return (
    <section
      aria-labelledby={`old-addresses-${recordId}`}
      className="rounded-md border border-slate-200 bg-slate-50 p-3"
      data-testid="old-addresses"
    >
      <h3 id={`old-addresses-${recordId}`} className="text-sm font-semibold text-slate-900">
        Old addresses
      </h3>
      <p className="text-sm text-slate-600">These earlier addresses lead visitors here.</p>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {/* The button stays on the right however long the path; a long path wraps at a hyphen where it can. */}
      <ul className="mt-2 divide-y divide-slate-200">
        {addresses.map((a) => (
          <li key={a._id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 py-1.5">
            <span className="font-mono text-sm wrap-anywhere text-slate-800">{a.path}</span>
            <RowActionButton action="remove" row={a} busy={busy} target={`the old address ${a.path}`} onClick={remove} />
          </li>
        ))}
      </ul>
    </section>
  );
}
