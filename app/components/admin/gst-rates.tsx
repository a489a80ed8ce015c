import { useCallback, useEffect, useState } from "react";
import type { GstRateEntry } from "../../../shared/sales/gst-rate";
import { api, errorMessage } from "../../lib/api-client";
import { useConfirm } from "./dialog";
import { FormErrors, TextField } from "./fields";
import { buttonClass, formatDate } from "./screen-parts";
import { useToast } from "./toast";

const EMPTY = { hsn: "", rate: "", effectiveFrom: "", description: "" };

/**
 * Site Settings → GST rates (owners; issue 32): the table quotations take their tax from, by HSN or SAC code
 * from a day on. When the law changes, an owner adds the new rate from its day; quotations made before it
 * keep the old one. A wrong entry is deleted.
 */
export function GstRates() {
  const toast = useToast();
  const confirm = useConfirm();
  const [rates, setRates] = useState<GstRateEntry[] | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(async () => {
    try {
      setRates(await api<GstRateEntry[]>("/api/gst-rates"));
    } catch (err) {
      setError(errorMessage(err, "The GST rates could not be loaded."));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api("/api/gst-rates", { method: "POST", json: values });
      toast.success(`GST ${values.rate}% for HSN ${values.hsn} from ${values.effectiveFrom} added.`);
      setValues(EMPTY);
      await reload();
    } catch (err) {
      setError(errorMessage(err, "The rate could not be added."));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (r: GstRateEntry) => {
    const question = `Delete the rate of ${r.rate}% for HSN ${r.hsn} from ${formatDate(r.effectiveFrom)}?`;
    if (!(await confirm(question, { title: "Delete this GST rate?", confirmLabel: "Delete" }))) return;
    try {
      await api(`/api/gst-rates/${r._id}`, { method: "DELETE" });
      await reload();
    } catch (err) {
      toast.error(errorMessage(err, "The rate could not be deleted."));
    }
  };
  return (
    <section aria-labelledby="gst-rates" className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="gst-rates" className="text-lg font-bold text-brand-700">
        GST rates
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Quotations take each line's GST from here, by its HSN or SAC code (or the code's first digits) on the quotation's day.
        When a rate changes, add the new one from the day it applies.
      </p>
      {rates && (
        <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200 text-sm">
          {rates.map((r) => (
            <li key={r._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                HSN <strong>{r.hsn}</strong>: {r.rate}% from {formatDate(r.effectiveFrom)}
                {r.description && <span className="block text-slate-600">{r.description}</span>}
              </span>
              <button type="button" className={buttonClass("danger-outline", "sm")} onClick={() => void remove(r)}>
                Delete
                <span className="sr-only">
                  {" "}
                  the rate for HSN {r.hsn} from {formatDate(r.effectiveFrom)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={add} className="mt-4 grid gap-3 sm:grid-cols-3">
        <TextField
          label="HSN or SAC code"
          inputMode="numeric"
          value={values.hsn}
          onChange={(hsn) => setValues((v) => ({ ...v, hsn }))}
        />
        <TextField
          label="Rate (%)"
          inputMode="decimal"
          value={values.rate}
          onChange={(rate) => setValues((v) => ({ ...v, rate }))}
        />
        <TextField
          label="Effective from"
          type="date"
          value={values.effectiveFrom}
          onChange={(effectiveFrom) => setValues((v) => ({ ...v, effectiveFrom }))}
        />
        <div className="sm:col-span-3">
          <TextField
            label="What it covers (optional)"
            value={values.description}
            onChange={(description) => setValues((v) => ({ ...v, description }))}
          />
        </div>
        <div className="sm:col-span-3">
          <FormErrors messages={error ? [error] : []} />
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            {busy ? "Adding..." : "Add rate"}
          </button>
        </div>
      </form>
    </section>
  );
}
