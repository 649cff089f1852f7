// Built-in sample documents and answers: the demo works with no keys and no network.
// Each answer shows something different: a grounded one, one with a claim the sources do
// not support, one with a misquote, a phantom document and a citation past the sources,
// and a correct refusal (the sources do not say), which is not a false answer.

export const SAMPLE_SOURCES = [
  {
    id: "eiffel-history",
    title: "Eiffel Tower: history",
    url: "https://example.org/eiffel/history",
    score: 0.91,
    content:
      "The Eiffel Tower was built from 1887 to 1889 as the entrance arch to the 1889 World's Fair in Paris. " +
      "It was designed by the engineering company of Gustave Eiffel; the main designers were the engineers " +
      "Maurice Koechlin and Émile Nouguier, and the architect Stephen Sauvestre.",
  },
  {
    id: "eiffel-facts",
    title: "Eiffel Tower: key figures",
    url: "https://example.org/eiffel/facts",
    score: 0.88,
    content:
      "The tower is 330 metres tall. It was the tallest man-made structure in the world until the Chrysler " +
      "Building in New York was finished in 1930. About 7 million people visit it every year, which makes it " +
      "one of the most visited paid monuments in the world.",
  },
  {
    id: "eiffel-visit",
    title: "Visiting the tower",
    path: "guides/visiting.md",
    score: 0.84,
    content:
      "Tickets can be bought online or at the tower. The top floor is 276 metres above the ground and can only " +
      "be reached by lift. Lifts leave from the east and west pillars; the stairs go up to the second floor.",
  },
];

export const SAMPLES = [
  {
    id: "grounded",
    question: "When was the Eiffel Tower built, and who designed it?",
    answer:
      "The Eiffel Tower was built from 1887 to 1889 as the entrance arch to the 1889 World's Fair [1]. " +
      "Its main designers were the engineers Maurice Koechlin and Émile Nouguier of Gustave Eiffel's company [1].",
    sources: SAMPLE_SOURCES,
  },
  {
    id: "unsupported",
    question: "How tall is the Eiffel Tower, and how many people visit it?",
    answer:
      "The Eiffel Tower is 330 metres tall [2]. About 7 million people visit it every year [2]. " +
      "It was repainted in gold for the 2024 Olympic Games [2].",
    sources: SAMPLE_SOURCES,
  },
  {
    id: "misquoted",
    question: "Can I take a lift to the top of the Eiffel Tower?",
    answer:
      "Yes. The top floor is 276 metres above the ground and can only be reached by lift [3]. " +
      'The guide says "lifts leave every five minutes from the north pillar" [3]. ' +
      "Opening hours are listed in visitor-handbook.pdf [4].",
    sources: SAMPLE_SOURCES,
  },
  {
    id: "refusal",
    question: "How much does a ticket to the top of the Eiffel Tower cost?",
    answer: "The provided sources do not mention what a ticket to the top costs.",
    sources: SAMPLE_SOURCES,
  },
];

const words = (s) => new Set(s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
const STOP = new Set(["the", "a", "an", "and", "is", "it", "of", "to", "how", "what", "when", "who", "i", "can", "does", "do", "was", "in"]);

/** The sample whose question best matches `question`, or null when none is close. */
export function findSample(question) {
  const q = [...words(question)].filter((w) => !STOP.has(w));
  if (q.length === 0) return null;
  let best = null;
  let bestScore = 0;
  for (const s of SAMPLES) {
    const sw = words(s.question);
    const score = q.filter((w) => sw.has(w)).length / q.length;
    if (score > bestScore) [best, bestScore] = [s, score];
  }
  return bestScore >= 0.5 ? best : null;
}
