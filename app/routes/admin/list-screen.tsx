import { LIST_CONTENT } from "../../../shared/content/registry";
import { ListTypeScreen } from "../../components/admin/list-type-screen";
import { adminMeta, loadList, loadProductChoices } from "../../components/admin/screen-data";
import type { Route } from "./+types/list-screen";

/**
 * The admin screen of every list type (/admin/banner, /admin/our-team, /admin/faq …; routes.ts gives each
 * declaration in shared/content/registry.ts its URL). The declaration says what the screen shows.
 */
function contentAt(pathname: string) {
  const path = pathname.replace(/^\/admin\//, "").replace(/\/$/, "");
  const content = LIST_CONTENT.find((c) => c.admin.path === path);
  if (!content) throw new Response("Not Found", { status: 404 });
  return content;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const content = contentAt(new URL(request.url).pathname);
  const wantsProducts = content.form.some((f) => f.record?.content === "product");
  const [list, products] = await Promise.all([
    loadList<{ _id: string }>(`/api${content.path}`, content.admin.texts.fetchFailed),
    wantsProducts ? loadProductChoices() : [],
  ]);
  return { name: content.name, list, products };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  adminMeta(LIST_CONTENT.find((c) => c.name === loaderData?.name)?.admin.title ?? "Admin");

export default function ListScreen({ loaderData }: Route.ComponentProps) {
  const content = LIST_CONTENT.find((c) => c.name === loaderData.name);
  if (!content) return null;
  return <ListTypeScreen key={content.name} content={content} data={loaderData.list} products={loaderData.products} />;
}
