import { useRevalidator } from "react-router";
import { adminMeta } from "../../components/admin/data";
import { loadSettings, SettingsForm } from "../../components/admin/settings-form";
import { ErrorState, PageHeader } from "../../components/admin/ui";
import type { Route } from "./+types/settings";

/** Site Settings: the company details shown across the public site (GET / PUT /api/settings). */

export const clientLoader = () => loadSettings();

export const meta = () => adminMeta("Site Settings");

export default function SettingsScreen({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Site Settings" description="Company details, contact information and links shown on the public site." />
      {loaderData.error ? (
        <ErrorState text={loaderData.error} onRetry={() => revalidator.revalidate()} />
      ) : (
        <SettingsForm initial={loaderData.settings} />
      )}
    </div>
  );
}
