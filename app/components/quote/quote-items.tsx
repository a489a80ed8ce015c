import { inputClass, labelClass } from "../enquiry-form/form-field";
import { ResponsiveImage } from "../responsive-image";
import {
  ADD_MODEL_FIELD,
  GENERAL_QUOTE_NOTE,
  INTENT_ADD,
  type Issue,
  MAX_QUANTITY,
  MAX_QUOTE_ITEMS,
  pickIntent,
  type QuoteChoice,
  type QuoteRow,
  removeIntent,
} from "./texts";

const smallButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60";

interface QuoteItemsProps {
  idPrefix: string;
  items: QuoteRow[];
  issues: Issue[];
  addText: string;
  /** Product names for the datalist, from the page (at most ~50). */
  suggestions: string[];
  choices: QuoteChoice[];
}

/**
 * The products of the quote: one row per product (hidden productId, picture, name, quantity, Remove) and
 * "Add a model". Every button is a submit button with an `intent`, so it all works without JavaScript;
 * with it, the `enquiry-form` module (app/components/enquiry-form/) sends them in the background and
 * suggests models while typing.
 */
export function QuoteItems({ idPrefix, items, issues, addText, suggestions, choices }: QuoteItemsProps) {
  const full = items.length >= MAX_QUOTE_ITEMS;
  const issue = (path: string) => issues.find((i) => i.path === path)?.message;
  const listError = issue("items");
  const addError = issue(ADD_MODEL_FIELD);
  const addId = `${idPrefix}-add-model`;
  const listId = `${idPrefix}-models`;

  return (
    <fieldset className="min-w-0">
      <legend className="text-lg font-bold text-brand-900">Products</legend>
      <p className="mt-1 text-sm text-slate-600">
        {items.length === 0
          ? GENERAL_QUOTE_NOTE
          : `${items.length} of at most ${MAX_QUOTE_ITEMS} models. Change a quantity, remove a model or add another.`}
      </p>

      {items.length > 0 && (
        <ul className="mt-4 space-y-3" data-testid="quote-items">
          {items.map((row, i) => {
            const qtyId = `${idPrefix}-qty-${row.productId}`;
            const qtyError = issue(`items.${i}.quantity`);
            const productError = issue(`items.${i}.productId`);
            const errorId = `${qtyId}-error`;
            return (
              <li
                key={row.productId}
                data-testid="quote-item"
                className={`flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border p-3 sm:flex-nowrap ${
                  qtyError || productError ? "border-red-300 bg-red-50/40" : "border-slate-200 bg-slate-50"
                }`}
              >
                <input type="hidden" name="productId" value={row.productId} />
                <div className="flex min-w-0 flex-1 basis-full items-center gap-3 sm:basis-auto">
                  <div className="h-16 w-16 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-white">
                    <ResponsiveImage src={row.mainImage} alt="" sizes="64px" className="h-full w-full object-contain" />
                  </div>
                  <div className="min-w-0">
                    <p className="font-semibold [overflow-wrap:anywhere] text-slate-900" data-testid="quote-item-name">
                      {row.name}
                    </p>
                    {row.url && (
                      <a
                        href={row.url}
                        target="_blank"
                        rel="noopener"
                        className="text-sm text-brand-700 underline underline-offset-2 hover:text-brand-900"
                      >
                        View product<span className="sr-only">: {row.name} (opens in a new tab)</span>
                      </a>
                    )}
                    {productError && <p className="mt-1 text-sm text-red-700">{productError}</p>}
                  </div>
                </div>
                <div className="flex w-full items-center gap-3 sm:w-auto">
                  <label htmlFor={qtyId} className={labelClass}>
                    Quantity<span className="sr-only"> of {row.name}</span>
                  </label>
                  <input
                    id={qtyId}
                    name="quantity"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_QUANTITY}
                    step={1}
                    required
                    defaultValue={row.quantity}
                    aria-invalid={qtyError ? true : undefined}
                    aria-describedby={qtyError ? errorId : undefined}
                    className="block min-h-11 w-20 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-500 aria-[invalid=true]:border-red-700"
                  />
                  <button
                    type="submit"
                    name="intent"
                    value={removeIntent(i)}
                    formNoValidate
                    className={`${smallButton} ml-auto border border-slate-300 bg-white px-3 text-slate-700 hover:border-red-300 hover:bg-red-50 hover:text-red-800 sm:ml-2`}
                  >
                    Remove<span className="sr-only"> {row.name}</span>
                  </button>
                </div>
                {qtyError && (
                  <p id={errorId} className="basis-full text-sm text-red-700">
                    {qtyError}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {listError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {listError}
        </p>
      )}

      <div className="mt-5">
        <label htmlFor={addId} className={labelClass}>
          Add a model
        </label>
        <p id={`${addId}-hint`} className="mt-0.5 text-sm text-slate-600">
          {full ? `The list is full (${MAX_QUOTE_ITEMS} models).` : "Type a model name or number, for example “PN-RS 37”."}
        </p>
        <div className="mt-1.5 flex gap-2">
          <input
            id={addId}
            name={ADD_MODEL_FIELD}
            type="text"
            list={listId}
            autoComplete="off"
            defaultValue={addText}
            data-suggest="/quote"
            data-focus-after-swap
            disabled={full}
            maxLength={120}
            aria-invalid={addError ? true : undefined}
            aria-describedby={`${addId}-hint${addError ? ` ${addId}-error` : ""}`}
            className={`${inputClass.replace("mt-1.5 ", "")} min-w-0 flex-1`}
          />
          <button
            type="submit"
            name="intent"
            value={INTENT_ADD}
            formNoValidate
            disabled={full}
            data-busy-label="Adding..."
            className={`${smallButton} shrink-0 bg-brand-700 px-5 text-white hover:bg-brand-900`}
          >
            <span data-label>Add</span>
          </button>
        </div>
        <datalist id={listId}>
          {suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {addError && (
          <p id={`${addId}-error`} className="mt-1.5 text-sm text-red-700">
            {addError}
          </p>
        )}
        {choices.length > 0 && (
          <div className="mt-3">
            <p className="text-sm font-semibold text-slate-800" id={`${addId}-choices`}>
              Which one did you mean?
            </p>
            <ul aria-labelledby={`${addId}-choices`} className="mt-2 flex flex-wrap gap-2">
              {choices.map((c) => (
                <li key={c.slug}>
                  <button
                    type="submit"
                    name="intent"
                    value={pickIntent(c.slug)}
                    formNoValidate
                    className={`${smallButton} border border-brand-700 bg-white px-4 text-left text-brand-700 hover:bg-brand-50`}
                  >
                    <span aria-hidden="true">+</span> {c.name}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </fieldset>
  );
}
