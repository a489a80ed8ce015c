import type { ReactNode } from "react";
import type { FieldProblem } from "../../../shared/lib/calculators/inputs";
import { dataModule } from "../../enhance/data-module";
import type { CalculatorRun } from "../../lib/calculators";
import { SelectOptions } from "../select-options";

/**
 * The pieces of the /tools calculators' pages (issue 14): labelled fields with their error in words, the
 * row lists, the results panel, "How we calculate this" and its sources. The server draws them; the
 * `calculator` module (./calculator.enhance.ts) reads the `data-*` hooks to recompute while typing, add
 * and remove rows, and show the same errors. Without JavaScript the form is a plain GET form.
 */

export const inputClass =
  "w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2 aria-[invalid=true]:border-red-700";
const selectClass = "rounded-md border border-slate-400 bg-white px-2 py-2";

export const problemFor = (problems: FieldProblem[], field: string) => problems.find((p) => p.field === field)?.message;

/** The error under a field: always drawn (empty and hidden when there is none) so the script can fill it. */
function FieldError({ id, field, rowField, message }: { id?: string; field?: string; rowField?: string; message?: string }) {
  return (
    <span
      id={id}
      className="mt-1 block text-sm text-red-700"
      data-error-for={field}
      data-error-for-field={rowField}
      hidden={!message}
    >
      {message}
    </span>
  );
}

interface UnitSelectProps {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** What the script converts typed numbers as when the unit changes. */
  quantity: "pressure" | "flow" | "power" | "consumption";
  /** Names of the inputs typed in this unit. */
  inputs: string;
}

/** A unit beside a number ("bar", "psi"): converting what was typed when it changes (with JavaScript). */
export function UnitSelect({ name, label, value, options, quantity, inputs }: UnitSelectProps) {
  return (
    <select
      name={name}
      aria-label={label}
      defaultValue={value}
      className={`${selectClass} shrink-0`}
      data-unit-quantity={quantity}
      data-unit-inputs={inputs}
    >
      <SelectOptions options={options} />
    </select>
  );
}

interface NumberFieldProps {
  name: string;
  label: string;
  value: string;
  problems: FieldProblem[];
  /** Text after the input ("hours a year"), or a unit select. */
  after?: ReactNode;
  hint?: ReactNode;
  inputMode?: "decimal" | "numeric";
}

/** A number typed as text (so "1,250" and "100 psi" are read), its label above, its error below. */
export function NumberField({ name, label, value, problems, after, hint, inputMode = "decimal" }: NumberFieldProps) {
  const error = problemFor(problems, name);
  const id = `calc-${name}`;
  return (
    <div className="min-w-0 text-sm">
      <label htmlFor={id} className="font-semibold text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-slate-600">
          {hint}
        </p>
      )}
      <div className="mt-1 flex items-center gap-2">
        <input
          id={id}
          type="text"
          name={name}
          defaultValue={value}
          inputMode={inputMode}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={hint ? `${id}-hint ${id}-error` : `${id}-error`}
          className={inputClass}
        />
        {typeof after === "string" ? <span className="shrink-0 text-slate-600">{after}</span> : after}
      </div>
      <FieldError id={`${id}-error`} field={name} message={error} />
    </div>
  );
}

/** A choice among a few options, as a select. */
export function SelectField({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="min-w-0 text-sm">
      <label htmlFor={`calc-${name}`} className="font-semibold text-slate-800">
        {label}
      </label>
      <select id={`calc-${name}`} name={name} defaultValue={value} className={`${selectClass} mt-1 block w-full`}>
        <SelectOptions options={options} />
      </select>
    </div>
  );
}

/** One cell of a row: its label (shown on phones, read out everywhere), control and error. */
export function RowCell({
  label,
  field,
  row,
  error,
  className = "",
  children,
}: {
  label: string;
  field: string;
  /** The row's index (0-based); read out as "row 2". */
  row: number;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`
    <label className={`block min-w-0 text-sm ${className}`}>
      <span className="font-semibold text-slate-800 sm:sr-only">
        {label}
        <span className="sr-only">
          , row <span data-row-number>{row + 1}</span>
        </span>
      </span>
      {children}
      <FieldError rowField={field} message={error} />
    </label>
  );
}

interface RowListProps {
  id: string;
  legend: string;
  hint?: ReactNode;
  /** Column headings for wide screens, matching `gridClass`. */
  headings: string[];
  gridClass: string;
  rows: Record<string, string>[];
  renderRow: (row: Record<string, string>, index: number) => ReactNode;
  emptyRow: Record<string, string>;
  addLabel: string;
}

/**
 * A list of rows (leaks, load steps, tools): repeated parameters in the URL. Without JavaScript, "Add a
 * row" and "Remove" are submit buttons the loader answers with a redirect to the URL with one more or one
 * fewer row; with it, the script adds a copy of the `<template>` or removes the row in place.
 */
export function RowList({ id, legend, hint, headings, gridClass, rows, renderRow, emptyRow, addLabel }: RowListProps) {
  return (
    <fieldset id={id} className="min-w-0 scroll-mt-24" data-rows>
      <legend className="text-base font-bold text-brand-900">{legend}</legend>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      <div aria-hidden="true" className={`mt-3 hidden text-sm font-semibold text-slate-800 sm:grid ${gridClass}`}>
        {headings.map((h) => (
          <span key={h}>{h}</span>
        ))}
        <span />
      </div>
      <ol className="mt-2 space-y-3 sm:space-y-2" data-row-list>
        {rows.map((row, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a row has no identity but its place in the URL
            key={i}
            data-row
            className={`grid items-start gap-2 rounded-md border border-slate-200 p-3 sm:border-0 sm:p-0 ${gridClass}`}
          >
            {renderRow(row, i)}
            <RemoveButton index={i} />
          </li>
        ))}
      </ol>
      <template data-row-template>
        <li data-row className={`grid items-start gap-2 rounded-md border border-slate-200 p-3 sm:border-0 sm:p-0 ${gridClass}`}>
          {renderRow(emptyRow, rows.length)}
          <RemoveButton index={rows.length} />
        </li>
      </template>
      <button
        type="submit"
        name="addRow"
        value="1"
        formNoValidate
        data-add-row
        className="mt-3 rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {addLabel}
      </button>
    </fieldset>
  );
}

function RemoveButton({ index }: { index: number }) {
  return (
    <button
      type="submit"
      name="removeRow"
      value={index}
      formNoValidate
      data-remove-row
      className="self-end justify-self-start rounded-md px-2 py-2 text-sm font-semibold text-brand-700 underline hover:text-brand-900 sm:self-start"
    >
      Remove
      <span className="sr-only">
        {" "}
        row <span data-row-number>{index + 1}</span>
      </span>
    </button>
  );
}

export interface ResultLine {
  key: string;
  label: string;
  /** The headline figures are larger. */
  main?: boolean;
}

/**
 * The results: one line per figure (`data-result`), the sentence that sums them up, and the button that
 * carries the figures to the quote form. Drawn with "—" while a field is wrong.
 */
export function ResultsPanel({
  run,
  lines,
  handoverLabel,
  handoverHref,
  children,
}: {
  run: CalculatorRun;
  lines: ResultLine[];
  handoverLabel: string;
  /** The page's own URL with `handover=1` (app/lib/calculator-links.ts). */
  handoverHref: string;
  children?: ReactNode;
}) {
  return (
    <section
      id="results"
      aria-labelledby="results-heading"
      className="scroll-mt-24 rounded-lg border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-28"
    >
      <h2 id="results-heading" className="text-xl font-bold text-brand-700">
        Results
      </h2>
      <p className="mt-2 text-sm text-slate-700" data-headline>
        {run.headline}
      </p>
      <dl className="mt-4 text-sm">
        {lines.map((line) => (
          <div key={line.key} className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-slate-100 py-2">
            <dt className="text-slate-600">{line.label}</dt>
            <dd
              className={`ml-auto text-right font-semibold ${line.main ? "text-lg text-brand-900" : "text-slate-900"}`}
              data-result={line.key}
            >
              {run.results?.[line.key] ?? "—"}
            </dd>
          </div>
        ))}
      </dl>
      {children}
      <p className="mt-5">
        <a
          href={handoverHref}
          hidden={!run.results}
          data-quote-link
          className="inline-flex w-full items-center justify-center rounded-md bg-accent-500 px-5 py-3 font-semibold text-brand-900 hover:bg-accent-600"
        >
          {handoverLabel}
        </a>
      </p>
      <p className="mt-2 text-xs text-slate-600">Your figures go into the quote form; nothing is sent until you send it.</p>
    </section>
  );
}

export interface Source {
  title: string;
  publisher: string;
  year: string;
  url: string;
  /** What it is used for here. */
  note: string;
}

/** "How we calculate this": the formulas written out, the defaults and where every number comes from. */
export function HowWeCalculate({ children, sources }: { children: ReactNode; sources: Source[] }) {
  return (
    <section aria-labelledby="how-heading" className="mx-auto max-w-7xl px-4 pb-4">
      <div className="rounded-lg bg-slate-50 p-5 sm:p-8">
        <h2 id="how-heading" className="text-2xl font-bold text-brand-700">
          How we calculate this
        </h2>
        <div className="mt-4 max-w-3xl space-y-4 text-sm leading-relaxed text-slate-700 [&_code]:font-mono [&_pre]:rounded-md [&_pre]:whitespace-pre-wrap [&_pre]:bg-white [&_pre]:p-3 [&_pre]:text-xs [&_pre]:text-slate-900 sm:[&_pre]:text-sm">
          {children}
        </div>
        <h3 className="mt-8 text-lg font-bold text-brand-900">Sources</h3>
        <ol className="mt-3 max-w-3xl list-decimal space-y-3 pl-5 text-sm text-slate-700">
          {sources.map((s) => (
            <li key={s.url}>
              <cite className="font-semibold text-slate-900 not-italic">{s.title}</cite>, {s.publisher}, {s.year}.{" "}
              <a href={s.url} rel="noopener noreferrer" className="break-all text-brand-700 underline">
                {s.url}
              </a>
              <span className="block text-slate-600">{s.note}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/**
 * The calculator's GET form around its fields: a hidden first "Calculate" button (Enter in a field must
 * calculate, not press a row's Remove), the visible one at the end, and the live region the script
 * announces the main result in.
 */
export function CalculatorForm({ name, path, children }: { name: string; path: string; children: ReactNode }) {
  return (
    <form
      method="get"
      action={`${path}#results`}
      {...dataModule("calculator")}
      data-calculator={name}
      aria-label="Calculator"
      className="relative space-y-6"
      noValidate
    >
      <button type="submit" tabIndex={-1} aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        Calculate
      </button>
      {children}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900">
          Calculate
        </button>
        <a href={path} className="text-sm font-semibold text-brand-700 underline hover:text-brand-900">
          Start again
        </a>
      </div>
      <p className="sr-only" role="status" data-calculator-status />
    </form>
  );
}

/** The page body: the form beside the results (below them on phones, with a link down to them). */
export function CalculatorLayout({ form, results }: { form: ReactNode; results: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-7xl items-start gap-8 px-4 py-10 lg:grid-cols-[1fr_24rem] lg:gap-12">
      <div className="min-w-0">
        <a
          href="#results"
          className="mb-6 block rounded-md bg-brand-50 px-4 py-3 text-center font-semibold text-brand-700 lg:hidden"
        >
          Jump to the results
        </a>
        {form}
      </div>
      {results}
    </div>
  );
}
