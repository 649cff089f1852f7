// Types for js/node.cjs: the same surface as the web build, already initialised.
export * from "../pkg-node/groundcheck.cjs";
