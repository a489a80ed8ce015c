/**
 * Specifications as a two-column table, a name and its value on each row, under a dark header row: the home
 * page's range at a glance and a product's specifications. `className` frames it (margin, text size).
 */
export function SpecificationsTable({
  rows,
  caption,
  valueHeading,
  className,
}: {
  rows: readonly { label: string; value: string }[];
  caption: string;
  valueHeading: string;
  className: string;
}) {
  return (
    <div className={`overflow-x-auto border border-slate-200 ${className}`}>
      <table className="w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-brand-700 text-white">
          <tr>
            <th scope="col" className="px-4 py-3 text-sm font-semibold sm:px-6">
              Specification
            </th>
            <th scope="col" className="px-4 py-3 text-sm font-semibold sm:px-6">
              {valueHeading}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat; the rows are a fixed list
            <tr key={`${row.label}-${i}`} className="odd:bg-white even:bg-slate-50">
              <th scope="row" className="px-4 py-3 align-top font-medium text-slate-800 sm:px-6">
                {row.label}
              </th>
              <td className="px-4 py-3 text-slate-700 sm:px-6">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
