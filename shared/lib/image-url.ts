/**
 * Uploaded images are stored under names that carry their size, so any page can set width/height and
 * build a srcset from the URL alone:
 *   /uploads/{id}.{W}x{H}.webp        the largest copy
 *   /uploads/{id}.{W}x{H}.w{w}.webp   narrower copies, one per VARIANT_WIDTHS entry below W
 */
export const VARIANT_WIDTHS = [320, 640, 960, 1280] as const;
export const MAX_IMAGE_WIDTH = 1920;

const UPLOAD_NAME = /^\/uploads\/([a-f0-9]{32})\.(\d{1,5})x(\d{1,5})\.webp$/;

export interface UploadedImageInfo {
  id: string;
  width: number;
  height: number;
  /** Every copy, narrowest first; the last one is the URL itself. */
  variants: { width: number; url: string }[];
}

export function parseUploadUrl(url: string): UploadedImageInfo | null {
  const m = UPLOAD_NAME.exec(url);
  if (!m) return null;
  const [, id, w, h] = m as unknown as [string, string, string, string];
  const width = Number(w);
  const height = Number(h);
  const variants: { width: number; url: string }[] = VARIANT_WIDTHS.filter((vw) => vw < width).map((vw) => ({
    width: vw,
    url: `/uploads/${id}.${width}x${height}.w${vw}.webp`,
  }));
  variants.push({ width, url });
  return { id, width, height, variants };
}

export function uploadFileName(id: string, width: number, height: number, variantWidth?: number): string {
  return variantWidth ? `${id}.${width}x${height}.w${variantWidth}.webp` : `${id}.${width}x${height}.webp`;
}
