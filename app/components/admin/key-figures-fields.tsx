import {
  CHOICE_FIGURE_KEYS,
  CHOICE_FIGURES,
  type ChoiceFigureKey,
  describeFigure,
  figureText,
  type KeyFigures,
  keyFiguresInputView,
  NUMBER_FIGURE_KEYS,
  NUMBER_FIGURES,
  type NumberFigure,
  type NumberFigureKey,
} from "../../../shared/content/product-figures";
import { CANONICAL, parseFigure, unitsOf } from "../../../shared/lib/units";
import { SelectField, UnitNumberField } from "./fields";

/**
 * The product dialog's key figures (issue 14): each number typed in the unit the staff member picks, shown
 * as what it will be saved as (metric, with imperial beside it) before saving; each choice from a list.
 */

export interface KeyFigureValues {
  numbers: Record<NumberFigureKey, { text: string; unit: string }>;
  choices: Record<ChoiceFigureKey, string>;
}

/** The dialog's starting values: the stored figures in their canonical units (or all empty). */
export function keyFigureValues(stored: KeyFigures | null): KeyFigureValues {
  const view = stored ? keyFiguresInputView(stored) : {};
  const numbers = {} as KeyFigureValues["numbers"];
  for (const key of NUMBER_FIGURE_KEYS) {
    numbers[key] = { text: view[key] ?? "", unit: CANONICAL[NUMBER_FIGURES[key].quantity] };
  }
  const choices = {} as KeyFigureValues["choices"];
  for (const key of CHOICE_FIGURE_KEYS) choices[key] = view[key] ?? "";
  return { numbers, choices };
}

type Reading =
  | { kind: "empty" }
  | { kind: "ok"; value: number | { min: number; max: number } }
  | { kind: "error"; message: string };

function read(key: NumberFigureKey, v: { text: string; unit: string }): Reading {
  if (!v.text.trim()) return { kind: "empty" };
  const figure: NumberFigure = NUMBER_FIGURES[key];
  const parsed = parseFigure(figure.quantity, v.text, { unit: v.unit, range: figure.range, label: figure.label });
  if (!parsed.ok) return { kind: "error", message: parsed.message };
  return { kind: "ok", value: figure.range ? { min: parsed.min, max: parsed.max } : parsed.min };
}

/**
 * The figures as the API takes them: a value that reads converts to its canonical text here, so the server
 * stores exactly what the preview showed; one that does not goes as typed, and the server (like the shared
 * schema in the dialog) names the mistake.
 */
export function keyFigureInput(v: KeyFigureValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of NUMBER_FIGURE_KEYS) {
    const reading = read(key, v.numbers[key]);
    out[key] = reading.kind === "empty" ? "" : reading.kind === "error" ? v.numbers[key].text.trim() : figureText(reading.value);
  }
  for (const key of CHOICE_FIGURE_KEYS) out[key] = v.choices[key];
  return out;
}

interface Props {
  values: KeyFigureValues;
  /** The new values, and the figure that changed (whose message can go). */
  onChange: (values: KeyFigureValues, changed: string) => void;
  errors: Record<string, string>;
}

export function KeyFiguresFields({ values, onChange, errors }: Props) {
  const setNumber = (key: NumberFigureKey, patch: Partial<{ text: string; unit: string }>) =>
    onChange({ ...values, numbers: { ...values.numbers, [key]: { ...values.numbers[key], ...patch } } }, key);
  const setChoice = (key: ChoiceFigureKey, value: string) =>
    onChange({ ...values, choices: { ...values.choices, [key]: value } }, key);

  return (
    <fieldset className="min-w-0 rounded-md border border-slate-300 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Key figures</legend>
      <p className="mb-3 text-xs text-slate-600">
        Optional. Type each figure in any unit; it is saved in metric units and shown to buyers in both metric and imperial. The
        finder and the comparison use these.
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {CHOICE_FIGURE_KEYS.map((key) => (
          <SelectField
            key={key}
            label={CHOICE_FIGURES[key].label}
            value={values.choices[key]}
            onChange={(v) => setChoice(key, v)}
            options={[{ value: "", label: "Not stated" }, ...CHOICE_FIGURES[key].options]}
            error={errors[key]}
          />
        ))}
        {NUMBER_FIGURE_KEYS.map((key) => {
          const figure: NumberFigure = NUMBER_FIGURES[key];
          const reading = read(key, values.numbers[key]);
          return (
            <UnitNumberField
              key={key}
              label={figure.label}
              value={values.numbers[key].text}
              onChange={(text) => setNumber(key, { text })}
              unit={values.numbers[key].unit}
              onUnitChange={(unit) => setNumber(key, { unit })}
              units={unitsOf(figure.quantity)}
              placeholder={figure.range ? "e.g. 6.8 or 5.2-7.1" : undefined}
              hint={figure.hint}
              preview={
                reading.kind === "ok"
                  ? `Saved as ${describeFigure(key, reading.value)}`
                  : reading.kind === "error" && !errors[key]
                    ? reading.message
                    : null
              }
              error={errors[key]}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
