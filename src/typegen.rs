//! The TypeScript declarations and the Worker's MCP tool schemas, generated from the Rust
//! types (tests only: the types derive `schemars::JsonSchema` under `cfg(test)`).
//!
//! Every data type that crosses the boundary derives a JSON Schema that follows its serde
//! attributes (camelCase names, `default`, `skip_serializing_if`, enums as strings). Two
//! contracts are read: what the module accepts (the config, the input, sources, scopes: a
//! field with a default is optional, `field?:`) and what it returns (the report, the
//! answer result, events: every field is present, `None` is `null`). From those:
//!
//! - `src/wasm/generated.d.ts`: one TypeScript declaration per type, which
//!   `src/wasm/types.rs` puts into the package's `.d.ts` (`typescript_custom_section`);
//! - `worker/src/schemas.js`: the input schemas (JSON Schema 2020-12) of the Worker's MCP
//!   tools.
//!
//! The test fails when either file differs from what the types give; run it with
//! `UPDATE_TYPES=1` (`UPDATE_TYPES=1 cargo test typegen`) to rewrite them.
// The wasm32 test build compiles the derives (so the attributes that name this module
// resolve) but runs neither test.
#![cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;

use schemars::generate::{Contract, SchemaSettings};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde_json::{json, Map, Value};

use crate::text::SegmentKind;

/// A source id (or chunk id, page, …) as the caller may give it: a string or a number
/// (kept as text).
pub(crate) struct IdOrNumber;

impl JsonSchema for IdOrNumber {
    fn schema_name() -> Cow<'static, str> {
        "IdOrNumber".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": ["string", "number"] })
    }
}

/// A value a scope's condition may require: a string, number or boolean, or an array of
/// them (any of which may match).
pub(crate) struct ScopeValue;

impl JsonSchema for ScopeValue {
    fn schema_name() -> Cow<'static, str> {
        "ScopeValue".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "anyOf": [
                { "type": ["string", "number", "boolean"] },
                { "type": "array", "items": { "type": ["string", "number", "boolean"] } }
            ]
        })
    }
}

/// User patterns (de)serialize as a list of regular expressions.
impl JsonSchema for crate::patterns::Patterns {
    fn schema_name() -> Cow<'static, str> {
        "Patterns".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        <Vec<String>>::json_schema(generator)
    }
}

/// The names `StreamSegment.kind` serializes, read from the serializer itself.
impl JsonSchema for SegmentKind {
    fn schema_name() -> Cow<'static, str> {
        "SegmentKind".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        // An exhaustive match: a new kind must be listed here.
        let all = |k: SegmentKind| match k {
            SegmentKind::Sentence
            | SegmentKind::ListItem
            | SegmentKind::Heading
            | SegmentKind::CodeBlock
            | SegmentKind::TableRow => k,
        };
        let names: Vec<Value> = [
            SegmentKind::Sentence,
            SegmentKind::ListItem,
            SegmentKind::Heading,
            SegmentKind::CodeBlock,
            SegmentKind::TableRow,
        ]
        .into_iter()
        .map(|k| {
            let segment = crate::stream::StreamSegment {
                index: 0,
                text: String::new(),
                span: crate::text::Span::new(0, 0),
                kind: all(k),
            };
            serde_json::to_value(segment).map_or(Value::Null, |v| v["kind"].clone())
        })
        .collect();
        json_schema!({
            "type": "string",
            "description": "What kind of block a segment of a streamed answer comes from.",
            "enum": names,
        })
    }
}

/// Fields the binding adds to a core type's object (src/wasm/timings.rs): type, field,
/// TypeScript type, description. They are optional and declared with the type.
const BINDING_FIELDS: &[(&str, &str, &str, &str)] = &[
    (
        "Report",
        "timings",
        "StageTimings",
        "Present only with `trace: { timings: true }` (validate()).",
    ),
    (
        "Attempt",
        "timings",
        "StageTimings",
        "Present only with `trace: { timings: true }`.",
    ),
    (
        "AnswerResult",
        "timings",
        "StageTimings",
        "Present only with `trace: { timings: true }`.",
    ),
];

/// Type names as JavaScript sees them, where they differ from Rust's.
const RENAMES: &[(&str, &str)] = &[("Event", "GroundcheckEvent")];

fn generator(contract: Contract, inline: bool) -> SchemaGenerator {
    let mut settings = SchemaSettings::draft2020_12();
    settings.contract = contract;
    settings.inline_subschemas = inline;
    settings.into_generator()
}

/// The named schemas of what the module accepts and of what it returns, merged: a type
/// that is both keeps its input form (optional fields, ids as string or number), except
/// an enum, whose output form lists every value (`CitationStyle` `pattern` is only
/// returned).
fn definitions() -> BTreeMap<String, Value> {
    let mut input = generator(Contract::Deserialize, false);
    input.subschema_for::<crate::config::Config>();
    input.subschema_for::<crate::input::CheckInput>();
    input.subschema_for::<crate::answer_loop::AnswerInput>();
    input.subschema_for::<crate::scope::Scope>();

    let mut output = generator(Contract::Serialize, false);
    output.subschema_for::<crate::report::Report>();
    output.subschema_for::<crate::answer_loop::AnswerResult>();
    output.subschema_for::<crate::cache::CachePolicy>();
    output.subschema_for::<crate::cache::CacheStats>();
    output.subschema_for::<crate::stream::StreamEvent>();
    output.subschema_for::<crate::events::Event>();
    output.subschema_for::<crate::events::Counters>();
    output.subschema_for::<crate::decision::ParsedDecision>();
    output.subschema_for::<crate::evidence::SnippetMatch>();
    output.subschema_for::<crate::model::Purpose>();

    let mut defs: BTreeMap<String, Value> = output
        .definitions()
        .clone()
        .into_iter()
        .map(|(name, mut schema)| {
            never_null_when_skipped(&mut schema);
            (name, schema)
        })
        .collect();
    for (name, schema) in input.definitions().clone() {
        let is_enum = schema.get("enum").is_some() || schema.get("oneOf").is_some();
        if !(is_enum && defs.contains_key(&name)) {
            defs.insert(name, schema);
        }
    }
    let renamed = |name: &str| {
        RENAMES
            .iter()
            .find(|(from, _)| *from == name)
            .map_or(name.to_string(), |(_, to)| (*to).to_string())
    };
    defs.into_iter()
        .map(|(name, mut schema)| {
            rename_refs(&mut schema, &renamed);
            (renamed(&name), schema)
        })
        .collect()
}

/// In what the module returns, a field that may be left out is an `Option` skipped when
/// `None` (`skip_serializing_if = "Option::is_none"`, the crate's only use): it is
/// absent or set, never `null`.
fn never_null_when_skipped(schema: &mut Value) {
    let Some(o) = schema.as_object_mut() else {
        return;
    };
    let required: Vec<Value> = o
        .get("required")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let Some(Value::Object(props)) = o.get_mut("properties") else {
        return;
    };
    for (name, prop) in props.iter_mut() {
        if required.contains(&Value::String(name.clone())) {
            continue;
        }
        let Some(p) = prop.as_object_mut() else {
            continue;
        };
        if let Some(Value::Array(types)) = p.get_mut("type") {
            types.retain(|t| t != "null");
            if types.len() == 1 {
                let only = types[0].clone();
                p.insert("type".into(), only);
            }
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(Value::Array(alts)) = p.get_mut(key) {
                alts.retain(|a| a.get("type") != Some(&json!("null")));
            }
        }
    }
}

fn rename_refs(schema: &mut Value, renamed: &dyn Fn(&str) -> String) {
    match schema {
        Value::Object(o) => {
            for (k, v) in o.iter_mut() {
                if k == "$ref" {
                    if let Some(name) = v.as_str().and_then(|r| r.strip_prefix("#/$defs/")) {
                        *v = Value::String(format!("#/$defs/{}", renamed(name)));
                    }
                } else {
                    rename_refs(v, renamed);
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|v| rename_refs(v, renamed)),
        _ => {}
    }
}

/// A JSDoc comment at `indent`, or nothing.
fn doc(out: &mut String, indent: &str, schema: &Value) {
    let Some(text) = schema.get("description").and_then(Value::as_str) else {
        return;
    };
    // Rustdoc links ([`name`]) read as code in TypeScript.
    let text = text
        .replace("*/", "*\\/")
        .replace("[`", "`")
        .replace("`]", "`");
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() == 1 {
        let _ = writeln!(out, "{indent}/** {} */", lines[0]);
    } else {
        let _ = writeln!(out, "{indent}/**");
        for line in lines {
            let _ = writeln!(
                out,
                "{indent} *{}{line}",
                if line.is_empty() { "" } else { " " }
            );
        }
        let _ = writeln!(out, "{indent} */");
    }
}

fn union(parts: Vec<String>) -> String {
    let mut seen: Vec<String> = Vec::new();
    for p in parts {
        if !seen.contains(&p) {
            seen.push(p);
        }
    }
    seen.join(" | ")
}

fn property_name(name: &str) -> String {
    let ident = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        && !name.starts_with(|c: char| c.is_ascii_digit());
    if ident {
        name.to_string()
    } else {
        Value::String(name.to_string()).to_string()
    }
}

/// The members of an object schema, one per line at `indent`, with the fields the binding
/// adds to `name`.
fn members(out: &mut String, indent: &str, o: &Map<String, Value>, name: Option<&str>) {
    let required: Vec<&str> = o
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if let Some(Value::Object(props)) = o.get("properties") {
        // A tag (`type: "decision"`) first, then the fields by name.
        let (tags, fields): (Vec<_>, Vec<_>) =
            props.iter().partition(|(_, p)| p.get("const").is_some());
        for (key, schema) in tags.into_iter().chain(fields) {
            doc(out, indent, schema);
            let optional = if required.contains(&key.as_str()) {
                ""
            } else {
                "?"
            };
            let ty = ts(schema, indent);
            let _ = writeln!(out, "{indent}{}{optional}: {ty};", property_name(key));
        }
    }
    for (owner, field, ty, description) in BINDING_FIELDS {
        if Some(*owner) == name {
            let _ = writeln!(out, "{indent}/** {description} */");
            let _ = writeln!(out, "{indent}{field}?: {ty};");
        }
    }
}

/// The TypeScript type of a schema; objects are written over several lines at `indent`.
fn ts(schema: &Value, indent: &str) -> String {
    let o = match schema {
        Value::Bool(true) => return "unknown".into(),
        Value::Bool(false) => return "never".into(),
        Value::Object(o) => o,
        _ => return "unknown".into(),
    };
    if let Some(r) = o.get("$ref").and_then(Value::as_str) {
        return r.rsplit('/').next().unwrap_or(r).to_string();
    }
    if let Some(c) = o.get("const") {
        return c.to_string();
    }
    if let Some(Value::Array(values)) = o.get("enum") {
        return union(values.iter().map(Value::to_string).collect());
    }
    if let Some(Value::Array(alts)) = o.get("anyOf").or_else(|| o.get("oneOf")) {
        return union(alts.iter().map(|a| ts(a, indent)).collect());
    }
    match o.get("type") {
        Some(Value::String(t)) => primitive(t, o, indent),
        Some(Value::Array(types)) => union(
            types
                .iter()
                .filter_map(Value::as_str)
                .map(|t| primitive(t, o, indent))
                .collect(),
        ),
        _ => "unknown".into(),
    }
}

fn primitive(t: &str, o: &Map<String, Value>, indent: &str) -> String {
    match t {
        "null" => "null".into(),
        "string" => "string".into(),
        "number" | "integer" => "number".into(),
        "boolean" => "boolean".into(),
        "array" => {
            let item = ts(o.get("items").unwrap_or(&Value::Bool(true)), indent);
            let (min, max) = (o.get("minItems"), o.get("maxItems"));
            if let (Some(n), true) = (min.and_then(Value::as_u64), min == max) {
                return format!("[{}]", vec![item; n as usize].join(", "));
            }
            if item.contains(' ') {
                format!("({item})[]")
            } else {
                format!("{item}[]")
            }
        }
        "object" => match o.get("properties") {
            Some(Value::Object(p)) if !p.is_empty() => {
                let inner = format!("{indent}  ");
                let mut out = String::from("{\n");
                members(&mut out, &inner, o, None);
                format!("{out}{indent}}}")
            }
            _ => match o.get("additionalProperties") {
                Some(Value::Object(_)) => {
                    format!("Record<string, {}>", ts(&o["additionalProperties"], indent))
                }
                _ => "Record<string, unknown>".into(),
            },
        },
        _ => "unknown".into(),
    }
}

/// `src/wasm/generated.d.ts`.
fn typescript() -> String {
    let mut out = String::from(
        "// Generated by src/typegen.rs from the Rust types: do not edit.\n\
         // `UPDATE_TYPES=1 cargo test typegen` rewrites it; `cargo test` fails when it is stale.\n",
    );
    for (name, schema) in definitions() {
        out.push('\n');
        let o = schema.as_object().cloned().unwrap_or_default();
        let is_object = o.get("type") == Some(&json!("object")) && o.contains_key("properties");
        let alts = o
            .get("oneOf")
            .or_else(|| o.get("anyOf"))
            .and_then(Value::as_array);
        let literals = alts.filter(|a| a.iter().all(|v| v.get("const").is_some()));
        if let Some(values) = literals {
            // A string enum: one line (`type X = "a" | "b";`), the values' docs listed in
            // the type's.
            let mut text = o
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            for v in values {
                if let Some(d) = v.get("description").and_then(Value::as_str) {
                    let d = d.split_whitespace().collect::<Vec<_>>().join(" ");
                    let _ = write!(text, "\n- `{}`: {d}", v["const"]);
                }
            }
            doc(&mut out, "", &json!({ "description": text.trim_start() }));
            let _ = writeln!(out, "export type {name} = {};", ts(&schema, ""));
            continue;
        }
        doc(&mut out, "", &schema);
        if is_object {
            let _ = writeln!(out, "export interface {name} {{");
            members(&mut out, "  ", &o, Some(&name));
            out.push_str("}\n");
        } else if let Some(alts) = alts.filter(|a| a.iter().any(|v| v.get("description").is_some()))
        {
            let _ = writeln!(out, "export type {name} =");
            for alt in alts {
                doc(&mut out, "  ", alt);
                let _ = writeln!(out, "  | {}", ts(alt, "  "));
            }
            let end = out.trim_end().len();
            out.truncate(end);
            out.push_str(";\n");
        } else {
            let _ = writeln!(out, "export type {name} = {};", ts(&schema, ""));
        }
    }
    out
}

/// The input schema of a tool: `properties` (name, schema), all from the Rust types but
/// the plain strings, `required`, and no other argument.
fn tool(properties: Vec<(&str, Value)>, required: &[&str]) -> Value {
    let properties: Map<String, Value> = properties
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

fn property(schema: &Schema, name: &str) -> Value {
    schema
        .get("properties")
        .and_then(|p| p.get(name))
        .cloned()
        .unwrap_or(Value::Null)
}

/// `worker/src/schemas.js`: the input schemas of the MCP tools, every subschema inlined.
fn tool_schemas() -> String {
    let mut generator = generator(Contract::Deserialize, true);
    let mut check = generator.root_schema_for::<crate::input::CheckInput>();
    let sources = property(&check, "sources");
    let config = generator.subschema_for::<crate::config::Config>();
    if let Some(Value::Object(props)) = check.get_mut("properties") {
        let mut config = config.to_value();
        if let Value::Object(c) = &mut config {
            c.insert(
                "description".into(),
                json!("Validator config, e.g. { threshold: 0.8 } (see the README)."),
            );
        }
        props.insert("config".into(), config);
    }
    let mut check = check.to_value();
    if let Value::Object(o) = &mut check {
        o.remove("$schema");
        o.remove("title");
        o.remove("description");
    }
    let citations = generator.root_schema_for::<crate::citation::CitationOptions>();
    let snippet = generator.root_schema_for::<crate::evidence::SnippetOptions>();
    let text = |description: &str| json!({ "type": "string", "description": description });
    let tools = json!({
        "validate_answer": check,
        "check_citations": tool(
            vec![
                ("answer", text("The answer to read the markers of.")),
                ("sources", sources),
                ("styles", property(&citations, "styles")),
                ("indexBase", property(&citations, "indexBase")),
            ],
            &["answer"],
        ),
        "verify_snippet": tool(
            vec![
                ("snippet", json!({ "type": "string", "minLength": 1, "description": "The quoted text." })),
                ("content", text("The text it should appear in.")),
                ("threshold", property(&snippet, "threshold")),
                ("exactTokens", property(&snippet, "exactTokens")),
            ],
            &["snippet", "content"],
        ),
    });
    let mut tools = tools;
    drop_formats(&mut tools);
    let body = serde_json::to_string_pretty(&tools).unwrap_or_default();
    format!(
        "// Generated by src/typegen.rs from the Rust types: do not edit.\n\
         // `UPDATE_TYPES=1 cargo test typegen` rewrites it; `cargo test` fails when it is stale.\n\
         // The input schemas (JSON Schema 2020-12) of the MCP tools, by tool name.\n\
         export const TOOL_SCHEMAS = {body};\n"
    )
}

/// Removes schemars' `format` annotations (`uint32`, `double`): not formats JSON Schema
/// defines, and some tool-calling clients refuse unknown ones.
fn drop_formats(schema: &mut Value) {
    match schema {
        Value::Object(o) => {
            if o.get("format").is_some_and(Value::is_string) {
                o.remove("format");
            }
            o.values_mut().for_each(drop_formats);
        }
        Value::Array(a) => a.iter_mut().for_each(drop_formats),
        _ => {}
    }
}

/// Compares `path` (from the crate root) with `expected`; rewrites it under
/// `UPDATE_TYPES=1`. (A test: the I/O clippy.toml keeps out of the core.)
#[allow(clippy::disallowed_methods)]
#[cfg(not(target_arch = "wasm32"))]
fn compare(path: &str, expected: &str) {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let actual = std::fs::read_to_string(&full).unwrap_or_default();
    if std::env::var_os("UPDATE_TYPES").is_some_and(|v| v == "1") {
        if actual != expected {
            std::fs::write(&full, expected).expect("write the generated file");
        }
        return;
    }
    assert!(
        actual == expected,
        "{path} is not what the Rust types give: run `UPDATE_TYPES=1 cargo test typegen` and commit the result"
    );
}

// Native only: the wasm32 test build has no file system.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn typescript_declarations_are_generated_from_the_types() {
    compare("src/wasm/generated.d.ts", &typescript());
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn mcp_tool_schemas_are_generated_from_the_types() {
    compare("worker/src/schemas.js", &tool_schemas());
}
