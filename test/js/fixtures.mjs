// Shared inputs for the JS-level tests.
export const SOURCES = [
  { id: "wiki-paris", title: "Paris", content: "Paris is the capital and largest city of France, on the Seine." },
  { id: "insee-2024", title: "Population", content: "Paris had about 2.1 million residents in 2024." },
];

export const OUT_OF_RANGE = {
  question: "What is the capital of France?",
  answer: "Paris is the capital of France [1]. It has 2.1 million residents [4].",
  sources: SOURCES,
};

export const UNCITED = {
  question: "What is the capital of France?",
  answer: "Paris is the capital of France [1]. The city had 2.1 million residents in 2024.",
  sources: SOURCES,
};

export const CODE = {
  question: "How do I read the second element?",
  answer: "Use `arr[1]` to read the second element of the array, as the docs show [1].",
  sources: [{ id: "docs", content: "Arrays are indexed from zero: arr[1] is the second element." }],
};

export const UNICODE = {
  question: "Is Tokyo big?",
  answer: "Café ☕ 東京 is big [1].",
  sources: [{ id: "東京-☕-🗼", title: "東京 🗼", content: "Tokyo (東京) is a very big city. Café ☕ culture." }],
};

/** Warnings of one kind from a report. */
export const ofKind = (report, kind) => report.warnings.filter((w) => w.kind === kind);
