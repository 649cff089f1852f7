//! Reading JSON data into the library's structs strictly.
//!
//! serde's derived structs also accept a sequence of their fields in order, so
//! `{ config: [0.5] }` would set the threshold to 0.5 and `sources: [["a", "text"]]` would
//! make a source. Input arrives from strangers: a struct must be written as an object.
//! [`Strict`] wraps a `serde_json::Value` and refuses an array wherever a struct is
//! expected, at any depth; everything else reads as `serde_json::Value` reads.

use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde::forward_to_deserialize_any;
use serde_json::{Map, Value};

/// A JSON value read with structs as objects only.
pub struct Strict(pub Value);

impl<'de> IntoDeserializer<'de, serde_json::Error> for Strict {
    type Deserializer = Strict;
    fn into_deserializer(self) -> Strict {
        self
    }
}

impl<'de> de::Deserializer<'de> for Strict {
    type Error = serde_json::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Array(items) => visitor.visit_seq(Seq {
                items: items.into_iter(),
            }),
            Value::Object(map) => visitor.visit_map(obj(map)),
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
        match self.0 {
            Value::Object(map) => visitor.visit_map(obj(map)),
            other => Err(de::Error::invalid_type(
                unexpected(&other),
                &"an object (fields by name)",
            )),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            other => visitor.visit_some(Strict(other)),
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
        match self.0 {
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
fn visit_leaf<'de, V: Visitor<'de>>(v: Value, visitor: V) -> Result<V::Value, serde_json::Error> {
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

fn obj(map: Map<String, Value>) -> Obj {
    Obj {
        entries: map.into_iter(),
        value: None,
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

struct Seq {
    items: std::vec::IntoIter<Value>,
}

impl<'de> SeqAccess<'de> for Seq {
    type Error = serde_json::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Self::Error> {
        self.items
            .next()
            .map(|v| seed.deserialize(Strict(v)))
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct Obj {
    entries: <Map<String, Value> as IntoIterator>::IntoIter,
    value: Option<Value>,
}

impl<'de> MapAccess<'de> for Obj {
    type Error = serde_json::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Self::Error> {
        match self.entries.next() {
            Some((k, v)) => {
                self.value = Some(v);
                seed.deserialize(Value::String(k)).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, Self::Error> {
        let v = self.value.take().unwrap_or(Value::Null);
        seed.deserialize(Strict(v))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

#[cfg(test)]
mod tests {
    use super::Strict;
    use crate::{CheckInput, Config, Limits, Source};
    use serde::Deserialize;
    use serde_json::json;

    #[test]
    fn structs_must_be_objects_at_any_depth() {
        assert!(Config::deserialize(Strict(json!([0.5]))).is_err());
        assert!(
            Config::deserialize(json!([0.5])).is_ok(),
            "plain serde_json takes a list"
        );
        let positional = json!({ "question": "q?", "answer": "a", "sources": [["a", "text"]] });
        let err = CheckInput::from_deserializer(Strict(positional), &Limits::default())
            .expect_err("a source written as a list");
        assert_eq!(err.field.as_deref(), Some("sources[0]"), "{err}");
        assert!(Source::deserialize(Strict(json!({ "id": 7, "content": "x" }))).is_ok());
    }

    #[test]
    fn everything_else_reads_as_serde_json_does() {
        let v = json!({ "question": "q?", "answer": "a [1]", "sources": [{ "id": "a", "content": "x", "score": 0.5, "startLine": 3, "extra": [1, { "k": null }] }], "critic": null });
        let strict = CheckInput::from_deserializer(Strict(v.clone()), &Limits::default()).unwrap();
        let plain = CheckInput::from_deserializer(v, &Limits::default()).unwrap();
        assert_eq!(strict, plain);
        assert_eq!(strict.sources[0].start_line, Some(3));
        let c = Config::deserialize(Strict(
            json!({ "threshold": 0.8, "citations": { "styles": ["numeric"] } }),
        ))
        .unwrap();
        assert_eq!(c.threshold, 0.8);
    }
}
