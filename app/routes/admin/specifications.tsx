import { useRevalidator } from "react-router";
import { type SiteSettings, settingsFields } from "../../../shared/content/settings";
import { DeclaredRows } from "../../components/admin/declared-field";
import { adminMeta } from "../../components/admin/screen-data";
import { ErrorState, PageHeader } from "../../components/admin/screen-parts";
import { loadSettings, SaveBar, Section, useSettingsSave } from "../../components/admin/settings-form";
import type { Route } from "./+types/specifications";

/** Home Specifications: only settings.homeSpecifications, the specification table of the home page. */

export const clientLoader = () => loadSettings();

export const meta = () => adminMeta("Home Specifications");

function SpecificationsForm({ initial }: { initial: SiteSettings }) {
  const form = useSettingsSave(initial, (s) => ({ homeSpecifications: s.homeSpecifications }));
  return (
    <form noValidate className="space-y-6" onSubmit={form.submit}>
      <Section
        title="Specification table"
        description="Each row is a label and a value. Use the arrows to change the order; an empty table hides it."
      >
        <DeclaredRows
          field={{ ...settingsFields.homeSpecifications, name: "homeSpecifications" }}
          rows={form.values.homeSpecifications}
          onChange={(next) => form.set("homeSpecifications", next as SiteSettings["homeSpecifications"])}
          errors={form.errors}
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
