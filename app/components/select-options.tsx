/** A select's options, one for each `{ value, label }`: the admin's and the public pages' selects alike. */
export function SelectOptions({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
