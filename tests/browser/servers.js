// Run by playwright.config.ts as its one web server: `node tests/browser/servers.js` starts every browser test
// server (`node server.js`, one per entry of BROWSER_TEST_SERVERS: [{ port, dataDir }]) at the same time, where
// Playwright starts its web servers one after another, and answers 200 on READY_PORT once all of them answer
// /api/health. Playwright ends this process's group, and so every server, when the tests are done.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const servers = JSON.parse(process.env.BROWSER_TEST_SERVERS ?? "[]");
const readyPort = Number(process.env.READY_PORT);
const children = [];
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    process.exit(0);
  });
}

/** Starts one server; resolves once it answers its health check, fails the whole start if it exits first. */
function start({ port, dataDir }) {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    process.stderr.write(`the test server on port ${port} stopped (${code ?? signal})\n`);
    process.exit(1);
  });
  return new Promise((resolve) => {
    const check = () =>
      fetch(`http://127.0.0.1:${port}/api/health`)
        .then((res) => (res.ok ? resolve() : setTimeout(check, 100)))
        .catch(() => setTimeout(check, 100));
    check();
  });
}

await Promise.all(servers.map(start));
createServer((_req, res) => res.end("ready")).listen(readyPort, "127.0.0.1");
