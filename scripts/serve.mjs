#!/usr/bin/env node
// A tiny dependency-free static server: www/ at /, pkg/ at /pkg/, js/ at /js/ (the badge).
// Usage: node scripts/serve.mjs   (PORT and HOST env override 8080 / 127.0.0.1)
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "./lib.mjs";

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".ts": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/** Maps a URL path to a file under www/, pkg/ or js/, or null when it escapes them. */
function resolvePath(urlPath) {
  let rel;
  try {
    rel = decodeURIComponent(urlPath.split("?")[0]);
  } catch {
    return null;
  }
  const mount = ["pkg", "js"].find((dir) => rel.startsWith(`/${dir}/`));
  const [base, sub] = mount ? [join(ROOT, mount), rel.slice(mount.length + 2)] : [join(ROOT, "www"), rel.slice(1)];
  const file = normalize(join(base, sub || "index.html"));
  if (file !== base && !file.startsWith(base + sep)) return null;
  return file;
}

/**
 * Starts the server; resolves to the Node http.Server once listening.
 * Port 0 picks a free port (see server.address().port).
 */
export function serve({ port = 8080, host = "127.0.0.1", quiet = false } = {}) {
  const server = createServer((req, res) => {
    let file = resolvePath(req.url ?? "/");
    let st = null;
    if (file) {
      try {
        st = statSync(file);
        if (st.isDirectory()) {
          file = join(file, "index.html");
          st = statSync(file);
        }
      } catch {
        st = null;
      }
    }
    if (!file || !st || !st.isFile() || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(file && st ? 405 : 404, { "content-type": "text/plain; charset=utf-8" });
      res.end(file && st ? "method not allowed\n" : "not found\n");
      if (!quiet) console.log(`${req.method} ${req.url} ${res.statusCode}`);
      return;
    }
    res.writeHead(200, {
      "content-type": MIME[extname(file).toLowerCase()] ?? "application/octet-stream",
      "content-length": st.size,
      "cache-control": "no-cache",
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
    if (!quiet) console.log(`${req.method} ${req.url} 200`);
  });
  return new Promise((resolveP, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolveP(server));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? "127.0.0.1";
  const server = await serve({ port, host });
  const { port: p } = server.address();
  console.log(`groundcheck demo: http://${host}:${p}/  (Ctrl-C to stop)`);
}
