import { type Banner, bannerInput } from "../../../shared/schemas/banner";
import { adminMeta, loadList } from "../../components/admin/data";
import { type ScreenConfig, SimpleScreen } from "../../components/admin/simple-screen";
import type { Route } from "./+types/banner";

export const bannerScreen: ScreenConfig<Banner> = {
  title: "Banner Management",
  description: "The slides at the top of the home page.",
  endpoint: "/api/banner",
  entity: "Banner",
  noun: "banner",
  texts: {
    fetchFailed: "Failed to fetch banners",
    empty: "No banners found",
    saveFallback: "Something went wrong",
    deleteFailed: "Failed to delete banner",
  },
  fields: [
    { name: "image", label: "Image", kind: "image", required: true },
    { name: "title", label: "Title", kind: "text" },
    { name: "description", label: "Description", kind: "textarea" },
  ],
  validate: (_values, files, editing) => (files.image || editing?.image ? {} : { image: "Please upload at least one image" }),
  schema: bannerInput,
  card: (b) => ({ title: b.title, body: b.description, image: b.image }),
};

export const clientLoader = () => loadList<Banner>(bannerScreen.endpoint, bannerScreen.texts.fetchFailed);

export const meta = () => adminMeta(bannerScreen.title);

export default function BannerScreen({ loaderData }: Route.ComponentProps) {
  return <SimpleScreen config={bannerScreen} data={loaderData} />;
}
