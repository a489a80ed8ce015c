// Preloaded (node --import) into every server the benchmarks start (bench/process.js, bench/directus.js):
// when the bench process that started it is gone without its cleanup (killed with SIGKILL), the server
// stops itself (SIGTERM, its graceful path) instead of running on, orphaned. One check a second, off the
// event loop's keep-alive.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
}, 1000).unref();
