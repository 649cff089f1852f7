// groundcheck/langchain under Node: loads the module through groundcheck/node (initialised
// at import), then exposes the same API as js/langchain.mjs.
import "./node.mjs";
export * from "./langchain.mjs";
