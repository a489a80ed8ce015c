import { type Story, storyInput } from "../../../shared/schemas/story";
import { adminMeta, loadList } from "../../components/admin/data";
import { blank, type FieldErrors, type ScreenConfig, SimpleScreen } from "../../components/admin/simple-screen";
import type { Route } from "./+types/our-story";

export const storyScreen: ScreenConfig<Story> = {
  title: "Our Story Management",
  description: "The story sections of the About page (the first one is shown first).",
  endpoint: "/api/story",
  entity: "Story",
  noun: "story",
  texts: {
    fetchFailed: "Failed to fetch stories",
    empty: "No story sections found",
    saveFallback: "Something went wrong",
    deleteFailed: "Failed to delete story",
  },
  fields: [
    { name: "title", label: "Title", kind: "text", required: true },
    { name: "content", label: "Content", kind: "textarea", required: true, rows: 8 },
    { name: "image", label: "Image (optional)", kind: "image" },
  ],
  validate: (values) => {
    const errors: FieldErrors = {};
    for (const f of ["title", "content"]) if (blank(values[f])) errors[f] = "Title and content are required";
    return errors;
  },
  schema: storyInput,
  card: (s) => ({ title: s.title, body: s.content, image: s.image }),
};

export const clientLoader = () => loadList<Story>(storyScreen.endpoint, storyScreen.texts.fetchFailed);

export const meta = () => adminMeta(storyScreen.title);

export default function OurStoryScreen({ loaderData }: Route.ComponentProps) {
  return <SimpleScreen config={storyScreen} data={loaderData} />;
}
