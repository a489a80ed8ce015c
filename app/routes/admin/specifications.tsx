import { useId } from "react";
import { useRevalidator } from "react-router";
import type { SiteSettings } from "../../../shared/content/settings";
import { rowErrorsOf } from "../../components/admin/form-utils";
import { RowsField } from "../../components/admin/rows-field";
import { adminMeta } from "../../components/admin/screen-data";
import { ErrorState, PageHeader } from "../../components/admin/screen-parts";
import { loadSettings, SaveBar, Section, useSettingsSave } from "../../components/admin/settings-form";
import type { Route } from "./+types/specifications";

/** Home Specifications: only settings.homeSpecifications, the specification table of the home page. */

export const clientLoader = () => loadSettings();

export const meta = () => adminMeta("Home Specifications");

function SpecificationsForm({ initial }: { initial: SiteSettings }) {
  const id = useId();
  const form = useSettingsSave(initial, (s) => ({ homeSpecifications: s.homeSpecifications }));
  const specs = rowErrorsOf(form.errors, "homeSpecifications");
  return (
    <form noValidate className="space-y-6" onSubmit={form.submit}>
      <Section
        title="Specification table"
        description="Each row is a label and a value. Use the arrows to change the order; an empty table hides it."
      >
        <RowsField
          id={`${id}-specs`}
          legend="Specification rows"
          columns={[
            { key: "label", label: "Specification label", placeholder: "Label (e.g. Power range)" },
            { key: "value", label: "Specification value", placeholder: "Value (e.g. 5–250 kW)" },
          ]}
          rows={form.values.homeSpecifications}
          onChange={(next) => form.set("homeSpecifications", next)}
          reorder
          addLabel="Add Row"
          rowNoun="Specification"
          maxRows={50}
          error={specs.list}
          rowErrors={specs.rows}
        />
      </Section>
      <SaveBar form={form} label="Save Specifications" />
    </form>
  );
}

export default function SpecificationsScreen({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Home Specifications" description="The specification table shown on the home page." />
      {loaderData.error ? (
        <ErrorState text={loaderData.error} onRetry={() => revalidator.revalidate()} />
      ) : (
        <SpecificationsForm initial={loaderData.settings} />
      )}
    </div>
  );
}
