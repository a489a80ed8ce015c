import { type Service, serviceInput } from "../../../shared/schemas/service";
import { adminMeta, loadList } from "../../components/admin/data";
import { blank, type ScreenConfig, SimpleScreen } from "../../components/admin/simple-screen";
import type { Route } from "./+types/services";

const REQUIRED = ["title", "description", "details"];

export const serviceScreen: ScreenConfig<Service> = {
  title: "Services Management",
  description: "The services listed on the Services page.",
  endpoint: "/api/service",
  entity: "Service",
  noun: "service",
  texts: {
    fetchFailed: "Failed to fetch services",
    empty: "No services found",
    saveFallback: "Failed to save service",
    deleteFailed: "Failed to delete service",
  },
  fields: [
    { name: "image", label: "Image", kind: "image", required: true, upload: "mainImage" },
    { name: "title", label: "Title", kind: "text", required: true },
    { name: "description", label: "Description", kind: "textarea", required: true, rows: 3 },
    {
      name: "details",
      label: "Details",
      kind: "textarea",
      required: true,
      rows: 6,
      hint: "Each sentence or line becomes a bullet point on the service page.",
    },
    { name: "benefits", label: "Benefits", kind: "list", inputLabel: "New benefit" },
  ],
  validate: (values, files, editing) => {
    if (REQUIRED.some((f) => blank(values[f]))) return { form: "Please fill all required fields" };
    return !editing && !files.image ? { image: "Please upload an image" } : {};
  },
  saveBlocked: (values) => (REQUIRED.some((f) => blank(values[f])) ? "Please fill all required fields" : null),
  schema: serviceInput,
  card: (s) => ({ title: s.title, body: s.description, image: s.image, tags: s.benefits }),
};

export const clientLoader = () => loadList<Service>(serviceScreen.endpoint, serviceScreen.texts.fetchFailed);

export const meta = () => adminMeta(serviceScreen.title);

export default function ServicesScreen({ loaderData }: Route.ComponentProps) {
  return <SimpleScreen config={serviceScreen} data={loaderData} />;
}
