// Model callbacks over the Workers AI binding (`env.AI`), for the validator's judges.
//
// Stand-in until js/adapters.mjs (`workersAI(env.AI)`) lands with the model-callback
// work; then the Worker should use that instead (see validation.js). Only used when the
// module's Validator has the async `validate()` that calls callbacks.

/** `{ llm, embed }` callbacks that call Workers AI models through the binding. */
export function workersAICallbacks(ai, { model = "@cf/meta/llama-3.1-8b-instruct", embeddingModel = "@cf/baai/bge-base-en-v1.5" } = {}) {
  return {
    llm: async (prompt, options = {}) => {
      const out = await ai.run(model, {
        messages: [{ role: "user", content: String(prompt) }],
        ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
      });
      if (typeof out === "string") return out;
      if (out && typeof out.response === "string") return out.response;
      throw new Error(`Workers AI ${model} returned no text`);
    },
    embed: async (texts) => {
      const out = await ai.run(embeddingModel, { text: texts });
      if (!out || !Array.isArray(out.data)) throw new Error(`Workers AI ${embeddingModel} returned no embeddings`);
      return out.data;
    },
  };
}
