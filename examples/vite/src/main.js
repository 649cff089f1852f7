// groundcheck in a Vite app: Vite resolves "groundcheck" through the package's exports and
// emits groundcheck_bg.wasm as an asset (the glue loads it with
// `new URL("groundcheck_bg.wasm", import.meta.url)`), so no plugin and no config are needed.
import init, { Validator } from "groundcheck";
import "groundcheck/badge";
import { highlight } from "groundcheck/highlight";

await init();
const question = "When was the Eiffel Tower built, and how tall is it?";
const answer = "The Eiffel Tower was built from 1887 to 1889 [1]. It is 330 metres tall [2]. It was designed by Gustave Eiffel himself [3].";
const sources = [
  { id: "wiki", title: "Eiffel Tower", content: "The tower was constructed from 1887 to 1889 for the World's Fair." },
  { id: "facts", title: "Key figures", content: "The Eiffel Tower is 330 metres tall." },
];
const report = new Validator().check({ question, answer, sources });
document.querySelector("confidence-badge").report = report;
document.getElementById("decision").textContent = `${report.decision}: ${report.warnings.length} finding(s)`;
highlight(document.getElementById("answer"), answer, report);
document.body.dataset.ready = "true";
