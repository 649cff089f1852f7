//! The crate's layers (README "Layout"): every top-level module of `src/` has a layer, and
//! a module may use only modules of its own layer or of lower ones, with no cycle among
//! the top-level modules at all. This test reads `src/**/*.rs`, maps every `crate::x`
//! path of the non-test code (including `use crate::{x, y::z}` groups, `super::` from a
//! top-level file, and the root re-exports of `lib.rs`) to its top-level module, and fails
//! on an import that goes up or on any cycle.
#![cfg(not(target_arch = "wasm32"))]
// The test reads the sources: the no-I/O rule of clippy.toml is for the core.
#![allow(clippy::disallowed_methods)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first. A module not listed here fails the test: give it a layer.
#[rustfmt::skip]
const LAYERS: &[(&str, &[&str])] = &[
    ("leaves", &[
        "error", "strict", "text", "source", "warning", "input", "decision", "patterns",
        "scope", "model",
    ]),
    ("checks", &["context", "evidence", "claims", "citation"]),
    ("score", &["confidence", "gate", "verdict"]),
    ("report", &["report"]),
    ("orchestration", &["config", "validator", "judges", "cache", "answer_loop", "events"]),
    ("stream", &["stream"]),
    ("binding", &["wasm"]),
    // Test-only (`#[cfg(test)] mod typegen` in lib.rs): reads the data types of every
    // layer to write the TypeScript declarations and the MCP schemas; nothing uses it.
    ("generated types (tests)", &["typegen"]),
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without comments, string literals and `#[cfg(test)]` items.
fn code_of(text: &str) -> String {
    let mut out = String::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |e| e + 2);
        } else if rest.starts_with("#[cfg(test)]") {
            // Skip the attribute's item: up to its `;` or through its braced body.
            let mut j = i + "#[cfg(test)]".len();
            let mut depth = 0usize;
            while j < bytes.len() {
                match bytes[j] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            j += 1;
                            break;
                        }
                    }
                    b';' if depth == 0 => {
                        j += 1;
                        break;
                    }
                    _ => {}
                }
                j += 1;
            }
            i = j;
        } else if bytes[i] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i = j + 1;
        } else if rest.starts_with("'\"'") {
            i += 3;
        } else {
            let c = rest.chars().next().expect("not at the end");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The first path segment of every item a `crate::` (or, from a top-level file,
/// `super::`) path names, expanding `{...}` groups.
fn used_roots(code: &str, super_is_root: bool) -> Vec<String> {
    let mut roots = Vec::new();
    let mut prefixes = vec!["crate::"];
    if super_is_root {
        prefixes.push("super::");
    }
    for prefix in prefixes {
        let mut from = 0;
        while let Some(at) = code[from..].find(prefix) {
            let start = from + at;
            from = start + prefix.len();
            let before = code[..start].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = &code[from..];
            if let Some(group) = rest.strip_prefix('{') {
                // Top-level items of the group: split on commas outside nested braces.
                let mut depth = 0usize;
                let mut item = String::new();
                for c in group.chars() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            roots.push(first_segment(&item));
                            item.clear();
                            continue;
                        }
                        _ => {}
                    }
                    if depth == 0 {
                        item.push(c);
                    }
                }
                roots.push(first_segment(&item));
            } else {
                roots.push(first_segment(rest));
            }
        }
    }
    roots.retain(|r| !r.is_empty() && r != "self");
    roots
}

fn first_segment(path: &str) -> String {
    path.trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// `lib.rs`'s root re-exports: item name → the top-level module it comes from.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for stmt in code_of(lib).split(';') {
        let stmt = stmt.trim();
        let Some(rest) = stmt.strip_prefix("pub use ") else {
            continue;
        };
        let module = first_segment(rest);
        let items = match (rest.find('{'), rest.rfind('}')) {
            (Some(a), Some(b)) => rest[a + 1..b].to_string(),
            _ => rest.rsplit("::").next().unwrap_or_default().to_string(),
        };
        for item in items.split(',') {
            let name = item.rsplit(" as ").next().unwrap_or_default().trim();
            let name = name.rsplit("::").next().unwrap_or_default();
            if !name.is_empty() {
                map.insert(name.to_string(), module.clone());
            }
        }
    }
    map
}

/// Top-level module → the top-level modules its non-test code uses.
fn graph() -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs");
    let reexported = reexports(&lib);
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(&src).expect("under src/");
        let parts: Vec<_> = rel
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        if parts.len() == 1 && (parts[0] == "lib.rs" || parts[0] == "main.rs") {
            continue;
        }
        let module = parts[0].trim_end_matches(".rs").to_string();
        let top_level_file = parts.len() == 1 || parts[1] == "mod.rs";
        let code = code_of(&fs::read_to_string(&file).expect("a source file"));
        let uses = graph.entry(module.clone()).or_default();
        for root in used_roots(&code, top_level_file) {
            let target = reexported.get(&root).cloned().unwrap_or(root);
            if target != module {
                uses.entry(target)
                    .or_default()
                    .insert(rel.to_string_lossy().into_owned());
            }
        }
    }
    graph
}

#[test]
fn every_module_has_a_layer_and_imports_only_its_own_or_lower_ones() {
    let graph = graph();
    let mut problems = Vec::new();
    for (module, uses) in &graph {
        let Some(from) = layer_of(module) else {
            problems.push(format!(
                "src/{module}: no layer (add it to LAYERS and the README)"
            ));
            continue;
        };
        for (target, files) in uses {
            match layer_of(target) {
                None if graph.contains_key(target) => {}
                None => problems.push(format!("{module} uses crate::{target}, which is no module")),
                Some(to) if to > from => problems.push(format!(
                    "{module} ({}) imports {target} ({}), a higher layer, in {files:?}",
                    LAYERS[from].0, LAYERS[to].0
                )),
                Some(_) => {}
            }
        }
    }
    assert!(
        problems.is_empty(),
        "layering violations:\n{}",
        problems.join("\n")
    );
}

#[test]
fn no_cycle_between_top_level_modules() {
    let graph = graph();
    // Depth-first search; a back edge is a cycle, printed with its path.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
        cycles: &mut Vec<String>,
    ) {
        state.insert(node.to_string(), 1);
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flat_map(|u| u.keys()) {
            match state.get(next.as_str()) {
                Some(1) => {
                    let at = stack.iter().position(|m| m == next).unwrap_or(0);
                    cycles.push(format!("{} -> {next}", stack[at..].join(" -> ")));
                }
                Some(_) => {}
                None => visit(next, graph, state, stack, cycles),
            }
        }
        stack.pop();
        state.insert(node.to_string(), 2);
    }
    let mut state = BTreeMap::new();
    let mut cycles = Vec::new();
    for node in graph.keys() {
        if !state.contains_key(node.as_str()) {
            visit(node, &graph, &mut state, &mut Vec::new(), &mut cycles);
        }
    }
    assert!(
        cycles.is_empty(),
        "cycles between top-level modules:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn the_reader_sees_grouped_and_rooted_paths() {
    let code = code_of(
        "use crate::{a::B, c, d::{e, f}};\n// crate::comment\nfn g() { crate::h::i(); let s = \"crate::str\"; }\n#[cfg(test)]\nmod tests { use crate::t; }\n",
    );
    assert_eq!(used_roots(&code, false), ["a", "c", "d", "h"]);
    assert_eq!(used_roots("use super::x::Y;", true), ["x"]);
    assert!(used_roots("use super::x::Y;", false).is_empty());
    let map = reexports("pub use a::{B, C as D};\npub use e::F;\n");
    assert_eq!(map.get("D").map(String::as_str), Some("a"));
    assert_eq!(map.get("F").map(String::as_str), Some("e"));
}
