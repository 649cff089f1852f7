// Types for js/node.mjs: the same surface as the web build, already initialised.
export * from "../pkg/groundcheck.js";
