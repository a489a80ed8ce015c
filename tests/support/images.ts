import sharp from "sharp";

/** Real image bytes for upload tests, made on the spot. */
export async function pngBytes(width = 64, height = 48, color = "#1d5c96"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function jpegBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#f08a24" } })
    .jpeg()
    .toBuffer();
}

export function imageFile(bytes: Uint8Array, name = "photo.png", type = "image/png"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** A multipart form from plain fields (objects and arrays become JSON text) and files. */
export function formOf(fields: Record<string, unknown>, files: Record<string, File | File[]> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    form.append(k, typeof v === "string" ? v : JSON.stringify(v));
  }
  for (const [k, f] of Object.entries(files)) {
    for (const file of Array.isArray(f) ? f : [f]) form.append(k, file);
  }
  return form;
}
