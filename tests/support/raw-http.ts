import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** An answer as sent (`bytes`, still compressed) and as meant (`body`, decompressed per Content-Encoding). */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
  body: Buffer;
}

/** A request whose answer the client does not decompress, so the bytes the server sent can be checked. */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const body =
          bytes.length === 0
            ? bytes
            : encoding === "br"
              ? brotliDecompressSync(bytes)
              : encoding === "gzip"
                ? gunzipSync(bytes)
                : bytes;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, body });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
