import { Link, useRevalidator } from "react-router";
import type { Category } from "../../../shared/content/category";
import { CardImage } from "../../components/admin/card-image";
import { CategoryEditor } from "../../components/admin/category-editor";
import { type DeleteTexts, useConfirmedDelete } from "../../components/admin/confirmed-delete";
import { useEditorState } from "../../components/admin/editor-form";
import { editorDialogProps } from "../../components/admin/form-utils";
import { adminMeta } from "../../components/admin/screen-data";
import {
  AddButton,
  buttonClass,
  EditDeleteButtons,
  EmptyState,
  ErrorState,
  PageHeader,
} from "../../components/admin/screen-parts";
import { ArrowRightIcon } from "../../components/icons";
import { api, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/categories";

/** Categories Management (SPEC §2; the old /admin/productscategories redirects here). */

const CATEGORY_SCREEN_TEXTS = {
  fetchFailed: "Failed to fetch categories",
  empty: "No categories found. Add your first category.",
  deleteFailed: "Failed to delete category",
};

/** SPEC §9: a category card shows 4 features. */
const FEATURES_SHOWN = 4;

export async function clientLoader() {
  try {
    const answer = await api<{ data: Category[] }>("/api/category");
    return { items: Array.isArray(answer?.data) ? answer.data : [], error: null as string | null };
  } catch (err) {
    console.error(CATEGORY_SCREEN_TEXTS.fetchFailed, err);
    return { items: [] as Category[], error: CATEGORY_SCREEN_TEXTS.fetchFailed };
  }
}

export const meta = () => adminMeta("Categories Management");

function CategoryCard({ category, onEdit, onDelete }: { category: Category; onEdit: () => void; onDelete: () => void }) {
  const features = category.features.slice(0, FEATURES_SHOWN);
  const more = category.features.length - features.length;
  const count = category.productCount ?? 0;
  return (
    <li
      className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
      data-category={category.name}
    >
      <CardImage src={category.image} />
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-base font-bold break-words text-slate-900">{category.name}</h2>
          <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
            {count === 1 ? "1 product" : `${count} products`}
          </span>
        </div>
        {category.description && <p className="mt-2 line-clamp-3 text-sm break-words text-slate-600">{category.description}</p>}
        {features.length > 0 && (
          <>
            <h3 className="mt-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">Features</h3>
            <ul className="mt-1 space-y-1 text-sm text-slate-700">
              {features.map((f) => (
                <li key={f.name} className="flex gap-2">
                  <span aria-hidden="true" className="text-accent-600">
                    •
                  </span>
                  <span className="min-w-0 break-words">
                    <span className="font-medium text-slate-800">{f.name}</span>
                    {f.description ? ` — ${f.description}` : ""}
                  </span>
                </li>
              ))}
              {more > 0 && <li className="text-slate-600">+ {more} more</li>}
            </ul>
          </>
        )}
        {category.subcategories.length > 0 && (
          <>
            <h3 className="mt-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">Subcategories</h3>
            <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={`Subcategories of ${category.name}`}>
              {category.subcategories.map((s) => (
                <li key={s._id} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                  {s.name}
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Link to={`/admin/products?category=${encodeURIComponent(category._id)}`} className={buttonClass("primary", "sm")}>
            View Products<span className="sr-only"> of {category.name}</span>
            <ArrowRightIcon className="h-4 w-4" />
          </Link>
          <EditDeleteButtons name={category.name} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </div>
    </li>
  );
}

/** Deleting a category: asked first; the server may refuse. */
const DELETE_TEXTS: DeleteTexts = {
  question: "Are you sure you want to delete this category?",
  success: "Category deleted successfully!",
  failed: CATEGORY_SCREEN_TEXTS.deleteFailed,
  // A 409 explains why (products still use it): show the server's message.
  failure: (err) => errorMessage(err, CATEGORY_SCREEN_TEXTS.deleteFailed),
};

export default function CategoriesScreen({ loaderData }: Route.ComponentProps) {
  const editor = useEditorState<Category>();
  const revalidator = useRevalidator();
  const deleteConfirmed = useConfirmedDelete(revalidator, DELETE_TEXTS);

  const remove = (category: Category) => deleteConfirmed(`/api/category/${category._id}`);

  return (
    <div>
      <PageHeader
        title="Categories Management"
        description="Product categories, their features and subcategories."
        actions={<AddButton label="Add Category" onClick={editor.openAdd} />}
      />
      {loaderData.error ? (
        <ErrorState text={loaderData.error} onRetry={() => revalidator.revalidate()} />
      ) : loaderData.items.length === 0 ? (
        <EmptyState text={CATEGORY_SCREEN_TEXTS.empty}>
          <AddButton label="Add Category" onClick={editor.openAdd} />
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {loaderData.items.map((c) => (
            <CategoryCard key={c._id} category={c} onEdit={() => editor.openEdit(c)} onDelete={() => remove(c)} />
          ))}
        </ul>
      )}
      <CategoryEditor key={editor.key} {...editorDialogProps(editor, revalidator)} />
    </div>
  );
}
