import { getSettings } from "../../server/content/settings";
import type { Route } from "./+types/home";

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data?.companyName ?? "Pneuma" },
    { name: "description", content: "Industrial air compressors from Salem, India." },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getSettings(context.app.db);
  return { companyName: settings.companyName };
}

/** Placeholder until the public site (issue 3) replaces it. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-24">
      <h1 className="text-4xl font-bold text-brand-700">{loaderData.companyName}</h1>
      <p className="mt-4 text-lg text-slate-600">Industrial air compressors, made in Salem. Our new website is on its way.</p>
    </main>
  );
}
