// Types for js/node.mjs: the same surface as the web build, already initialised.
export * from "../pkg/groundcheck.js";
export { repair, DEFAULT_DROP } from "./repair.js";
export type { RepairOptions, Repaired, RepairedRange } from "./repair.js";
