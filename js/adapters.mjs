// Adapters that turn common model APIs into groundcheck's callbacks:
//   new Validator({ ...openAICompatible({ baseURL, apiKey, model, embeddingModel }), retrieve })
//   new Validator({ ...workersAI(env.AI, { model, embeddingModel }), retrieve })
// Errors (HTTP status, malformed bodies) are thrown as Errors with a clear message; the
// validator turns them into JUDGE_FAILED / PIPELINE_ERROR findings. The `signal` the
// validator hands each call is passed to fetch, so a call that times out is cancelled.

/**
 * Callbacks over the OpenAI chat-completions and embeddings wire format (OpenAI, Ollama,
 * vLLM, LM Studio, llama.cpp server): `POST {baseURL}/chat/completions` and
 * `POST {baseURL}/embeddings`. `baseURL` includes the version, e.g.
 * `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`.
 * Returns `{ llm }` when `model` is given and `{ embed }` when `embeddingModel` is.
 */
export function openAICompatible({ baseURL, apiKey, model, embeddingModel, headers = {}, fetch: fetchImpl, temperature = 0 } = {}) {
  if (typeof baseURL !== "string" || baseURL.length === 0) {
    throw new TypeError("openAICompatible: baseURL must be a non-empty string, e.g. http://127.0.0.1:11434/v1");
  }
  if (!model && !embeddingModel) {
    throw new TypeError("openAICompatible: give model (for llm), embeddingModel (for embed), or both");
  }
  const doFetch = fetchImpl ?? globalThis.fetch;
  if (typeof doFetch !== "function") throw new TypeError("openAICompatible: no fetch available; pass { fetch }");
  const base = baseURL.replace(/\/+$/, "");
  const head = { "content-type": "application/json", accept: "application/json", ...headers };
  if (apiKey) head.authorization = `Bearer ${apiKey}`;

  async function post(path, body, signal) {
    const init = { method: "POST", headers: head, body: JSON.stringify(body) };
    if (signal) init.signal = signal;
    const res = await doFetch(`${base}${path}`, init);
    const text = await res.text();
    if (!res.ok) {
      throw new Error(`${path}: HTTP ${res.status}${text ? `: ${text.slice(0, 300)}` : ""}`);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`${path}: the response is not JSON: ${text.slice(0, 120)}`);
    }
  }

  const out = {};
  if (model) {
    out.llm = async (prompt, options = {}) => {
      const body = { model, messages: [{ role: "user", content: prompt }], temperature };
      if (options.maxTokens) body.max_tokens = options.maxTokens;
      const data = await post("/chat/completions", body, options.signal);
      const content = data?.choices?.[0]?.message?.content;
      if (typeof content !== "string") {
        throw new Error("/chat/completions: the response has no choices[0].message.content string");
      }
      return content;
    };
  }
  if (embeddingModel) {
    out.embed = async (texts, options = {}) => {
      const data = await post("/embeddings", { model: embeddingModel, input: texts }, options.signal);
      const rows = data?.data;
      if (!Array.isArray(rows)) throw new Error("/embeddings: the response has no data array");
      // The wire format carries an index per row; do not trust the order.
      const sorted = rows.every((r) => Number.isInteger(r?.index)) ? [...rows].sort((a, b) => a.index - b.index) : rows;
      return sorted.map((r) => r?.embedding);
    };
  }
  return out;
}

/**
 * Callbacks over a Cloudflare Worker's AI binding (`env.AI`): text generation with
 * `messages`, embeddings with `{ text: [...] }` (the `bge` models' `{ data }` result).
 */
export function workersAI(ai, { model = "@cf/meta/llama-3.1-8b-instruct", embeddingModel = "@cf/baai/bge-base-en-v1.5" } = {}) {
  if (!ai || typeof ai.run !== "function") {
    throw new TypeError("workersAI: pass the Worker's AI binding (env.AI), an object with run()");
  }
  const out = {};
  if (model) {
    out.llm = async (prompt, options = {}) => {
      const input = { messages: [{ role: "user", content: prompt }] };
      if (options.maxTokens) input.max_tokens = options.maxTokens;
      const result = await ai.run(model, input);
      const text = typeof result === "string" ? result : result?.response;
      if (typeof text !== "string") throw new Error(`workersAI ${model}: the result has no response string`);
      return text;
    };
  }
  if (embeddingModel) {
    out.embed = async (texts) => {
      const result = await ai.run(embeddingModel, { text: texts });
      if (!Array.isArray(result?.data)) throw new Error(`workersAI ${embeddingModel}: the result has no data array`);
      return result.data;
    };
  }
  return out;
}
