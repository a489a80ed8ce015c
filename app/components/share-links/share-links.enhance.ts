/** Shows "Copy link" (markup: ./share-links.tsx) and copies the page's link with it. */

const COPIED_VISIBLE_MS = 4000;

export function shareLinks(root: HTMLElement): void {
  const item = root.querySelector<HTMLElement>("[data-copy-link]");
  const button = item?.querySelector("button");
  const status = root.querySelector<HTMLElement>('[role="status"]');
  const url = root.dataset.url ?? window.location.href;
  if (!item || !button || !status) return;
  item.hidden = false;
  let timer: number | undefined;
  button.addEventListener("click", async () => {
    window.clearTimeout(timer);
    try {
      await navigator.clipboard.writeText(url);
      status.dataset.failed = "false";
      status.textContent = "Link copied";
    } catch {
      status.dataset.failed = "true";
      status.textContent = `Could not copy. The link is ${url}`;
    }
    timer = window.setTimeout(() => {
      status.textContent = "";
    }, COPIED_VISIBLE_MS);
  });
}
