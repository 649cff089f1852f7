// Optional: answers from an OpenAI-compatible chat completions endpoint the user enters
// (OpenAI, Azure-style proxies, Ollama, vLLM, LM Studio, …), streamed over SSE. The key
// stays in this tab's memory; nothing is sent anywhere else.

/** The prompt: numbered sources, then the question; the model must cite them as [n]. */
export function buildMessages(question, sources) {
  const numbered = sources
    .map((s, i) => `[${i + 1}] ${s.title ?? s.id}${s.url ? ` (${s.url})` : s.path ? ` (${s.path})` : ""}\n${s.content}`)
    .join("\n\n");
  return [
    {
      role: "system",
      content:
        "Answer the question using only the numbered sources below. After every sentence, cite the sources " +
        "it relies on as [n]. If the sources do not contain the answer, say so. Be brief.",
    },
    { role: "user", content: `Sources:\n\n${numbered}\n\nQuestion: ${question}` },
  ];
}

/**
 * Streams an answer: calls `onDelta(text)` for each piece as it arrives and resolves to
 * the whole answer. Works with servers that stream (text/event-stream) and ones that
 * answer in one JSON body.
 */
export async function streamAnswer({ baseUrl, apiKey, model }, question, sources, onDelta, signal) {
  const url = `${baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const res = await fetch(url, {
    method: "POST",
    signal,
    headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: JSON.stringify({ model, stream: true, temperature: 0, messages: buildMessages(question, sources) }),
  });
  if (!res.ok) {
    const detail = (await res.text().catch(() => "")).slice(0, 300);
    throw new Error(`${url} answered ${res.status} ${res.statusText}${detail ? `: ${detail}` : ""}`);
  }
  if (!(res.headers.get("content-type") ?? "").includes("text/event-stream")) {
    const body = await res.json();
    const text = body?.choices?.[0]?.message?.content ?? "";
    onDelta(text);
    return text;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let answer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let nl;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line.startsWith("data:")) continue;
      const data = line.slice(5).trim();
      if (data === "[DONE]") return answer;
      let delta = "";
      try {
        delta = JSON.parse(data)?.choices?.[0]?.delta?.content ?? "";
      } catch {
        continue;
      }
      if (delta) {
        answer += delta;
        onDelta(delta);
      }
    }
  }
  return answer;
}
