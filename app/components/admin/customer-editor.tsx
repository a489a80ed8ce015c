import { type Address, type Customer, customerInput, EMPTY_ADDRESS } from "../../../shared/sales/customer";
import { checkGstin } from "../../../shared/sales/gstin";
import { INDIAN_STATES } from "../../../shared/sales/states";
import { errorMessage } from "../../lib/api-client";
import { EditorDialog, type EditorForm, useEditorForm } from "./editor-form";
import { SelectField, TextField } from "./fields";
import { rowErrorsOf, zodErrors } from "./form-utils";
import { RowsField } from "./rows-field";
import { buttonClass } from "./screen-parts";

/**
 * Add or edit a customer of the sales desk: its GSTIN (which names the billing state), addresses and people.
 * On the Customers screen, and on a new quotation where the buyer's state or GSTIN is missing, so it is fixed
 * in place (issue 45).
 */

interface CustomerValues {
  name: string;
  gstin: string;
  billingAddress: Address;
  deliveryAddress: Address;
  people: { name: string; phone: string; email: string }[];
}

const STATE_OPTIONS = [{ value: "", label: "Choose a state" }, ...INDIAN_STATES.map((s) => ({ value: s.name, label: s.name }))];
const PEOPLE_COLUMNS = [
  { key: "name" as const, label: "Name" },
  { key: "phone" as const, label: "Phone", type: "tel" as const },
  { key: "email" as const, label: "E-mail", type: "email" as const },
];

/** Add or edit a customer; the server checks the GSTIN again and its messages show at their fields. */
export function CustomerEditor({
  editing,
  open,
  onClose,
  onSaved,
}: {
  editing: Customer | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const adding = editing === null;
  const form = useEditorForm<CustomerValues>({
    entity: "Customer",
    endpoint: adding ? "/api/customers" : `/api/customers/${editing._id}`,
    adding,
    initial: {
      name: editing?.name ?? "",
      gstin: editing?.gstin ?? "",
      billingAddress: editing?.billingAddress ?? EMPTY_ADDRESS,
      deliveryAddress: editing?.deliveryAddress ?? EMPTY_ADDRESS,
      people: editing?.people.length ? editing.people : [{ name: "", phone: "", email: "" }],
    },
    validate: (v) => zodErrors(customerInput, { ...v, people: v.people.filter((p) => p.name || p.phone || p.email) }),
    body: (v) => ({ ...v, people: v.people.filter((p) => p.name.trim() || p.phone.trim() || p.email.trim()) }),
    failure: (err) => errorMessage(err, "Failed to save the customer."),
    serverIssues: true,
    onSaved,
  });
  const checked = form.values.gstin.trim() ? checkGstin(form.values.gstin) : null;
  const people = rowErrorsOf(form.errors, "people");
  return (
    <EditorDialog form={form} open={open} onClose={onClose} size="lg">
      <TextField label="Name" value={form.values.name} onChange={(v) => form.set("name", v)} error={form.errors.name} required />
      <TextField
        label="GSTIN"
        value={form.values.gstin}
        onChange={(v) => {
          form.set("gstin", v);
          // A valid GSTIN names the billing state: fill it in when it is still empty.
          const read = checkGstin(v);
          if (read.ok && !form.values.billingAddress.state)
            form.set("billingAddress", { ...form.values.billingAddress, state: read.state });
        }}
        error={form.errors.gstin}
        hint={checked?.ok ? `State: ${checked.state}` : "15 characters, e.g. 33AAACP1234C1Z8. Leave empty if they have none."}
        autoComplete="off"
      />
      <div className="grid gap-4 md:grid-cols-2">
        <AddressFields form={form} field="billingAddress" legend="Billing address" />
        <div>
          <AddressFields form={form} field="deliveryAddress" legend="Delivery address" />
          <button
            type="button"
            className={`${buttonClass("ghost", "sm")} mt-2`}
            onClick={() => form.set("deliveryAddress", form.values.billingAddress)}
          >
            Same as the billing address
          </button>
        </div>
      </div>
      <RowsField
        id="customer-people"
        legend="People"
        columns={PEOPLE_COLUMNS}
        rows={form.values.people}
        onChange={(rows) => form.set("people", rows)}
        addLabel="Add a person"
        rowNoun="Person"
        maxRows={50}
        error={people.list}
        rowErrors={people.rows}
      />
    </EditorDialog>
  );
}

function AddressFields({
  form,
  field,
  legend,
}: {
  form: EditorForm<CustomerValues>;
  field: "billingAddress" | "deliveryAddress";
  legend: string;
}) {
  const a = form.values[field];
  const set = (key: keyof Address, value: string) => form.set(field, { ...a, [key]: value }, `${field}.${key}`);
  const error = (key: keyof Address) => form.errors[`${field}.${key}`];
  const india = /^(india|bharat)$/i.test(a.country.trim());
  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <TextField label={`${legend}: street`} value={a.line1} onChange={(v) => set("line1", v)} error={error("line1")} />
      <TextField label={`${legend}: city`} value={a.city} onChange={(v) => set("city", v)} error={error("city")} />
      {india ? (
        <SelectField
          label={`${legend}: state`}
          value={a.state}
          options={STATE_OPTIONS}
          onChange={(v) => set("state", v)}
          error={error("state")}
        />
      ) : (
        <TextField
          label={`${legend}: state or region`}
          value={a.state}
          onChange={(v) => set("state", v)}
          error={error("state")}
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={`${legend}: PIN code`}
          value={a.pincode}
          onChange={(v) => set("pincode", v)}
          error={error("pincode")}
          inputMode="numeric"
        />
        <TextField label={`${legend}: country`} value={a.country} onChange={(v) => set("country", v)} error={error("country")} />
      </div>
    </fieldset>
  );
}
