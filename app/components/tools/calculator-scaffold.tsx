import type { ReactNode } from "react";
import { rowField } from "../../../shared/lib/calculators/inputs";
import type { CalculatorRun } from "../../lib/calculators";
import { PageHero } from "../page-hero";
import {
  CalculatorForm,
  CalculatorLayout,
  HowWeCalculate,
  inputClass,
  problemFor,
  type ResultLine,
  ResultsPanel,
  RowCell,
  type Source,
} from "./calculator-parts";

/**
 * The page every /tools calculator is (issue 14, docs/decisions/017): its hero, the GET form with the
 * page's own fields beside the results panel, anything the page adds below (the sizing page's matching
 * machines), and "How we calculate this" with its sources. A page declares only what is its own.
 */
export function CalculatorScaffold({
  name,
  path,
  title,
  intro,
  run,
  results,
  handover,
  method,
  sources,
  below,
  children,
}: {
  /** The form's `data-calculator` (the key of app/lib/calculators.ts: CALCULATOR_RUNS). */
  name: string;
  path: string;
  title: string;
  intro: string;
  run: CalculatorRun;
  /** The results panel's lines, by the keys of the run's results. */
  results: ResultLine[];
  /** "Ask for an audit" / "Request a quote" and the page's own URL with `handover=1`. */
  handover: { label: string; href: string };
  /** "How we calculate this": the formulas written out and the defaults. */
  method: ReactNode;
  sources: Source[];
  below?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow="Calculators" title={title} intro={intro} />
      <CalculatorLayout
        form={
          <CalculatorForm name={name} path={path}>
            {children}
          </CalculatorForm>
        }
        results={<ResultsPanel run={run} handoverLabel={handover.label} handoverHref={handover.href} lines={results} />}
      />
      {below}
      <HowWeCalculate sources={sources}>{method}</HowWeCalculate>
    </>
  );
}

/**
 * What a calculator's number field takes from the run: its name, its value as read from the URL (or the
 * default when the parameter is missing) and the problems to find its error in.
 */
export function figureOf(run: CalculatorRun) {
  return (name: string, fallback = "") => ({ name, value: run.values.fields[name] ?? fallback, problems: run.problems });
}

/** One cell of a row (a leak, a load step, a tool) typed as text: its label, input and error. */
export function RowTextCell({
  run,
  label,
  field,
  row,
  value,
  inputMode,
}: {
  run: CalculatorRun;
  label: string;
  field: string;
  row: number;
  value: string | undefined;
  inputMode?: "decimal" | "numeric";
}) {
  const error = problemFor(run.problems, rowField(field, row));
  return (
    <RowCell label={label} field={field} row={row} error={error}>
      <input
        type="text"
        name={field}
        inputMode={inputMode}
        autoComplete="off"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} mt-1 sm:mt-0`}
      />
    </RowCell>
  );
}
