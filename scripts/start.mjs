#!/usr/bin/env node
// `npm start`: builds pkg/ when missing or older than the Rust sources, then serves www/.
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
const { serve } = await import("./serve.mjs");
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? "127.0.0.1";
const server = await serve({ port, host });
console.log(`groundcheck demo: http://${host}:${server.address().port}/  (Ctrl-C to stop)`);
