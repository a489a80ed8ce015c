import { api } from "../../lib/api-client";
import { useConfirm } from "./dialog";
import { useToast } from "./toast";

/**
 * Deleting one record from a screen's list: asks first, then DELETE, a toast either way, and the list read
 * again (also after a failure: someone else may have changed it).
 */
export function useConfirmedDelete(revalidator: { revalidate: () => Promise<unknown> }, texts: DeleteTexts) {
  const confirm = useConfirm();
  const toast = useToast();
  /** `path`: the record's API address. */
  return async (path: string) => {
    if (!(await confirm(texts.question))) return;
    try {
      await api(path, { method: "DELETE" });
      toast.success(texts.success);
    } catch (err) {
      console.error(texts.failed, err);
      toast.error(texts.failure(err));
    }
    await revalidator.revalidate();
  };
}

export interface DeleteTexts {
  question: string;
  success: string;
  /** Logged with the error. */
  failed: string;
  /** The toast's text for a failure. */
  failure: (err: unknown) => string;
}
