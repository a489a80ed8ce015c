import { type Facility, facilityInput } from "../../../shared/schemas/facility";
import { adminMeta, loadList } from "../../components/admin/data";
import { blank, type FieldErrors, type ScreenConfig, SimpleScreen } from "../../components/admin/simple-screen";
import type { Route } from "./+types/our-facility";

export const facilityScreen: ScreenConfig<Facility> = {
  title: "Our Facilities Management",
  description: "The plant and workshop facilities shown on the About page.",
  endpoint: "/api/facilities",
  entity: "Facility",
  noun: "facility",
  texts: {
    fetchFailed: "Failed to fetch facilities",
    empty: "No facilities found",
    saveFallback: "Something went wrong",
    deleteFailed: "Failed to delete facility",
  },
  fields: [
    { name: "image", label: "Image", kind: "image", required: true },
    { name: "title", label: "Title", kind: "text", required: true },
    { name: "description", label: "Description", kind: "textarea" },
    { name: "features", label: "Features", kind: "list", inputLabel: "New feature", hint: "Add features one at a time." },
  ],
  validate: (values, files, editing) => {
    const errors: FieldErrors = {};
    if (!files.image && !editing?.image) errors.image = "Please upload an image";
    if (blank(values.title)) errors.title = "Please enter a title";
    return errors;
  },
  schema: facilityInput,
  card: (f) => ({ title: f.title, body: f.description, image: f.image, tags: f.features }),
};

export const clientLoader = () => loadList<Facility>(facilityScreen.endpoint, facilityScreen.texts.fetchFailed);

export const meta = () => adminMeta(facilityScreen.title);

export default function OurFacilityScreen({ loaderData }: Route.ComponentProps) {
  return <SimpleScreen config={facilityScreen} data={loaderData} />;
}
