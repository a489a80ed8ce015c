import { useState } from "react";
import type { Quotation } from "../../../shared/sales/quotation";
import { api, errorMessage } from "../../lib/api-client";
import { Dialog } from "./dialog";
import { SelectField, TextField } from "./fields";
import { buttonClass } from "./screen-parts";

/**
 * Record the buyer's answer (owners only, issue 44): when the buyer accepts or declines another way (on the
 * phone, in a letter, with a purchase order), an owner records it as themselves, saying who answered and
 * how. Nobody answers on the buyer's page in their name.
 */
export function RecordAnswerDialog({
  q,
  open,
  onClose,
  onRecorded,
}: {
  q: Quotation;
  open: boolean;
  onClose: () => void;
  onRecorded: (q: Quotation) => void;
}) {
  const [decision, setDecision] = useState("accept");
  const [name, setName] = useState("");
  const [how, setHow] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const record = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      onRecorded(
        await api<Quotation>(`/api/quotations/${q._id}/decision`, { method: "POST", json: { decision, name, how, reason } }),
      );
    } catch (err) {
      setError(errorMessage(err, "The answer could not be recorded. Please try again."));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={open} title={`Record the buyer's answer to ${q.number} v${q.version}`} onClose={onClose}>
      <form onSubmit={record} noValidate className="space-y-3">
        <p className="text-sm text-slate-700">
          For an answer given another way (on the phone, in a letter, with a purchase order). It is recorded in your name.
        </p>
        <SelectField
          label="Their answer"
          value={decision}
          onChange={setDecision}
          options={[
            { value: "accept", label: "Accepted" },
            { value: "decline", label: "Declined" },
          ]}
        />
        <TextField label="Who answered for the buyer" value={name} onChange={setName} required />
        <TextField
          label="How they answered"
          value={how}
          onChange={setHow}
          required
          hint="For example: by phone, or their purchase order's number."
        />
        {decision === "decline" && (
          <TextField label="Their reason (optional)" value={reason} onChange={setReason} multiline rows={2} />
        )}
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass("primary")} disabled={saving}>
            {saving ? "Recording..." : "Record the answer"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
