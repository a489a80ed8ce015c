import { useState } from "react";
import { downloadFile, errorMessage, type RequestOptions } from "../../lib/api-client";
import { buttonClass } from "./screen-parts";
import { useToast } from "./toast";

/**
 * A file from the API (a CSV export) downloaded with the staff token: busy while it comes, a toast in words
 * when it fails. `query` is the screen's filters, which the server applies as it does to the list.
 */
export function DownloadButton({
  path,
  fileName,
  query,
  label,
  busyLabel,
  failure,
  what,
  size = "md",
}: {
  path: string;
  fileName: string;
  query?: RequestOptions["query"];
  label: string;
  busyLabel: string;
  failure: string;
  /** Read after the label by screen readers ("of the sales figures"). */
  what?: string;
  size?: "sm" | "md";
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(path, fileName, { query });
    } catch (err) {
      console.error(failure, err);
      toast.error(errorMessage(err, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={buttonClass("secondary", size)} onClick={download} disabled={busy}>
      {busy ? busyLabel : label}
      {what && <span className="sr-only"> {what}</span>}
    </button>
  );
}
