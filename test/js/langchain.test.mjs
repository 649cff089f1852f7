// groundcheck/sources and groundcheck/langchain against the real @langchain/core (1.x):
// Documents and [Document, score] pairs from its own classes (FakeRetriever, an in-memory
// vector store), a chain run with the callback handler, no network. AI SDK source parts
// need their text, and the error says so.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Document } from "@langchain/core/documents";
import { PromptTemplate } from "@langchain/core/prompts";
import { RunnableLambda, RunnableSequence } from "@langchain/core/runnables";
import { FakeListChatModel, FakeLLM, FakeRetriever, FakeVectorStore, SyntheticEmbeddings } from "@langchain/core/utils/testing";
import { Validator } from "../../js/node.mjs";
import { GroundcheckCallbackHandler, fromAiSdkSources, fromLangChain } from "../../js/langchain.node.mjs";
import * as sourcesEntry from "../../js/sources.mjs";

const docs = [
  new Document({ pageContent: "The tower was constructed from 1887 to 1889 for the World's Fair.", metadata: { source: "https://example.org/eiffel", title: "Eiffel Tower" } }),
  new Document({ pageContent: "The Eiffel Tower is 330 metres tall.", metadata: { source: "docs/figures.md", loc: { lines: { from: 3, to: 4 } }, page: 2 } }),
];
const question = "When was the Eiffel Tower built, and how tall is it?";
const answer = "The Eiffel Tower was built from 1887 to 1889 [1]. It is 330 metres tall [2]. It was designed by Gustave Eiffel himself [3].";

test("fromLangChain maps Documents field by field; the sources check as written by hand", () => {
  const sources = fromLangChain(docs);
  assert.deepEqual(sources, [
    { id: "1", content: docs[0].pageContent, title: "Eiffel Tower", url: "https://example.org/eiffel", document: "https://example.org/eiffel", metadata: { source: "https://example.org/eiffel", title: "Eiffel Tower" } },
    { id: "2", content: docs[1].pageContent, path: "docs/figures.md", document: "docs/figures.md", page: 2, startLine: 3, endLine: 4, metadata: { source: "docs/figures.md", loc: { lines: { from: 3, to: 4 } }, page: 2 } },
  ]);
  const report = new Validator({}).check({ question, answer, sources });
  assert.deepEqual(report.warnings.map((w) => w.kind).sort(), ["CITATION_OUT_OF_RANGE", "UNSUPPORTED_CLAIM"]);
  assert.equal(sourcesEntry.fromLangChain, fromLangChain, "groundcheck/langchain re-exports groundcheck/sources");
  // Ids from the Document, duplicates made unique.
  const ided = fromLangChain([new Document({ pageContent: "a", id: "x" }), new Document({ pageContent: "b", id: "x" }), new Document({ pageContent: "c", metadata: { id: 7 } })]);
  assert.deepEqual(ided.map((s) => s.id), ["x", "x#2", "7"]);
});

test("[Document, score] pairs from a real vector store's similaritySearchWithScore", async () => {
  const store = await FakeVectorStore.fromDocuments(docs, new SyntheticEmbeddings({ vectorSize: 8 }));
  const pairs = await store.similaritySearchWithScore("Eiffel Tower height", 2);
  assert.equal(pairs.length, 2);
  const sources = fromLangChain(pairs);
  assert.deepEqual(sources.map((s) => s.score), pairs.map(([, score]) => score));
  assert.ok(sources.every((s) => typeof s.score === "number"));
  assert.deepEqual(sources.map((s) => s.content).sort(), docs.map((d) => d.pageContent).sort());
});

test("bad Documents and AI SDK source parts are coded errors in plain words", () => {
  const err = (fn) => {
    try {
      fn();
    } catch (e) {
      return e;
    }
    assert.fail("no error");
  };
  let e = err(() => fromLangChain([docs[0], { pageContent: 42 }]));
  assert.equal(e.code, "INVALID_TYPE");
  assert.equal(e.field, "docs[1].pageContent");
  const part = { type: "source", sourceType: "url", id: "src-1", url: "https://example.org/eiffel", title: "Eiffel Tower" };
  e = err(() => fromLangChain([part]));
  assert.equal(e.code, "MISSING_FIELD");
  assert.equal(e.field, "docs[0].content");
  assert.match(e.message, /holds none of its text/);
  e = err(() => fromAiSdkSources([part]));
  assert.equal(e.code, "MISSING_FIELD");
  assert.equal(e.field, "sources[0].content");
  assert.match(e.message, /no text for AI SDK source "https:\/\/example\.org\/eiffel": a source part only names a page/);
  // Paired with their text (by id, by url, through a Map or a function), they check.
  const texts = { "src-1": docs[0].pageContent, "https://example.org/figures": docs[1].pageContent };
  const parts = [part, { type: "source", sourceType: "url", id: "src-2", url: "https://example.org/figures" }];
  const sources = fromAiSdkSources(parts, texts);
  assert.deepEqual(sources, [
    { id: "src-1", content: docs[0].pageContent, title: "Eiffel Tower", url: "https://example.org/eiffel" },
    { id: "src-2", content: docs[1].pageContent, url: "https://example.org/figures" },
  ]);
  assert.deepEqual(fromAiSdkSources(parts, new Map(Object.entries(texts))), sources);
  assert.deepEqual(fromAiSdkSources(parts, (p) => texts[p.id] ?? texts[p.url]), sources);
  const report = new Validator({}).check({ question, answer, sources });
  assert.deepEqual(report.warnings.map((w) => w.kind).sort(), ["CITATION_OUT_OF_RANGE", "UNSUPPORTED_CLAIM"]);
});

test("the callback handler checks the LLM's answer against the documents the retriever returned, in a real chain", async () => {
  const retriever = new FakeRetriever({ output: docs });
  const llm = new FakeLLM({ response: answer });
  const prompt = PromptTemplate.fromTemplate("Answer from the context.\n{context}\nQuestion: {question}");
  const chain = RunnableSequence.from([
    { context: retriever.pipe(RunnableLambda.from((ds) => ds.map((d, i) => `[${i + 1}] ${d.pageContent}`).join("\n"))), question: (q) => q },
    prompt,
    llm,
  ]);
  const seen = [];
  const handler = new GroundcheckCallbackHandler({ onReport: (report, ctx) => seen.push({ report, ctx }) });
  const out = await chain.invoke(question, { callbacks: [handler] });
  assert.equal(out, answer);
  const expected = new Validator({}).check({ question, answer, sources: fromLangChain(docs) });
  assert.deepEqual(handler.lastReport, expected, "the retriever's query is the question; its documents are the sources");
  assert.equal(seen.length, 1);
  assert.equal(seen[0].ctx.answer, answer);
  assert.equal(seen[0].ctx.question, question);
  assert.equal(handler.lastReport.decision, "RETRY");
});

test("a chat model's message text is checked too; fixed sources when no retriever runs", async () => {
  const good = "The Eiffel Tower was built from 1887 to 1889 [1]. It is 330 metres tall [2].";
  const chat = new FakeListChatModel({ responses: [good] });
  const handler = new GroundcheckCallbackHandler({ sources: fromLangChain(docs), question });
  const msg = await chat.invoke("anything", { callbacks: [handler] });
  assert.equal(msg.content, good);
  assert.equal(handler.reports.length, 1);
  assert.deepEqual(handler.lastReport, new Validator({}).check({ question, answer: good, sources: fromLangChain(docs) }));
  assert.equal(handler.lastReport.decision, "FINAL");
});
