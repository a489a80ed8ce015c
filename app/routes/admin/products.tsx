import { useEffect } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import type { Category } from "../../../shared/content/category";
import { PRODUCT_PAGE_LIMIT_MAX, type Product } from "../../../shared/content/product";
import { type DeleteTexts, useConfirmedDelete } from "../../components/admin/confirmed-delete";
import { useEditorState } from "../../components/admin/editor-form";
import { FilterSelect } from "../../components/admin/filter-select";
import { editorDialogProps } from "../../components/admin/form-utils";
import { Pager } from "../../components/admin/pager";
import { ProductEditor } from "../../components/admin/product-editor";
import { adminMeta } from "../../components/admin/screen-data";
import {
  AddButton,
  buttonClass,
  EditDeleteButtons,
  EmptyState,
  ErrorState,
  PageHeader,
} from "../../components/admin/screen-parts";
import { ResponsiveImage } from "../../components/responsive-image";
import { api, errorDetail } from "../../lib/api-client";
import { formatPrice } from "../../lib/format";
import type { Route } from "./+types/products";

/**
 * Products Management (SPEC §2): the list filtered by ?category= and ?subcategory= (kept in the URL), 100
 * per page (?page=), add / edit in a dialog (?add=1 opens it: the old /admin/addNewProduct), delete after a
 * confirmation.
 */

const PRODUCT_SCREEN_TEXTS = {
  fetchFailed: "Failed to fetch products. Please try again later.",
  empty: "No products found matching the selected filters.",
};

interface ProductPage {
  data: Product[];
  total: number;
  page: number;
  limit: number;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const category = params.get("category") ?? "";
  const subcategory = params.get("subcategory") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const [categories, products] = await Promise.allSettled([
    api<{ data: Category[] }>("/api/category"),
    api<ProductPage>("/api/product", {
      query: { categoryId: category, subcategoryId: subcategory, page, limit: PRODUCT_PAGE_LIMIT_MAX },
    }),
  ]);
  if (products.status === "rejected") console.error(PRODUCT_SCREEN_TEXTS.fetchFailed, products.reason);
  return {
    categories: categories.status === "fulfilled" && Array.isArray(categories.value?.data) ? categories.value.data : [],
    products: products.status === "fulfilled" ? products.value : null,
    error: products.status === "rejected" ? PRODUCT_SCREEN_TEXTS.fetchFailed : null,
    page,
  };
}

export const meta = () => adminMeta("Products Management");

function ProductRow({ product, onEdit, onDelete }: { product: Product; onEdit: () => void; onDelete: () => void }) {
  const where = [product.categoryId?.name, product.subcategoryName].filter(Boolean).join(" › ");
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-product={product.name}>
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <div className="h-16 w-20 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100">
          <ResponsiveImage src={product.mainImage} alt="" sizes="80px" className="h-full w-full object-cover" />
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base font-bold break-words text-slate-900">{product.name}</h2>
            {product.featured && (
              <span className="rounded-full bg-accent-500 px-2 py-0.5 text-xs font-semibold text-brand-900">Featured</span>
            )}
          </div>
          <p className="text-sm text-slate-600">{where || "No category"}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-semibold text-brand-700" data-price>
              {formatPrice(product.price)}
            </span>
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 sm:justify-end">
        <EditDeleteButtons name={product.name} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}

/** A filter's options: the one that filters nothing, then the catalogue's records (categories, subcategories). */
const choicesOf = (none: string, records: readonly { _id: string; name: string }[]) => [
  { value: "", label: none },
  ...records.map((r) => ({ value: r._id, label: r.name })),
];

/** Deleting a product: asked first; the server may refuse. */
const DELETE_TEXTS: DeleteTexts = {
  question: "Are you sure you want to delete this product?",
  success: "Product deleted successfully!",
  failed: "Error deleting product",
  failure: (err) => `Error deleting product: ${errorDetail(err)}`,
};

export default function ProductsScreen({ loaderData }: Route.ComponentProps) {
  const { categories, products, error, page } = loaderData;
  const [params, setParams] = useSearchParams();
  const editor = useEditorState<Product>();
  const revalidator = useRevalidator();
  const deleteConfirmed = useConfirmedDelete(revalidator, DELETE_TEXTS);
  const category = params.get("category") ?? "";
  const subcategory = params.get("subcategory") ?? "";
  const subcategories = categories.find((c) => c._id === category)?.subcategories ?? [];
  const wantsAdd = params.get("add") === "1";

  // /admin/products?add=1 (the old /admin/addNewProduct) opens the add dialog once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the query asks for it
  useEffect(() => {
    if (!wantsAdd) return;
    editor.openAdd();
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete("add");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [wantsAdd]);

  const setFilter = (changes: Record<string, string>) => {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        next.delete("page");
        return next;
      },
      { preventScrollReset: true },
    );
  };

  const remove = (product: Product) => deleteConfirmed(`/api/product/${product._id}`);

  const total = products?.total ?? 0;
  const limit = products?.limit ?? PRODUCT_PAGE_LIMIT_MAX;
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);

  return (
    <div>
      <PageHeader
        title="Products Management"
        description="The products shown in the public catalogue."
        actions={<AddButton label="Add Product" onClick={editor.openAdd} />}
      />
      <div className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:flex lg:items-end">
        <FilterSelect
          id="product-category-filter"
          className="lg:w-64"
          label="Category"
          value={category}
          options={choicesOf("All categories", categories)}
          onChange={(v) => setFilter({ category: v, subcategory: "" })}
        />
        <FilterSelect
          id="product-subcategory-filter"
          className="lg:w-64"
          label="Subcategory"
          value={subcategory}
          options={choicesOf(category ? "All subcategories" : "Choose a category first", subcategories)}
          disabled={subcategories.length === 0}
          onChange={(v) => setFilter({ subcategory: v })}
        />
        {(category || subcategory) && (
          <button
            type="button"
            className={`${buttonClass("ghost")} sm:col-span-2 sm:justify-self-start`}
            onClick={() => setFilter({ category: "", subcategory: "" })}
          >
            Clear filters
          </button>
        )}
      </div>

      {error ? (
        <ErrorState text={error} onRetry={() => revalidator.revalidate()} />
      ) : !products || products.data.length === 0 ? (
        <EmptyState text={PRODUCT_SCREEN_TEXTS.empty} />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {total === 1 ? "1 product" : `Showing ${first}–${last} of ${total} products`}
          </p>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {products.data.map((p) => (
              <ProductRow key={p._id} product={p} onEdit={() => editor.openEdit(p)} onDelete={() => remove(p)} />
            ))}
          </ul>
          <Pager label="Pages" page={page} pages={pages} />
        </>
      )}
      <ProductEditor
        key={editor.key}
        {...editorDialogProps(editor, revalidator)}
        categories={categories}
        initialCategory={category || undefined}
      />
    </div>
  );
}
