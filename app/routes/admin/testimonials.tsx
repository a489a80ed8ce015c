import { type Testimonial, testimonialInput } from "../../../shared/schemas/testimonial";
import { adminMeta, loadList } from "../../components/admin/data";
import { blank, type FieldErrors, type ScreenConfig, SimpleScreen } from "../../components/admin/simple-screen";
import type { Route } from "./+types/testimonials";

export const testimonialScreen: ScreenConfig<Testimonial> = {
  title: "Testimonials Management",
  description: "What customers say about Pneuma, shown on the home page.",
  endpoint: "/api/testimonial",
  entity: "Testimonial",
  noun: "testimonial",
  texts: {
    fetchFailed: "Failed to fetch testimonials",
    empty: "No testimonials found",
    saveFallback: "Operation failed",
    deleteFailed: "Failed to delete testimonial",
  },
  fields: [
    { name: "image", label: "Photo", kind: "image", required: true },
    { name: "name", label: "Name", kind: "text", required: true },
    { name: "designation", label: "Designation", kind: "text" },
    { name: "feedback", label: "Feedback", kind: "textarea", required: true },
    { name: "star", label: "Rating", kind: "stars" },
  ],
  validate: (values, files, editing) => {
    const errors: FieldErrors = {};
    if (!files.image && !editing?.image) errors.image = "Please upload an image";
    for (const f of ["name", "feedback"]) if (blank(values[f])) errors[f] = "Please fill all required fields";
    return errors;
  },
  schema: testimonialInput,
  card: (t) => ({
    title: t.name,
    subtitle: t.designation,
    body: t.feedback,
    image: t.image,
    stars: t.star === null ? 0 : Number(t.star) || 0,
  }),
};

export const clientLoader = () => loadList<Testimonial>(testimonialScreen.endpoint, testimonialScreen.texts.fetchFailed);

export const meta = () => adminMeta(testimonialScreen.title);

export default function TestimonialsScreen({ loaderData }: Route.ComponentProps) {
  return <SimpleScreen config={testimonialScreen} data={loaderData} />;
}
