import { useEffect, useState } from "react";
import type { StaffUser } from "../../../shared/auth/roles";
import type { Deal } from "../../../shared/sales/deal";
import { dayInWords, indiaDateOf } from "../../../shared/sales/financial-year";
import { api, errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "./current-user";
import { SelectField } from "./fields";
import { buttonClass } from "./screen-parts";
import { useToast } from "./toast";

/**
 * An owner gives a deal to someone else from its screen (issue 45): the active sales people and owners (who
 * may own a deal: server/sales/deals.ts referenceProblem), someone on leave marked so. The server decides
 * (PUT /api/deals/{id} with ownerId: only owners give a deal to another person), tells the new owner as of a
 * new lead, and keeps the change in the deal's history and the activity log.
 */

interface Person {
  id: string;
  label: string;
}

/** GET /api/users (owners only, which is who sees this): the people who may own a deal, with their leave. */
function useDealPeople(): { people: Person[]; error: string | null } {
  const [people, setPeople] = useState<Person[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const today = indiaDateOf(new Date());
    api<(StaffUser & { active: boolean; awayUntil: string | null })[]>("/api/users")
      .then((users) =>
        setPeople(
          users
            .filter((u) => u.active && (u.role === "sales" || u.role === "owner"))
            .map((u) => ({
              id: u._id,
              label: `${u.name || u.username}${u.role === "owner" ? " (owner)" : ""}${
                u.awayUntil && u.awayUntil >= today ? `, on leave until ${dayInWords(u.awayUntil)}` : ""
              }`,
            })),
        ),
      )
      .catch((err) => setError(errorMessage(err, "The staff list could not be read.")));
  }, []);
  return { people, error };
}

function OwnerChoice({ deal, onSaved }: { deal: Deal; onSaved: (d: Deal) => void }) {
  const toast = useToast();
  const { people, error: listError } = useDealPeople();
  const current = deal.ownerId ?? "";
  const [choice, setChoice] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setChoice(current), [current]);

  const options = [
    { value: "", label: "Nobody yet (unassigned)" },
    ...people.map((p) => ({ value: p.id, label: p.label })),
    // The present owner stays shown even when they may no longer own deals (disabled, now an editor).
    ...(current && !people.some((p) => p.id === current) ? [{ value: current, label: deal.ownerName ?? "Someone else" }] : []),
  ];

  const give = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const saved = await api<Deal>(`/api/deals/${deal._id}`, { method: "PUT", json: { ownerId: choice || null } });
      onSaved(saved);
      toast.success(saved.ownerName ? `Deal given to ${saved.ownerName}.` : "The deal is unassigned now.");
    } catch (err) {
      setError(errorMessage(err, "The deal could not be given to them. Please try again."));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={give}
      noValidate
      aria-label="Give the deal to someone else"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Owner"
          value={choice}
          options={options}
          onChange={setChoice}
          className="min-w-[16rem] flex-1"
          hint="The person it goes to is e-mailed about it, as for a new lead."
          error={listError ?? undefined}
        />
        <button type="submit" className={buttonClass("secondary")} disabled={saving || choice === current}>
          {saving ? "Giving..." : "Give the deal"}
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </form>
  );
}

/** The owner's control; nothing for a sales person (only an owner gives a deal to someone else). */
export function DealOwner({ deal, onSaved }: { deal: Deal; onSaved: (d: Deal) => void }) {
  const { user } = useCurrentUser();
  return user.role === "owner" ? <OwnerChoice deal={deal} onSaved={onSaved} /> : null;
}
