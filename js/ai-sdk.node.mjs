// groundcheck/ai-sdk under Node: loads the module through groundcheck/node (initialised at
// import), then exposes the same API as js/ai-sdk.mjs.
import "./node.mjs";
export * from "./ai-sdk.mjs";
