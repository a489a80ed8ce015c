import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { api, errorMessage } from "../../lib/api-client";
import { useCan } from "./current-user";
import { FormErrors, TextField } from "./fields";
import { buttonClass, formatDate } from "./screen-parts";
import { useToast } from "./toast";

/**
 * IndiaMART Lead Manager in the panel (issue 32): the dashboard's panel (the last pull, how many leads, any
 * error in words, and Pull now for owners) and Site Settings' CRM key form. The key is write-only: the form
 * only knows whether one is set (GET /api/indiamart/status), and saves through PUT /api/settings.
 */

interface IndiamartStatus {
  configured: boolean;
  lastPullAt: string | null;
  lastError: string;
  lastCount: number;
  nextAllowedAt: string | null;
  /**
   * The last pull failed in a way only an owner can fix (IndiaMART refused the CRM key). Owners get the error
   * itself in `lastError`; anyone else an empty `lastError` (the server keeps it from them, issue 45).
   */
  needsOwner: boolean;
}

function useIndiamartStatus() {
  const [status, setStatus] = useState<IndiamartStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setStatus(await api<IndiamartStatus>("/api/indiamart/status"));
      setFailure(null);
    } catch (err) {
      setFailure(errorMessage(err, "The IndiaMART status could not be loaded."));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { status, failure, reload, setStatus };
}

/** The dashboard's panel: shown to the sales desk; Pull now to owners. */
export function IndiamartPanel() {
  const { status, failure, reload } = useIndiamartStatus();
  const mayPull = useCan("settings");
  const toast = useToast();
  const [pulling, setPulling] = useState(false);
  const pullNow = async () => {
    setPulling(true);
    try {
      const answer = await api<{ stored: number; received: number }>("/api/indiamart/pull", { method: "POST" });
      toast.success(answer.stored === 1 ? "1 new lead from IndiaMART." : `${answer.stored} new leads from IndiaMART.`);
    } catch (err) {
      toast.error(errorMessage(err, "The pull from IndiaMART failed."));
    } finally {
      setPulling(false);
      await reload();
    }
  };
  return (
    <section aria-labelledby="indiamart-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="indiamart-heading" className="text-lg font-bold text-brand-700">
          IndiaMART leads
        </h2>
        {mayPull && status?.configured && (
          <button type="button" className={buttonClass("secondary", "sm")} onClick={pullNow} disabled={pulling}>
            {pulling ? "Pulling..." : "Pull now"}
          </button>
        )}
      </div>
      {failure && <p className="mt-2 text-sm text-red-700">{failure}</p>}
      {status && !status.configured && (
        <p className="mt-2 text-sm text-slate-700">
          Not connected: an owner adds the CRM key from IndiaMART's Lead Manager in Site Settings → IndiaMART.
        </p>
      )}
      {status?.configured && (
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-slate-700">Last pull</dt>
          <dd className="text-slate-900">
            {status.lastPullAt ? formatDate(status.lastPullAt, true) : "Not yet (every 10 minutes)"}
          </dd>
          <dt className="font-semibold text-slate-700">New leads then</dt>
          <dd className="text-slate-900">{status.lastCount}</dd>
          {status.lastError && (
            <>
              <dt className="font-semibold text-red-800">Error</dt>
              <dd role="alert" className="text-red-800">
                {status.lastError}
                {status.needsOwner && mayPull && (
                  <>
                    {" "}
                    <Link to="/admin/settings#indiamart-key" className="font-semibold underline">
                      Change the CRM key in Site Settings → IndiaMART
                    </Link>
                  </>
                )}
              </dd>
            </>
          )}
        </dl>
      )}
      {status?.needsOwner && !mayPull && (
        <p className="mt-2 text-sm text-slate-700" data-testid="indiamart-needs-owner">
          New IndiaMART leads are held up by a setting only an owner can change; owners see what to do on their dashboard.
        </p>
      )}
    </section>
  );
}

/** Site Settings → IndiaMART: paste the CRM key (never shown back), or remove it. */
export function IndiamartKeyForm() {
  const { status, failure, reload } = useIndiamartStatus();
  const toast = useToast();
  const [key, setKey] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      await api("/api/settings", { method: "PUT", json: { indiamartCrmKey: value } });
      setKey("");
      toast.success(value ? "The IndiaMART CRM key is saved." : "The IndiaMART CRM key is removed.");
      await reload();
    } catch (err) {
      setError(errorMessage(err, "The key could not be saved."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="indiamart-key" className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="indiamart-key" className="text-lg font-bold text-brand-700">
        IndiaMART
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        With the CRM key from IndiaMART's Lead Manager (Settings → CRM API), the site pulls your IndiaMART leads every 10 minutes
        into Contacts. The key is kept secret: it is never shown again.
      </p>
      <p className="mt-2 text-sm font-medium text-slate-900">
        {status ? (status.configured ? "A key is set." : "No key is set.") : (failure ?? "")}
      </p>
      <form
        noValidate
        className="mt-3 space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (key.trim()) void save(key.trim());
          else setError("Paste the CRM key first.");
        }}
      >
        <TextField label="New CRM key" type="password" autoComplete="off" value={key} onChange={setKey} />
        <FormErrors messages={error ? [error] : []} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            {busy ? "Saving..." : "Save key"}
          </button>
          {status?.configured && (
            <button type="button" className={buttonClass("secondary")} disabled={busy} onClick={() => void save("")}>
              Remove key
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
