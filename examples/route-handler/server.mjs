// Serves the route handler with Node's http module, for trying it without Next.js:
//   node examples/route-handler/server.mjs   (PORT overrides 3000)
//   curl -s localhost:3000/api/check -H 'content-type: application/json' -d @input.json
import { createServer } from "node:http";
import { POST } from "./app/api/check/route.mjs";

export function start(port = Number(process.env.PORT ?? 3000)) {
  return createServer(async (req, res) => {
    if (req.url !== "/api/check" || req.method !== "POST") {
      res.writeHead(404).end();
      return;
    }
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const response = await POST(new Request(`http://localhost${req.url}`, { method: "POST", headers: req.headers, body: Buffer.concat(chunks) }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  }).listen(port, "127.0.0.1");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = start();
  server.on("listening", () => console.log(`POST http://127.0.0.1:${server.address().port}/api/check`));
}
