//! Reading JSON data into the library's structs strictly, naming the field at fault.
//!
//! serde's derived structs also accept a sequence of their fields in order, so
//! `{ config: [0.5] }` would set the threshold to 0.5 and `sources: [["a", "text"]]` would
//! make a source. Input arrives from strangers: a struct must be written as an object.
//! [`Strict`] wraps a `serde_json::Value` and refuses an array wherever a struct is
//! expected, at any depth; everything else reads as `serde_json::Value` reads.
//!
//! It also keeps the path of the value being read (`sources[2].content`) and records
//! where an error happened, as `serde_path_to_error` did from outside: the error's path
//! is the deepest value whose reading failed (a missing field is reported on the object
//! that lacks it, an unknown key on the key itself). Keeping the path here, in the one
//! deserializer the library reads with, costs a few hundred bytes of wasm instead of a
//! second, wrapped copy of every struct's deserializer.

use std::cell::RefCell;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};
use serde::forward_to_deserialize_any;
use serde_json::{Map, Value};

use crate::error::{Error, ErrorCode};

/// Reads `value` as a `T`, strictly (see the module documentation), naming the field at
/// fault under `root` in the error (`root` empty: fields are named from the top).
///
/// # Errors
/// `MISSING_FIELD`, `UNKNOWN_FIELD`, `INVALID_TYPE` or `INVALID_VALUE` naming the field,
/// with the message in plain words (see [`Error::from_deserialize`]).
pub fn read<T: DeserializeOwned>(value: Value, root: &str) -> crate::Result<T> {
    let track = Track::default();
    T::deserialize(Strict {
        value,
        track: &track,
    })
    .map_err(|e| Error::from_read(e.code, &track.failed_at(), &e.message, root))
}

/// A failure while reading, with its code taken from the serde method that made it (a
/// missing field, an unknown field, a value of the wrong type; anything else is a bad
/// value), never from its text. The text is serde_json's, word for word.
#[derive(Debug)]
pub struct ReadError {
    code: ErrorCode,
    message: String,
}

impl ReadError {
    fn new(code: ErrorCode, message: serde_json::Error) -> Self {
        ReadError {
            code,
            message: message.to_string(),
        }
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReadError {}

impl de::Error for ReadError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        ReadError::new(ErrorCode::InvalidValue, serde_json::Error::custom(msg))
    }

    fn invalid_type(unexp: de::Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        ReadError::new(
            ErrorCode::InvalidType,
            serde_json::Error::invalid_type(unexp, exp),
        )
    }

    fn invalid_value(unexp: de::Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        ReadError::new(
            ErrorCode::InvalidValue,
            serde_json::Error::invalid_value(unexp, exp),
        )
    }

    fn invalid_length(len: usize, exp: &dyn de::Expected) -> Self {
        ReadError::new(
            ErrorCode::InvalidValue,
            serde_json::Error::invalid_length(len, exp),
        )
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        ReadError::new(
            ErrorCode::InvalidValue,
            serde_json::Error::unknown_variant(variant, expected),
        )
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        ReadError::new(
            ErrorCode::UnknownField,
            serde_json::Error::unknown_field(field, expected),
        )
    }

    fn missing_field(field: &'static str) -> Self {
        ReadError::new(
            ErrorCode::MissingField,
            serde_json::Error::missing_field(field),
        )
    }

    fn duplicate_field(field: &'static str) -> Self {
        ReadError::new(
            ErrorCode::InvalidValue,
            serde_json::Error::duplicate_field(field),
        )
    }
}

/// One step of a path.
enum Seg {
    Key(String),
    Index(usize),
}

/// The path being read, and where the first error was seen.
#[derive(Default)]
struct Track {
    path: RefCell<Vec<Seg>>,
    failed: RefCell<Option<String>>,
}

impl Track {
    /// Records the current path as the error's place, unless a deeper one came first.
    fn trigger(&self) {
        let mut failed = self.failed.borrow_mut();
        if failed.is_none() {
            let mut out = String::new();
            for seg in self.path.borrow().iter() {
                match seg {
                    Seg::Key(k) => {
                        if !out.is_empty() {
                            out.push('.');
                        }
                        out.push_str(k);
                    }
                    Seg::Index(i) => {
                        out.push('[');
                        out.push_str(&i.to_string());
                        out.push(']');
                    }
                }
            }
            *failed = Some(out);
        }
    }

    /// The path of the error ("" for the top).
    fn failed_at(&self) -> String {
        self.failed.borrow().clone().unwrap_or_default()
    }

    /// Puts `seg` on the path (of the value about to be read).
    #[inline(never)]
    fn enter(&self, seg: Seg) {
        self.path.borrow_mut().push(seg);
    }

    /// Takes the last step off the path, recording the error there first if the read
    /// `failed` (unless a deeper value recorded it first). Not generic, so each
    /// deserializer shares one copy.
    #[inline(never)]
    fn leave(&self, failed: bool) {
        if failed {
            self.trigger();
        }
        self.path.borrow_mut().pop();
    }
}

/// A JSON value read with structs as objects only, tracking its path.
pub struct Strict<'t> {
    value: Value,
    track: &'t Track,
}

impl<'de> IntoDeserializer<'de, ReadError> for Strict<'_> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de> de::Deserializer<'de> for Strict<'_> {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        let track = self.track;
        match self.value {
            Value::Array(items) => visitor.visit_seq(Seq {
                items: items.into_iter(),
                next: 0,
                track,
            }),
            Value::Object(map) => visitor.visit_map(obj(map, track)),
            leaf => visit_leaf(leaf, visitor),
        }
    }

    /// A struct is an object: an array is refused (and, so that the wasm does not carry
    /// a sequence reader for every struct, never handed to the struct's visitor).
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        match self.value {
            Value::Object(map) => visitor.visit_map(obj(map, self.track)),
            other => Err(de::Error::invalid_type(
                unexpected(&other),
                &"an object (fields by name)",
            )),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.value {
            Value::Null => visitor.visit_none(),
            other => visitor.visit_some(Strict {
                value: other,
                track: self.track,
            }),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_newtype_struct(self)
    }

    /// Enums are written as their variant's name (the library has no data-carrying
    /// enums in its input).
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        match self.value {
            Value::String(s) => visitor.visit_enum(s.into_deserializer()),
            other => Err(de::Error::invalid_type(unexpected(&other), &"a string")),
        }
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map identifier ignored_any
    }
}

/// Hands a leaf to the visitor by hand: going through `Value::deserialize_any` would
/// compile serde_json's own map and sequence access for every visitor (a second copy of
/// every struct's deserializer in the wasm).
fn visit_leaf<'de, V: Visitor<'de>>(v: Value, visitor: V) -> Result<V::Value, ReadError> {
    match v {
        Value::Null => visitor.visit_unit(),
        Value::Bool(b) => visitor.visit_bool(b),
        Value::String(s) => visitor.visit_string(s),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => visitor.visit_u64(u),
            (None, Some(i)) => visitor.visit_i64(i),
            (None, None) => visitor.visit_f64(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::Array(_) | Value::Object(_) => {
            Err(de::Error::invalid_type(unexpected(&v), &visitor))
        }
    }
}

fn obj(map: Map<String, Value>, track: &Track) -> Obj<'_> {
    Obj {
        entries: map.into_iter(),
        pending: None,
        track,
    }
}

fn unexpected(v: &Value) -> de::Unexpected<'_> {
    match v {
        Value::Null => de::Unexpected::Unit,
        Value::Bool(b) => de::Unexpected::Bool(*b),
        Value::Number(n) => n
            .as_f64()
            .map_or(de::Unexpected::Other("a number"), de::Unexpected::Float),
        Value::String(s) => de::Unexpected::Str(s),
        Value::Array(_) => de::Unexpected::Seq,
        Value::Object(_) => de::Unexpected::Map,
    }
}

struct Seq<'t> {
    items: std::vec::IntoIter<Value>,
    next: usize,
    track: &'t Track,
}

impl<'de> SeqAccess<'de> for Seq<'_> {
    type Error = ReadError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Self::Error> {
        let Some(value) = self.items.next() else {
            return Ok(None);
        };
        let (track, index) = (self.track, self.next);
        self.next += 1;
        track.enter(Seg::Index(index));
        let out = seed.deserialize(Strict { value, track });
        track.leave(out.is_err());
        out.map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct Obj<'t> {
    entries: <Map<String, Value> as IntoIterator>::IntoIter,
    /// The key just read and its value, for `next_value_seed`.
    pending: Option<(String, Value)>,
    track: &'t Track,
}

impl<'de> MapAccess<'de> for Obj<'_> {
    type Error = ReadError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Self::Error> {
        let Some((key, value)) = self.entries.next() else {
            return Ok(None);
        };
        let out = seed.deserialize(de::value::StrDeserializer::<ReadError>::new(&key));
        if out.is_err() {
            // An unknown key: the path names it.
            self.track.enter(Seg::Key(key));
            self.track.leave(true);
        } else {
            self.pending = Some((key, value));
        }
        out.map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, Self::Error> {
        let (key, value) = self
            .pending
            .take()
            .unwrap_or_else(|| (String::new(), Value::Null));
        let track = self.track;
        track.enter(Seg::Key(key));
        let out = seed.deserialize(Strict { value, track });
        track.leave(out.is_err());
        out
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

#[cfg(test)]
mod tests {
    use super::{read, Strict, Track};
    use crate::{CheckInput, Config, Limits, Source};
    use serde::de::DeserializeOwned;
    use serde::Deserialize;
    use serde_json::{json, Value};

    fn strict<T: DeserializeOwned>(value: Value) -> Result<T, super::ReadError> {
        T::deserialize(Strict {
            value,
            track: &Track::default(),
        })
    }

    #[test]
    fn structs_must_be_objects_at_any_depth() {
        assert!(strict::<Config>(json!([0.5])).is_err());
        assert!(
            Config::deserialize(json!([0.5])).is_ok(),
            "plain serde_json takes a list"
        );
        let positional = json!({ "question": "q?", "answer": "a", "sources": [["a", "text"]] });
        let err = CheckInput::from_json(positional, &Limits::default())
            .expect_err("a source written as a list");
        assert_eq!(err.field.as_deref(), Some("sources[0]"), "{err}");
        assert!(strict::<Source>(json!({ "id": 7, "content": "x" })).is_ok());
    }

    #[test]
    fn everything_else_reads_as_serde_json_does() {
        let v = json!({ "question": "q?", "answer": "a [1]", "sources": [{ "id": "a", "content": "x", "score": 0.5, "startLine": 3, "extra": [1, { "k": null }] }], "critic": null });
        let strict: CheckInput = read(v.clone(), "").unwrap();
        let plain = CheckInput::deserialize(v).unwrap();
        assert_eq!(strict, plain);
        assert_eq!(strict.sources[0].start_line, Some(3));
        let c: Config = read(
            json!({ "threshold": 0.8, "citations": { "styles": ["numeric"] } }),
            "config",
        )
        .unwrap();
        assert_eq!(c.threshold, 0.8);
    }

    /// The same errors as `serde_path_to_error` gave (a native dev-dependency).
    #[cfg(not(target_arch = "wasm32"))]
    mod against_serde_path_to_error {
        use super::super::{read, Strict, Track};
        use crate::error::Error;
        use crate::{CheckInput, Config};
        use serde::de::DeserializeOwned;
        use serde_json::{json, Value};

        /// The error as `serde_path_to_error` reported it around the same reader (what the
        /// library did before it kept the path itself). A native dev-dependency only.
        fn reference<T: DeserializeOwned>(value: Value, root: &str) -> Result<T, Error> {
            let track = Track::default();
            serde_path_to_error::deserialize(Strict {
                value,
                track: &track,
            })
            .map_err(|e| {
                Error::from_deserialize(&e.path().to_string(), &e.inner().to_string(), root)
            })
        }

        /// Every value of `v` with its path, the root first.
        fn paths(v: &Value) -> Vec<Vec<PathStep>> {
            let mut out = vec![vec![]];
            let mut stack = vec![(v, vec![])];
            while let Some((v, at)) = stack.pop() {
                let children: Vec<(PathStep, &Value)> = match v {
                    Value::Object(m) => m
                        .iter()
                        .map(|(k, c)| (PathStep::Key(k.clone()), c))
                        .collect(),
                    Value::Array(a) => a
                        .iter()
                        .enumerate()
                        .map(|(i, c)| (PathStep::Index(i), c))
                        .collect(),
                    _ => vec![],
                };
                for (step, child) in children {
                    let mut p: Vec<PathStep> = at.clone();
                    p.push(step);
                    out.push(p.clone());
                    stack.push((child, p));
                }
            }
            out
        }

        #[derive(Clone)]
        enum PathStep {
            Key(String),
            Index(usize),
        }

        fn at<'a>(v: &'a mut Value, path: &[PathStep]) -> &'a mut Value {
            path.iter().fold(v, |v, step| match step {
                PathStep::Key(k) => &mut v[k.as_str()],
                PathStep::Index(i) => &mut v[*i],
            })
        }

        /// Every value replaced by each of a set of wrong ones, every key removed, an unknown
        /// key added to every object: the same code, field and message as before.
        fn same_errors_as_before<T: DeserializeOwned + std::fmt::Debug + PartialEq>(
            valid: Value,
            root: &str,
        ) -> usize {
            let wrong = [
                json!(null),
                json!(42),
                json!(-3),
                json!(1.5),
                json!("x"),
                json!("default"),
                json!(true),
                json!([]),
                json!([1, "a"]),
                json!({}),
                json!({ "zz": 1 }),
                json!({ "id": "a", "content": "b" }),
            ];
            let mut cases = vec![valid.clone()];
            for path in paths(&valid) {
                for w in &wrong {
                    let mut v = valid.clone();
                    *at(&mut v, &path) = w.clone();
                    cases.push(v);
                }
                let mut v = valid.clone();
                let keys: Vec<String> = match at(&mut v, &path) {
                    Value::Object(m) => {
                        m.insert("treshold".into(), json!(1));
                        m.keys().cloned().collect()
                    }
                    _ => continue,
                };
                cases.push(v);
                {
                    for key in keys {
                        let mut w = valid.clone();
                        if let Value::Object(m) = at(&mut w, &path) {
                            m.remove(&key);
                        }
                        cases.push(w);
                    }
                }
            }
            for case in &cases {
                let got = read::<T>(case.clone(), root);
                let want = reference::<T>(case.clone(), root);
                assert_eq!(got, want, "{case}");
            }
            cases.len()
        }

        #[test]
        fn fields_and_messages_are_those_serde_path_to_error_gave() {
            let config = serde_json::to_value(Config::default()).unwrap();
            let n = same_errors_as_before::<Config>(config, "config");
            assert!(n > 1000, "{n} cases");
            let input = json!({
                "question": "q?", "answer": "a [1]",
                "sources": [
                    { "id": "a", "content": "x", "title": "T", "url": "u", "path": "p", "page": 3,
                      "section": "s", "startLine": 1, "endLine": 2, "score": 0.5, "checksum": "c",
                      "chunkId": 4, "document": "d", "metadata": { "k": [1, { "z": null }] } },
                    { "id": 2, "content": "y" }
                ],
                "checksums": { "a": "c" }, "critic": "FINAL"
            });
            same_errors_as_before::<CheckInput>(input.clone(), "");
            same_errors_as_before::<CheckInput>(input, "input");
            let snippet = serde_json::to_value(crate::evidence::SnippetOptions::default()).unwrap();
            same_errors_as_before::<crate::evidence::SnippetOptions>(snippet, "options");
            let scope =
                json!({ "name": "a", "where": { "page": [1, "x"], "metadata.lang": "en" } });
            same_errors_as_before::<Option<crate::scope::Scope>>(scope, "input.scope");
        }
    }
}
