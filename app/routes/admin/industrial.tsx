import { type Industrial, industrialInput } from "../../../shared/schemas/industrial";
import { adminMeta, loadList } from "../../components/admin/data";
import { type ScreenConfig, SimpleScreen } from "../../components/admin/simple-screen";
import type { Route } from "./+types/industrial";

export const industrialScreen: ScreenConfig<Industrial> = {
  title: "Industrial Management",
  description: "The industrial feature block of the home page (the first entry is shown).",
  endpoint: "/api/industrial",
  entity: "Industrial",
  noun: "industrial entry",
  texts: {
    fetchFailed: "Failed to fetch industrials",
    empty: "No industrials found",
    saveFallback: "Something went wrong",
    deleteFailed: "Failed to delete industrial",
  },
  fields: [
    { name: "image", label: "Image", kind: "image", required: true },
    { name: "title", label: "Title", kind: "text" },
    { name: "description", label: "Description", kind: "textarea" },
  ],
  validate: (_values, files, editing) => (files.image || editing?.image ? {} : { image: "Please upload at least one image" }),
  schema: industrialInput,
  card: (b) => ({ title: b.title, body: b.description, image: b.image }),
};

export const clientLoader = () => loadList<Industrial>(industrialScreen.endpoint, industrialScreen.texts.fetchFailed);

export const meta = () => adminMeta(industrialScreen.title);

export default function IndustrialScreen({ loaderData }: Route.ComponentProps) {
  return <SimpleScreen config={industrialScreen} data={loaderData} />;
}
