import { CORE_VALUE_ICONS, type CoreValue, coreValueInput } from "../../../shared/schemas/core-value";
import { adminMeta, loadList } from "../../components/admin/data";
import { blank, type ScreenConfig, SimpleScreen } from "../../components/admin/simple-screen";
import type { Route } from "./+types/our-core";

const iconLabel = (icon: string) => icon.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());

export const coreValueScreen: ScreenConfig<CoreValue> = {
  title: "Our Core Management",
  description: "The core values shown on the About page.",
  endpoint: "/api/core-values",
  entity: "Core value",
  noun: "core value",
  texts: {
    fetchFailed: "Failed to fetch core values",
    empty: "No core values found",
    saveFallback: "Something went wrong",
    deleteFailed: "Failed to delete core value",
  },
  fields: [
    { name: "title", label: "Title", kind: "text", required: true },
    { name: "description", label: "Description", kind: "textarea" },
    {
      name: "icon",
      label: "Icon",
      kind: "select",
      options: [{ value: "", label: "No icon" }, ...CORE_VALUE_ICONS.map((i) => ({ value: i, label: iconLabel(i) }))],
    },
  ],
  validate: (values) => (blank(values.title) ? { title: "Please enter a title" } : {}),
  schema: coreValueInput,
  card: (c) => ({ title: c.title, body: c.description, extra: c.icon ? `Icon: ${iconLabel(c.icon)}` : undefined }),
};

export const clientLoader = () => loadList<CoreValue>(coreValueScreen.endpoint, coreValueScreen.texts.fetchFailed);

export const meta = () => adminMeta(coreValueScreen.title);

export default function OurCoreScreen({ loaderData }: Route.ComponentProps) {
  return <SimpleScreen config={coreValueScreen} data={loaderData} />;
}
